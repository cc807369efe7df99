import type { Kysely } from 'kysely';
import type { Database, SuppliersTable } from '../db/schema.ts';
import type { SupplierListInfo } from '../../shared/admin.ts';
import type { ListKey, Supplier } from '../../shared/suppliers.ts';
import { neutraliseCell, restoreNeutralisedCell } from '../lib/spreadsheet-cell.ts';
import { parseSupplierCsv, SUPPLIER_CSV_COLUMNS, type SupplierCsvError } from './supplier-csv.ts';
import { replaceSupplierList, type SupplierListMeta } from './suppliers-repository.ts';
import { getSupplierListMeta, listSuppliers } from './supplier-lists.ts';

/** Shared by the CLI and the console, so both accept the same files; the export lives here, so it reads back unchanged. */

export interface SupplierImportPreview {
  rows: Supplier[];
  errors: SupplierCsvError[];
  categories: Array<{ name: string; count: number }>;
}

/** A list exported from the console comes back as it was: the export's formula guard is undone. */
function restoreExportedRow(row: Supplier): Supplier {
  return {
    ...row,
    name: restoreNeutralisedCell(row.name),
    category: restoreNeutralisedCell(row.category),
    offer: restoreNeutralisedCell(row.offer),
    notes: row.notes === null ? null : restoreNeutralisedCell(row.notes),
  };
}

export function previewSupplierImport(text: string): SupplierImportPreview {
  const parsed = parseSupplierCsv(text);
  const { errors } = parsed;
  const rows = parsed.rows.map(restoreExportedRow);
  const byCategory = new Map<string, number>();
  for (const row of rows) byCategory.set(row.category, (byCategory.get(row.category) ?? 0) + 1);
  return { rows, errors, categories: [...byCategory].map(([name, count]) => ({ name, count })) };
}

export type SupplierImportResult =
  { kind: 'imported'; meta: SupplierListMeta; categories: number } | { kind: 'invalid'; errors: SupplierCsvError[] };

export async function importSupplierList(db: Kysely<Database>, list: ListKey, text: string, now: number): Promise<SupplierImportResult> {
  const preview = previewSupplierImport(text);
  if (preview.errors.length > 0) return { kind: 'invalid', errors: preview.errors };
  const meta = await replaceSupplierList(db, list, preview.rows, now);
  return { kind: 'imported', meta, categories: preview.categories.length };
}

function csvCell(value: string | null): string {
  const text = neutraliseCell(value ?? '');
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe, which the import takes off. */
function renderSupplierCsv(suppliers: readonly SuppliersTable[]): string {
  const lines = [SUPPLIER_CSV_COLUMNS.join(',')];
  for (const row of [...suppliers].sort((a, b) => a.position - b.position)) {
    lines.push([row.name, row.category, row.offer, row.whatsapp, row.telegram, row.notes].map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** The console's download of one list; its row count is what the console's audit keeps of it. */
export async function exportSupplierList(db: Kysely<Database>, list: ListKey): Promise<{ csv: string; rows: number }> {
  const suppliers = await listSuppliers(db, list);
  return { csv: renderSupplierCsv(suppliers), rows: suppliers.length };
}

export async function describeSupplierList(db: Kysely<Database>, list: ListKey): Promise<SupplierListInfo> {
  const meta = await getSupplierListMeta(db, list);
  return { count: meta?.count ?? 0, updatedAt: meta?.updatedAt ?? null, example: meta?.example ?? false };
}
