import { describe, expect, it } from 'vitest';
import { phoneKey, whatsappRecipient } from './phone-key.ts';

describe("the buyer's number on WhatsApp", () => {
  it("puts Brazil's 55 in front of the order's DDD and number, and refuses what is no Brazilian phone", () => {
    expect(whatsappRecipient('11987654321')).toBe('5511987654321');
    expect(whatsappRecipient('1133334444')).toBe('551133334444');
    expect(whatsappRecipient('')).toBeNull();
    expect(whatsappRecipient('987654321')).toBeNull();
  });

  it('knows a number however it is written, with or without the ninth digit WhatsApp IDs of old numbers lack', () => {
    const key = phoneKey('5511987654321');
    for (const same of ['11987654321', '+55 (11) 98765-4321', '551187654321', '1187654321']) expect(phoneKey(same)).toBe(key);
    expect(phoneKey('5511987654322')).not.toBe(key);
    expect(phoneKey('5521987654321')).not.toBe(key);
    // A number from elsewhere is its digits.
    expect(phoneKey('14155550123')).toBe(phoneKey('+1 415 555 0123'));
    expect(phoneKey('14155550123')).not.toBe(key);
  });

  it('keeps a hash, never the digits', () => {
    const key = phoneKey('5511987654321');
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(key).not.toContain('87654321');
  });
});
