import { describe, expect, it } from 'vitest';
import type { PaidOrderFacts } from '../reads/order-console-lookup.ts';
import { bumpFigures } from './bump-figures.ts';

const paid = (paidAt: number, facts: Partial<PaidOrderFacts> = {}): PaidOrderFacts => ({
  paidAt,
  amountCents: 1990,
  kind: 'main',
  bumpCents: 0,
  addonAnswer: null,
  addonPaid: false,
  ...facts,
});

describe('bump figures', () => {
  it('adds the bump revenue of both moments, the take rate and the offer conversion of the period', () => {
    const orders = [
      paid(10, { amountCents: 2980, bumpCents: 990 }),
      paid(11, { addonAnswer: 'accepted', addonPaid: true }),
      paid(12, { kind: 'addon', amountCents: 790, bumpCents: 790 }),
      paid(13, { addonAnswer: 'accepted' }),
      paid(14, { addonAnswer: 'declined' }),
      // Outside [10, 20): not counted.
      paid(25, { amountCents: 2980, bumpCents: 990 }),
    ];
    expect(bumpFigures(orders, 10, 20)).toEqual({
      revenueCents: 990 + 790,
      checkoutRevenueCents: 990,
      afterPaymentRevenueCents: 790,
      paidOrders: 4,
      withBump: 1,
      takeRate: 0.25,
      offerEligible: 3,
      offerAccepted: 2,
      offerDeclined: 1,
      offerPaid: 1,
      offerConversion: 1 / 3,
    });
  });

  it('gives no rate, not a division by zero, for a period without sales', () => {
    expect(bumpFigures([], 0, 10)).toMatchObject({ revenueCents: 0, takeRate: null, offerConversion: null });
  });
});
