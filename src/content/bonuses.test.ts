import { describe, expect, it } from 'vitest';
import { bonuses } from './bonuses.ts';

describe('bonuses', () => {
  it('lists the 4 bonuses of the spec with their stated values in centavos', () => {
    expect(bonuses.map((bonus) => [bonus.title, bonus.valueCents])).toEqual([
      ['IPTV vitalício', 19900],
      ['Gerador de contas', 14900],
      ['Canva Pro vitalício', 29900],
      ['CapCut Pro vitalício', 19900],
    ]);
  });
});
