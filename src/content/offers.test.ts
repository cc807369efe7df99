import { describe, expect, it } from 'vitest';
import { mainOffer, orderBump } from './offers.ts';

/** TriboPay refuses a charge under R$ 5,00 (docs/gateway.md#3-charge): the bump alone must reach it. */
const GATEWAY_MINIMUM_CENTS = 500;

describe('offers', () => {
  it('prices every item in positive integer centavos, the bump alone at least the gateway minimum', () => {
    expect(Number.isSafeInteger(mainOffer.priceCents) && mainOffer.priceCents > 0).toBe(true);
    if (!orderBump) return;
    for (const price of [orderBump.priceCents, orderBump.afterPaymentPriceCents]) {
      expect(Number.isSafeInteger(price)).toBe(true);
      expect(price).toBeGreaterThanOrEqual(GATEWAY_MINIMUM_CENTS);
    }
    expect(orderBump.afterPaymentPriceCents).toBeLessThanOrEqual(orderBump.priceCents);
    expect(orderBump.delivers).not.toBe(mainOffer.delivers);
    expect(orderBump.name.length).toBeGreaterThan(0);
    expect(orderBump.pitch.length).toBeLessThanOrEqual(160);
  });
});
