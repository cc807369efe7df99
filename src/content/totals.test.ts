import { describe, expect, it } from 'vitest';
import { site } from './site.ts';
import {
  appMonthlySavingCents,
  bonusTotalCents,
  monthlySavingCents,
  originalMonthlyTotalCents,
  tierMonthlySavingCents,
  totalSavingCents,
} from './totals.ts';

/** docs/product.md#money-and-capacity, the 26 original prices in centavos, in the spec's order. */
const specOriginalPricesCents = [
  5590, 4390, 2190, 1490, 2490, 3490, 2490, 1490, 1690, 1990, 2790, 1490, 1690, 1690, 2990, 1390, 1790, 1990, 1790, 2990, 5990, 3990, 4990,
  1990, 2490, 7990,
];

describe('totals', () => {
  it('computes the monthly saving as the 26 original prices minus R$ 1,00 per app', () => {
    expect(specOriginalPricesCents).toHaveLength(26);
    const expected = specOriginalPricesCents.reduce((sum, cents) => sum + cents, 0) - 26 * 100;
    expect(monthlySavingCents).toBe(expected);
    expect(monthlySavingCents).toBe(72740);
    expect(originalMonthlyTotalCents).toBe(75340);
  });

  it('splits the monthly saving by tier without losing a centavo', () => {
    const byTier = ([1, 2, 3, 4] as const).map(tierMonthlySavingCents);
    expect(byTier.reduce((sum, cents) => sum + cents, 0)).toBe(monthlySavingCents);
    expect(appMonthlySavingCents({ originalPriceCents: 5590, offerPriceCents: 100 })).toBe(5490);
  });

  it('adds the bonuses up to the stated R$ 846,00 and the saving to R$ 826,10', () => {
    expect(bonusTotalCents).toBe(84600);
    expect(site.priceCents).toBe(1990);
    expect(totalSavingCents).toBe(82610);
  });
});
