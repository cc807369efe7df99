import fs from 'node:fs';
import path from 'node:path';
import { loadCliConfig } from './cli-config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { BUSINESS_TIME_ZONE } from '../../shared/time.ts';
import { LIST_SLUGS, parseListKey, type ListKey, type Supplier } from '../../shared/suppliers.ts';
import { SUPPLIER_CSV_COLUMNS } from '../suppliers/supplier-csv.ts';
import { importSupplierList, previewSupplierImport } from '../suppliers/supplier-import.ts';

/** `npm run suppliers:import -- [--list recarga] file.csv [--dry-run]`, all or nothing. Exit: 0 ok, 1 invalid or failed, 2 usage. */

const USAGE = `Usage: npm run suppliers:import -- [--list ${Object.values(LIST_SLUGS).join('|')}] <file.csv> [--dry-run]

Replaces a supplier list with the rows of <file.csv> (UTF-8, comma or semicolon separated);
the other list stays as it is.
--list     ${LIST_SLUGS.suppliers} (the default): the main list; ${LIST_SLUGS.recharge}: the order bump's list.
Header: ${SUPPLIER_CSV_COLUMNS.join(',')}
  nome, categoria        required
  whatsapp / telegram    at least one: BR number (DDD + number) / @user or https://t.me/...
  oferta, observacoes    optional text
--dry-run  check the file and show what would be imported, without writing anything.
Samples: samples/fornecedores-exemplo.csv, samples/fornecedores-recarga-exemplo.csv`;

const EXIT_OK = 0;
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

const out = (line = '') => process.stdout.write(`${line}\n`);
const fail = (line: string) => process.stderr.write(`${line}\n`);

function parseArgs(argv: string[]): { file: string; list: ListKey; dryRun: boolean } | { help: true } | { error: string } {
  let file: string | undefined;
  let list: ListKey = 'suppliers';
  let dryRun = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--list' || arg.startsWith('--list=')) {
      const name = arg === '--list' ? argv[++index] : arg.slice('--list='.length);
      const parsed = name === undefined ? undefined : parseListKey(name);
      if (!parsed)
        return { error: `--list takes ${Object.values(LIST_SLUGS).join(' or ')}${name === undefined ? '' : ` (got "${name}")`}` };
      list = parsed;
    } else if (arg.startsWith('-')) return { error: `unknown option ${arg}` };
    else if (file === undefined) file = arg;
    else return { error: `one file at a time (got "${file}" and "${arg}")` };
  }
  return file === undefined ? { error: 'no CSV file given' } : { file, list, dryRun };
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
    out(
      `Dry run: ${rows.length} suppliers in ${categories} categories would replace the list "${LIST_SLUGS[args.list]}". Nothing was written.`,
    );
    return EXIT_OK;
  }

  // Read only now: a dry run must work without touching (or even configuring) the database.
  const config = loadCliConfig();
  if (!config) return EXIT_USAGE;

  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const result = await importSupplierList(database.db, args.list, text, Date.now());
    // The file was checked above; the import checks it again with the same code and cannot differ.
    if (result.kind === 'invalid') return EXIT_INVALID;
    const { meta } = result;
    out(
      `Imported ${meta.count} suppliers in ${categories} categories into the list "${LIST_SLUGS[args.list]}" (${database.dialect}); updated at ${formatTime(meta.updatedAt)}.`,
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
