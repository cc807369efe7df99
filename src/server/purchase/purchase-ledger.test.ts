import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../orders/orders-repository.ts';
import { keptOfItems, ledgerOf, type PurchaseRecord } from './purchase-ledger.ts';

const PAID_AT = Date.UTC(2026, 10, 2, 15);
const config = { guaranteeDays: 7 };

function charge(id: string, fields: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    kind: 'main',
    status: 'paid',
    paid_at: PAID_AT,
    amount_cents: 2980,
    med_returned_cents: 0,
    access_revoked_at: null,
    provider_closed_at: null,
    parent_order_id: null,
    ...fields,
  } as OrderRow;
}

function purchaseOf(main: OrderRow, extra: Partial<PurchaseRecord> = {}): PurchaseRecord {
  return {
    main,
    addons: [],
    items: new Map([
      [
        main.id,
        [
          { key: 'main', title: 'Lista', priceCents: 1990 },
          { key: 'bump', title: 'Recargas', priceCents: 990 },
        ],
      ],
    ]),
    refunds: new Map(),
    ...extra,
  };
}

const keptCents = (purchase: PurchaseRecord) => keptOfItems(purchase, config).map((item) => item.keptCents);
const netOf = (purchase: PurchaseRecord) => {
  const ledger = ledgerOf(purchase, config);
  return ledger.paidCents - ledger.refundedCents - ledger.medReturnedCents;
};

describe("each item's money the providers kept", () => {
  it('is its price while nothing went back, with its guarantee', () => {
    const purchase = purchaseOf(charge('o1'));
    expect(keptOfItems(purchase, config)).toMatchObject([
      { key: 'main', keptCents: 1990, state: 'open' },
      { key: 'bump', keptCents: 990, state: 'open' },
    ]);
    expect(keptOfItems(purchase, config)[0]!.guaranteeEndsAt).toBeGreaterThan(PAID_AT + 7 * 86_400_000);
  });

  it('shares a part refunded at the provider tied to no item by price, and adds up to "Faturamento"', () => {
    const purchase = purchaseOf(charge('o1'), {
      providerRefunds: new Map([['o1', [{ order_id: 'o1', total_cents: 1000, amount_cents: 1000, item: null, seen_at: PAID_AT }]]]),
    });
    expect(keptCents(purchase)).toEqual([1990 - 667, 990 - 333]);
    expect(keptCents(purchase).reduce((a, b) => a + b)).toBe(netOf(purchase));
  });

  it('shares a part the MED returned tied to no item the same way', () => {
    const purchase = purchaseOf(charge('o1', { med_returned_cents: 1001 }));
    expect(keptCents(purchase).reduce((a, b) => a + b)).toBe(netOf(purchase));
    expect(keptCents(purchase)).toEqual([1990 - 668, 990 - 333]);
  });

  it('is nothing for an item refunded, returned by the MED, or of a reversed charge', () => {
    const refunded = purchaseOf(charge('o1'), {
      refunds: new Map([['o1', [{ order_id: 'o1', item: 'bump', amount_cents: 990, status: 'refunded' } as never]]]),
    });
    expect(keptCents(refunded)).toEqual([1990, 0]);
    expect(keptCents(purchaseOf(charge('o1', { med_returned_cents: 990 })))).toEqual([1990, 0]);
    expect(keptCents(purchaseOf(charge('o1', { status: 'reversed' })))).toEqual([0, 0]);
    expect(keptCents(purchaseOf(charge('o1', { status: 'pending', paid_at: null })))).toEqual([0, 0]);
  });
});

describe('what the MED returned of a charge still paid', () => {
  const returns = (...amounts: number[]) => {
    let total = 0;
    return new Map([
      ['o1', amounts.map((amount) => ({ order_id: 'o1', total_cents: (total += amount), amount_cents: amount, seen_at: PAID_AT }))],
    ]);
  };
  const states = (purchase: PurchaseRecord) => ledgerOf(purchase, config).items.map((item) => item.state);

  it('ends the item whose price one devolução matches, though the total matches none', () => {
    const purchase = purchaseOf(charge('o1', { med_returned_cents: 1490 }), { medReturns: returns(500, 990) });
    expect(states(purchase)).toEqual(['open', 'med_returned']);
    expect(ledgerOf(purchase, config).medPartCents).toBe(500);
    expect(keptCents(purchase)).toEqual([1990 - 500, 0]);
    expect(keptCents(purchase).reduce((a, b) => a + b)).toBe(netOf(purchase));
  });

  it('takes a total with no returns recorded as one return, as before they were kept', () => {
    const purchase = purchaseOf(charge('o1', { med_returned_cents: 1490 }));
    expect(states(purchase)).toEqual(['open', 'open']);
    expect(ledgerOf(purchase, config).medPartCents).toBe(1490);
    expect(states(purchaseOf(charge('o1', { med_returned_cents: 990 })))).toEqual(['open', 'med_returned']);
  });

  it('ends an item once: a second devolução of its price is a part tied to no item', () => {
    const purchase = purchaseOf(charge('o1', { med_returned_cents: 1980 }), { medReturns: returns(990, 990) });
    expect(states(purchase)).toEqual(['open', 'med_returned']);
    expect(ledgerOf(purchase, config).medPartCents).toBe(990);
  });
});
