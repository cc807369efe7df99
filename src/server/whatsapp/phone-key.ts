import { createHash } from 'node:crypto';
import { digitsOnly } from '../../shared/digits.ts';

/** Orders keep DDD + number; the Cloud API wants the country code in front. */
export function whatsappRecipient(orderPhone: string): string | null {
  const digits = digitsOnly(orderPhone);
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : null;
}

/** WhatsApp IDs of Brazilian mobiles registered before the ninth digit still lack it: the last eight digits count. */
function canonicalNumber(number: string): string {
  const digits = digitsOnly(number);
  const national = digits.length === 12 || digits.length === 13 ? (digits.startsWith('55') ? digits.slice(2) : null) : digits;
  if (national && (national.length === 10 || national.length === 11)) return `55${national.slice(0, 2)}${national.slice(-8)}`;
  return digits;
}

/** It only has to recognise a number given again, not to read it. */
export function phoneKey(number: string): string {
  return createHash('sha256')
    .update(`whatsapp-number:${canonicalNumber(number)}`)
    .digest('base64url');
}
