import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first letter and the domain only', () => {
    expect(maskEmail('maria.silva@example.com')).toBe('m***@example.com');
    expect(maskEmail('not-an-address')).toBe('***');
  });
});
