import fs from 'node:fs';
import path from 'node:path';
import { loadCliConfig } from './cli-config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { BUSINESS_TIME_ZONE } from '../../shared/time.ts';
import type { Supplier } from '../../shared/suppliers.ts';
import { SUPPLIER_CSV_COLUMNS } from '../suppliers/supplier-csv.ts';
import { importSupplierList, previewSupplierImport } from '../suppliers/supplier-import.ts';

/**
 * `npm run suppliers:import -- fornecedores.csv [--dry-run]`
 *
 * Replaces the supplier list buyers see with the rows of a CSV file, in the database the server
 * uses (DATA_DIR / DATABASE_URL). All or nothing: one invalid row and nothing is imported.
 * Exit codes: 0 imported (or valid, with --dry-run); 1 invalid data or the import failed;
 * 2 usage or configuration error.
 */

const USAGE = `Usage: npm run suppliers:import -- <file.csv> [--dry-run]

Replaces the supplier list with the rows of <file.csv> (UTF-8, comma or semicolon separated).
Header: ${SUPPLIER_CSV_COLUMNS.join(',')}
  nome, categoria        required
  whatsapp / telegram    at least one: BR number (DDD + number) / @user or https://t.me/...
  oferta, observacoes    optional text
--dry-run  check the file and show what would be imported, without writing anything.
Sample: samples/fornecedores-exemplo.csv`;

const EXIT_OK = 0;
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

const out = (line = '') => process.stdout.write(`${line}\n`);
const fail = (line: string) => process.stderr.write(`${line}\n`);

function parseArgs(argv: string[]): { file: string; dryRun: boolean } | { help: true } | { error: string } {
  let file: string | undefined;
  let dryRun = false;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--dry-run') dryRun = true;
    else if (arg.startsWith('-')) return { error: `unknown option ${arg}` };
    else if (file === undefined) file = arg;
    else return { error: `one file at a time (got "${file}" and "${arg}")` };
  }
  return file === undefined ? { error: 'no CSV file given' } : { file, dryRun };
}

function formatTime(at: number): string {
  const local = new Intl.DateTimeFormat('pt-BR', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
  return `${local.format(at)} (${BUSINESS_TIME_ZONE})`;
}

function describeRow(row: Supplier): string {
  const contacts = [row.whatsapp && `whatsapp ${row.whatsapp}`, row.telegram && `telegram ${row.telegram}`].filter(Boolean);
  return `${row.name}${row.offer ? ` — ${row.offer}` : ''} (${contacts.join(', ')})`;
}

function summarize(rows: readonly Supplier[]): void {
  const byCategory = new Map<string, Supplier[]>();
  for (const row of rows) byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);
  for (const [category, members] of byCategory) {
    out(`${category} (${members.length})`);
    for (const row of members) out(`  ${describeRow(row)}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if ('help' in args) {
    out(USAGE);
    return EXIT_OK;
  }
  if ('error' in args) {
    fail(`Error: ${args.error}\n\n${USAGE}`);
    return EXIT_USAGE;
  }

  let text: string;
  try {
    text = fs.readFileSync(path.resolve(args.file), 'utf8');
  } catch (error) {
    fail(`Error: cannot read ${args.file}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_USAGE;
  }

  const { rows, errors, categories: categoryCounts } = previewSupplierImport(text);
  if (errors.length > 0) {
    fail(`${args.file}: ${errors.length} problem(s); nothing was imported.`);
    for (const error of errors) fail(`  line ${error.line}: ${error.message}`);
    return EXIT_INVALID;
  }

  const categories = categoryCounts.length;
  if (args.dryRun) {
    summarize(rows);
    out();
    out(`Dry run: ${rows.length} suppliers in ${categories} categories would replace the current list. Nothing was written.`);
    return EXIT_OK;
  }

  // Read only now: a dry run must work without touching (or even configuring) the database.
  const config = loadCliConfig();
  if (!config) return EXIT_USAGE;

  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const result = await importSupplierList(database.db, text, Date.now());
    // The file was checked above; the import checks it again with the same code and cannot differ.
    if (result.kind === 'invalid') return EXIT_INVALID;
    const { meta } = result;
    out(
      `Imported ${meta.count} suppliers in ${categories} categories into ${database.dialect}; list updated at ${formatTime(meta.updatedAt)}.`,
    );
    return EXIT_OK;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    fail(`Import failed, the previous list is unchanged: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = EXIT_INVALID;
  },
);
