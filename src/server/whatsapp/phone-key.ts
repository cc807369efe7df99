import { createHash } from 'node:crypto';
import { digitsOnly } from '../../shared/digits.ts';

/**
 * The buyer's number as WhatsApp knows it. Orders keep Brazilian numbers as DDD + number (10 or
 * 11 digits, shared/checkout.ts); the Cloud API wants the country code in front. Null for what
 * cannot be a Brazilian phone (an erased order's empty phone).
 */
export function whatsappRecipient(orderPhone: string): string | null {
  const digits = digitsOnly(orderPhone);
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : null;
}

/**
 * A number in one form whatever way it was written: WhatsApp IDs of Brazilian mobiles registered
 * before the ninth digit still lack it (5511 8765-4321 for 5511 98765-4321), so a Brazilian number
 * is its country code, DDD and last eight digits; any other number, its digits.
 */
function canonicalNumber(number: string): string {
  const digits = digitsOnly(number);
  const national = digits.length === 12 || digits.length === 13 ? (digits.startsWith('55') ? digits.slice(2) : null) : digits;
  if (national && (national.length === 10 || national.length === 11)) return `55${national.slice(0, 2)}${national.slice(-8)}`;
  return digits;
}

/**
 * How the opt-outs know a number: a SHA-256 of its canonical form, never the number. It only has to
 * recognise a number given again (a new order, a reply's sender), not to read it.
 */
export function phoneKey(number: string): string {
  return createHash('sha256')
    .update(`whatsapp-number:${canonicalNumber(number)}`)
    .digest('base64url');
}
