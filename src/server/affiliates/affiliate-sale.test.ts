import { describe, expect, it } from 'vitest';
import { saleOf } from './affiliate-access.ts';
import type { CommissionView } from './commissions.ts';

/** One item's commission as commissions.ts reads it: R$ 19,90 kept, 40 %. */
function view(overrides: Partial<CommissionView> = {}): CommissionView {
  return {
    orderId: 'ord_1',
    mainOrderId: 'ord_1',
    item: 'main',
    kind: 'main',
    affiliateId: 'aff_1',
    rate: 4000,
    flag: null,
    keptCents: 1990,
    amountCents: 796,
    paidCents: 0,
    state: 'pendente',
    availableAt: 1000,
    createdAt: 10,
    ...overrides,
  };
}

describe("saleOf: a purchase's line on the affiliate's page", () => {
  it('says pendente, then disponível, then paga once the payout has paid all it earns', () => {
    expect(saleOf([view()]).state).toBe('pendente');
    expect(saleOf([view({ state: 'disponivel' })]).state).toBe('disponivel');
    expect(saleOf([view({ state: 'disponivel', paidCents: 796 })])).toEqual({
      at: 10,
      saleCents: 1990,
      commissionCents: 796,
      state: 'paga',
    });
  });

  it('stays disponível while any item has something left to pay, and pendente while any item waits', () => {
    const main = view({ state: 'disponivel', paidCents: 796 });
    const bump = view({ orderId: 'ord_1', item: 'bump', kind: 'bump', keptCents: 990, amountCents: 396, createdAt: 20 });
    expect(saleOf([main, { ...bump, state: 'disponivel' }]).state).toBe('disponivel');
    expect(saleOf([main, bump]).state).toBe('pendente');
    expect(saleOf([main, { ...bump, state: 'disponivel', paidCents: 396 }]).state).toBe('paga');
  });

  it('is cancelada when nothing earns, even if something was paid before (a debt)', () => {
    expect(saleOf([view({ state: 'cancelada', keptCents: 0, amountCents: 0, paidCents: 796 })]).state).toBe('cancelada');
  });
});
