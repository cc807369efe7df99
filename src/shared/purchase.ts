import type { OrderItemKey } from './checkout.ts';

/** A purchase's money as one ledger (docs/money.md), derived in server/purchases/ and read, never recomputed. */

/**
 * `refunding`: the list stays open until the money arrives. `owed`: paid but the list is not open
 * (bought after a refund, or already owned). `revoked`: closed on purpose with nothing owed.
 */
export type PurchaseItemState = 'unpaid' | 'open' | 'refund_requested' | 'refunding' | 'owed' | 'refunded' | 'revoked';

export interface PurchaseItemView {
  orderId: string;
  key: OrderItemKey;
  title: string;
  priceCents: number;
  state: PurchaseItemState;
  paidAt: number | null;
  guaranteeEndsAt: number | null;
}

export interface PurchaseView {
  mainOrderId: string;
  items: PurchaseItemView[];
  paidCents: number;
  refundedCents: number;
  /** Price of the items whose list is open: paid − refunded − owed − revoked (docs/money.md#invariants). */
  openCents: number;
  owedCents: number;
  revokedCents: number;
}
