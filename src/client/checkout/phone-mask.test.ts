import { describe, expect, it } from 'vitest';
import { editPhone, maskPhone } from './phone-mask.ts';

/** Types `keys` one by one at the end of the field, as a buyer would. */
function typeAll(keys: string): string {
  let value = '';
  for (const key of keys) value = editPhone(value, value + key, value.length + 1).value;
  return value;
}

describe('phone mask', () => {
  it('formats as the buyer types, for mobiles and landlines', () => {
    expect(typeAll('11987654321')).toBe('(11) 98765-4321');
    expect(typeAll('1130001234')).toBe('(11) 3000-1234');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('')).toBe('');
    // Pasted in any shape, or with a digit too many: at most 11 digits.
    expect(maskPhone('+55 (11) 9 8765-4321')).toBe('(55) 11987-6543');
    expect(maskPhone('119876543210')).toBe('(11) 98765-4321');
  });

  it('keeps the caret beside the digit typed or deleted in the middle', () => {
    // "(11) 98765-432" with the caret after "987": a 0 typed there.
    const typed = editPhone('(11) 98765-432', '(11) 987065-432', 9);
    expect(typed.value).toBe('(11) 98706-5432');
    expect(typed.caret).toBe(9);
    // Backspace over the hyphen of "(11) 98765-4321" deletes the 5 before it; the caret stays there.
    const erased = editPhone('(11) 98765-4321', '(11) 987654321', 10);
    expect(erased.value).toBe('(11) 9876-4321');
    expect(erased.caret).toBe(9);
    // Backspace on a digit in the middle.
    const removed = editPhone('(11) 98765-4321', '(11) 9865-4321', 6);
    expect(removed.value).toBe('(11) 9865-4321');
    expect(removed.caret).toBe(6);
  });
});
