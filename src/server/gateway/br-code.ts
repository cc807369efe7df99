/** PIX "BR Code" (Banco Central's "Manual de Padrões para Iniciação do Pix", EMV QRCPS-MPM). */

import { collapseWhitespace, stripAccents } from '../../shared/text.ts';

const PIX_GUI = 'br.gov.bcb.pix';
const encoder = new TextEncoder();

/** CRC16-CCITT-FALSE of the UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of encoder.encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length === 0 || value.length > 99) throw new RangeError(`BR Code field ${id} must be 1 to 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Bank apps show names and cities reliably only in plain ASCII: accents off, upper case, cut to size. */
function plainText(value: string, maxLength: number): string {
  const plain = collapseWhitespace(stripAccents(value).replace(/[^A-Za-z0-9 .\-/]/g, ' '))
    .toUpperCase()
    .slice(0, maxLength)
    .trim();
  return plain === '' ? 'NA' : plain;
}

/** 1990 → "19.90" (field 54 uses a dot and no thousands separator). */
export function formatEmvAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`amount must be positive centavos, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface PixBrCodeInput {
  key: string;
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** Up to 25 letters and digits (field 62, sub-field 05); "***" when there is none. */
  txid: string;
}

export function buildPixBrCode(input: PixBrCodeInput): string {
  const txid = input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const payload = [
    field('00', '01'),
    field('26', field('00', PIX_GUI) + field('01', input.key)),
    field('52', '0000'),
    field('53', '986'),
    field('54', formatEmvAmount(input.amountCents)),
    field('58', 'BR'),
    field('59', plainText(input.merchantName, 25)),
    field('60', plainText(input.merchantCity, 15)),
    field('62', field('05', txid)),
    '6304',
  ].join('');
  return `${payload}${crc16(payload)}`;
}

/** ID → value, in order; null when the text is not a clean sequence of EMV fields. */
export function parseEmvFields(text: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const header = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) return null;
    const length = Number(header.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length || fields.has(header.slice(0, 2))) return null;
    fields.set(header.slice(0, 2), value);
    at += 4 + length;
  }
  return fields;
}

export interface PixBrCode {
  key: string;
  /** null for a code without a fixed amount (the payer types one). */
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  txid: string | null;
}

/** Checks what a bank app checks; null when any of it fails. */
export function parsePixBrCode(code: string): PixBrCode | null {
  if (!/^[\x20-\x7e]+$/.test(code) || code.length < 8) return null;
  const fields = parseEmvFields(code);
  if (!fields || fields.get('00') !== '01') return null;
  const crcAt = code.length - 8;
  if (code.slice(crcAt, crcAt + 4) !== '6304' || crc16(code.slice(0, crcAt + 4)) !== code.slice(crcAt + 4)) return null;
  let key: string | null = null;
  for (let id = 26; id <= 51; id++) {
    const account = parseEmvFields(fields.get(String(id)) ?? '');
    if (account?.get('00')?.toLowerCase() === PIX_GUI && account.get('01')) {
      key = account.get('01') ?? null;
      break;
    }
  }
  const name = fields.get('59');
  const city = fields.get('60');
  if (!key || fields.get('52') === undefined || fields.get('53') !== '986' || fields.get('58') !== 'BR' || !name || !city) {
    return null;
  }
  const amountText = fields.get('54');
  let amountCents: number | null = null;
  if (amountText !== undefined) {
    const amount = /^(\d+)\.(\d{2})$/.exec(amountText);
    if (!amount) return null;
    amountCents = Number(amount[1]) * 100 + Number(amount[2]);
  }
  const additional = parseEmvFields(fields.get('62') ?? '');
  return { key, amountCents, merchantName: name, merchantCity: city, txid: additional?.get('05') ?? null };
}
