import { formatPhone } from '@brazilian-utils/brazilian-utils';

/** Brazilian DDD + number: at most 11 digits. */
const MAX_DIGITS = 11;

/** As the buyer types: "11987654321" → "(11) 98765-4321", "1130" → "(11) 30". Empty stays empty. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, MAX_DIGITS);
  return digits === '' ? '' : formatPhone(digits, { mask: 'nanp' });
}

/** The caret position in `masked` right after its `count`-th digit (0 → before the first digit). */
export function caretAfterDigits(masked: string, count: number): number {
  if (count <= 0) return masked.search(/\d/) === -1 ? masked.length : masked.search(/\d/);
  let seen = 0;
  for (let index = 0; index < masked.length; index++) {
    if (/\d/.test(masked[index]!)) seen += 1;
    if (seen === count) return index + 1;
  }
  return masked.length;
}

/**
 * One edit of the phone field: the new masked value and where the caret goes, so that typing or
 * deleting in the middle keeps the caret beside the digit just touched. Deleting only a mask
 * character (a parenthesis, the space or the hyphen) deletes the digit before it instead, or the
 * mask would put the character straight back and the key would seem dead.
 */
export function editPhone(previous: string, typed: string, caret: number): { value: string; caret: number } {
  const digitsOf = (text: string) => text.replace(/\D/g, '');
  let next = typed;
  let digitsBeforeCaret = digitsOf(typed.slice(0, caret)).length;
  if (typed.length < previous.length && digitsOf(typed) === digitsOf(previous) && digitsBeforeCaret > 0) {
    const digits = digitsOf(typed);
    next = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  }
  const value = maskPhone(next);
  return { value, caret: caretAfterDigits(value, Math.min(digitsBeforeCaret, MAX_DIGITS)) };
}
