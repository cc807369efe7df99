import { describe, expect, it } from 'vitest';
import { TOP_UP_DISCOUNT_PERCENT, topUp, topUpCarriers } from './top-up.ts';

describe('top-up offer', () => {
  it('has the spec tables: TIM R$ 10/20/30 for R$ 2/4/6 and Claro R$ 15/25/50 for R$ 3/5/10', () => {
    expect(topUpCarriers.map((carrier) => [carrier.name, carrier.options.map((o) => [o.faceValueCents, o.priceCents])])).toEqual([
      [
        'TIM',
        [
          [1000, 200],
          [2000, 400],
          [3000, 600],
        ],
      ],
      [
        'Claro',
        [
          [1500, 300],
          [2500, 500],
          [5000, 1000],
        ],
      ],
    ]);
  });

  it('prices every option at exactly 80% off', () => {
    expect(TOP_UP_DISCOUNT_PERCENT).toBe(80);
    for (const option of topUpCarriers.flatMap((carrier) => carrier.options)) {
      expect(option.priceCents * 100).toBe(option.faceValueCents * (100 - TOP_UP_DISCOUNT_PERCENT));
    }
  });

  it('states the R$ 8,00 free credit in words and in centavos alike', () => {
    expect(topUp.freeCreditCents).toBe(800);
    expect(topUp.freeCreditClaim).toContain('R$ 8,00');
    expect(topUp.title).toContain(`${TOP_UP_DISCOUNT_PERCENT}%`);
  });
});
