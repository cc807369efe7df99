import { describe, expect, it } from 'vitest';
import { checkout } from './checkout.ts';
import { guaranteeTitle } from './guarantee.ts';
import { hero } from './landing.ts';
import { presell } from './presell.ts';

/** The short guarantee lines of the landing page, the pre-sell page and the payment modal. */
describe('guarantee lines', () => {
  it('print the days they are given, never a fixed 7', () => {
    expect(guaranteeTitle('10')).toBe('Garantia de 10 dias');
    const lines = [...hero.trust('10'), ...presell.trustNotes('10'), checkout.pix.guarantee('10')];
    expect(lines.filter((line) => line.includes('Garantia de 10 dias'))).toHaveLength(3);
    expect(lines.join('\n')).not.toContain('7 dias');
  });

  it('keep the spec’s wording with the default 7 days', () => {
    expect(hero.trust('7')).toContain('Garantia de 7 dias');
    expect(presell.trustNotes('7')).toContain('Garantia de 7 dias');
    expect(checkout.pix.guarantee('7')).toMatch(/^Garantia de 7 dias: /);
  });
});
