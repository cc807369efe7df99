import { describe, expect, it } from 'vitest';
import { maskEmail, maskEmailsIn } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first letter and the domain only', () => {
    expect(maskEmail('maria.silva@example.com')).toBe('m***@example.com');
    expect(maskEmail('not-an-address')).toBe('***');
  });

  it('masks every address inside an SMTP reply', () => {
    expect(maskEmailsIn('550 5.1.1 <maria.silva@example.com>: unknown; cc joao@example.org.')).toBe(
      '550 5.1.1 <m***@example.com>: unknown; cc j***@example.org.',
    );
  });
});
