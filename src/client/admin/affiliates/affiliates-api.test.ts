import { describe, expect, it } from 'vitest';
import { percentToRate, rateToPercent } from './affiliates-api.ts';

describe('a rate typed in the console', () => {
  it('is a percentage with a comma or a point, kept in basis points; empty follows the default; anything else is refused', () => {
    expect(['40', '37,5', ' 12.25 ', '0', '100', ''].map(percentToRate)).toEqual([4000, 3750, 1225, 0, 10_000, null]);
    expect(['-1', '100,01', 'quarenta', '1e3'].map(percentToRate)).toEqual([undefined, undefined, undefined, undefined]);
    expect([4000, 3750, null].map(rateToPercent)).toEqual(['40', '37,5', '']);
  });
});
