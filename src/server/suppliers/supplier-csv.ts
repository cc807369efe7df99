/** The supplier CSV (docs/operations.md#supplier-list): comma or semicolon from the header, RFC 4180 quotes. */

import type { Supplier } from '../../shared/suppliers.ts';
import { stripAccents } from '../../shared/text.ts';

export interface SupplierCsvError {
  line: number;
  message: string;
}

export interface SupplierCsvResult {
  /** The valid rows, in file order. Import them only when `errors` is empty. */
  rows: Supplier[];
  errors: SupplierCsvError[];
}

export const SUPPLIER_CSV_COLUMNS = ['nome', 'categoria', 'oferta', 'whatsapp', 'telegram', 'observacoes'] as const;
type Column = (typeof SUPPLIER_CSV_COLUMNS)[number];

export const MAX_SUPPLIER_ROWS = 5_000;
const MAX_LENGTH = { nome: 120, categoria: 60, oferta: 500, observacoes: 500 } as const;

interface RawRecord {
  line: number;
  fields: string[];
}

function readRecords(text: string, delimiter: string): { records: RawRecord[]; error?: SupplierCsvError } {
  const records: RawRecord[] = [];
  let fields: string[] = [];
  let field = '';
  // Tracked as it grows: trimming at each quote was quadratic in a field of spaces and quotes.
  let blank = true;
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;

  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    blank = true;
  };
  const append = (char: string) => {
    field += char;
    if (blank && char.trim() !== '') blank = false;
  };

  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          append('"');
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        append(char);
      }
      i += 1;
      continue;
    }
    if (char === '"' && blank) {
      // A quote opens a quoted field only at its start (spaces before it are tolerated and dropped).
      quoted = true;
      quoteLine = line;
      field = '';
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
      blank = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      append(char);
    }
    i += 1;
  }
  if (quoted) {
    return { records, error: { line: quoteLine, message: 'a quoted field is never closed (missing ")' } };
  }
  if (field !== '' || fields.length > 0) endRecord();
  return { records };
}

function detectDelimiter(text: string): string {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

function headerKey(name: string): string {
  return stripAccents(name.trim()).toLowerCase();
}

function clean(value: string | undefined): string {
  // Tabs and line breaks inside quotes become spaces: each field is shown on one line of the page.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  return (value ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** `(11) 98765-4321`, `+55 11 98765 4321` … → `5511987654321`; a message when it is not a BR number. */
export function normalizeWhatsapp(raw: string): { value: string } | { error: string } {
  if (/[^\d\s()+.\-/]/.test(raw)) return { error: `whatsapp "${raw}" must contain only digits (and + ( ) - . spaces)` };
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 13) {
    return { error: `whatsapp "${raw}" must have 10 to 13 digits: DDD + number, optionally with 55 in front` };
  }
  const national = digits.length >= 12 ? digits.slice(2) : digits;
  if (digits.length >= 12 && !digits.startsWith('55')) {
    return { error: `whatsapp "${raw}" must be a Brazilian number: 12 or 13 digits start with the country code 55` };
  }
  if (national.startsWith('0') || national.length < 10 || national.length > 11) {
    return { error: `whatsapp "${raw}" must be DDD (2 digits, no leading 0) + an 8- or 9-digit number` };
  }
  return { value: `55${national}` };
}

/** `@usuario`, `t.me/usuario`, `https://t.me/+convite` → `https://t.me/…`. */
export function normalizeTelegram(raw: string): { value: string } | { error: string } {
  const handle = /^@([A-Za-z][A-Za-z0-9_]{3,31})$/.exec(raw);
  if (handle) return { value: `https://t.me/${handle[1]}` };
  const link = /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\/([A-Za-z0-9_+][A-Za-z0-9_+/-]{1,127})\/?$/i.exec(raw);
  if (link) return { value: `https://t.me/${link[1]}` };
  return { error: `telegram "${raw}" must be @username (5 to 32 letters, digits or _) or a https://t.me/… link` };
}

// Long: one linear pass over the text (a state machine) so a hostile file costs its length once.
export function parseSupplierCsv(input: string): SupplierCsvResult {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const errors: SupplierCsvError[] = [];
  const rows: Supplier[] = [];

  const delimiter = detectDelimiter(text);
  const { records, error } = readRecords(text, delimiter);
  if (error) return { rows: [], errors: [error] };

  const header = records.shift();
  if (!header || header.fields.every((field) => field.trim() === '')) {
    return {
      rows: [],
      errors: [{ line: 1, message: `the file is empty; the first line must be the header: ${SUPPLIER_CSV_COLUMNS.join(',')}` }],
    };
  }

  const index = new Map<Column, number>();
  header.fields.forEach((name, position) => {
    const key = headerKey(name);
    if (key === '') return;
    if (!(SUPPLIER_CSV_COLUMNS as readonly string[]).includes(key)) {
      errors.push({ line: header.line, message: `unknown column "${name.trim()}" (expected: ${SUPPLIER_CSV_COLUMNS.join(', ')})` });
    } else if (index.has(key as Column)) {
      errors.push({ line: header.line, message: `column "${key}" appears twice` });
    } else {
      index.set(key as Column, position);
    }
  });
  for (const required of ['nome', 'categoria'] as const) {
    if (!index.has(required)) errors.push({ line: header.line, message: `the header has no "${required}" column` });
  }
  if (!index.has('whatsapp') && !index.has('telegram')) {
    errors.push({ line: header.line, message: 'the header needs a "whatsapp" or a "telegram" column' });
  }
  if (errors.length > 0) return { rows: [], errors };

  const width = header.fields.length;
  for (const record of records) {
    if (record.fields.every((field) => field.trim() === '')) continue;
    if (record.fields.length > width) {
      // Every value after the stray delimiter is shifted, so per-field messages would only confuse.
      errors.push({
        line: record.line,
        message: `has ${record.fields.length} fields but the header has ${width}; put values that contain "${delimiter}" between double quotes`,
      });
      continue;
    }
    const rowErrors: string[] = [];
    const get = (column: Column) => {
      const position = index.get(column);
      return position === undefined ? '' : clean(record.fields[position]);
    };

    const name = get('nome');
    const category = get('categoria');
    const offer = get('oferta');
    const notes = get('observacoes');
    if (name === '') rowErrors.push('"nome" is empty');
    if (category === '') rowErrors.push('"categoria" is empty');
    for (const [column, value] of [
      ['nome', name],
      ['categoria', category],
      ['oferta', offer],
      ['observacoes', notes],
    ] as const) {
      if (value.length > MAX_LENGTH[column]) rowErrors.push(`"${column}" is longer than ${MAX_LENGTH[column]} characters`);
    }

    let whatsapp: string | null = null;
    const rawWhatsapp = get('whatsapp');
    if (rawWhatsapp !== '') {
      const result = normalizeWhatsapp(rawWhatsapp);
      if ('error' in result) rowErrors.push(result.error);
      else whatsapp = result.value;
    }
    let telegram: string | null = null;
    const rawTelegram = get('telegram');
    if (rawTelegram !== '') {
      const result = normalizeTelegram(rawTelegram);
      if ('error' in result) rowErrors.push(result.error);
      else telegram = result.value;
    }
    if (rawWhatsapp === '' && rawTelegram === '') rowErrors.push('needs a "whatsapp" or a "telegram" contact');

    if (rowErrors.length > 0) {
      for (const message of rowErrors) errors.push({ line: record.line, message });
      continue;
    }
    rows.push({ name, category, offer, whatsapp, telegram, notes: notes === '' ? null : notes });
  }

  if (rows.length + errors.length === 0) {
    errors.push({ line: 2, message: 'the file has a header but no supplier rows' });
  }
  if (rows.length > MAX_SUPPLIER_ROWS) {
    errors.push({ line: 1, message: `the file has ${rows.length} suppliers; at most ${MAX_SUPPLIER_ROWS} are accepted` });
  }
  return { rows, errors };
}
