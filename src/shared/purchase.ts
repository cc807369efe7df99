import type { OrderItemKey } from './checkout.ts';

// docs/money.md

/**
 * `refunding`: the list stays open until the money arrives. `owed`: paid but the list is not open
 * (bought after a refund, or already owned). `revoked`: closed on purpose with nothing owed. `awaiting`: a bump paid
 * before its main order, whose PIX can still be paid: delivered with the main, or refunded whole if that PIX closes
 * unpaid (docs/money.md#one-payable-pix).
 */
export type PurchaseItemState = 'unpaid' | 'open' | 'refund_requested' | 'refunding' | 'owed' | 'awaiting' | 'refunded' | 'revoked';

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
  /** docs/money.md#invariants */
  openCents: number;
  owedCents: number;
  revokedCents: number;
  /** Add-ons paid before their main order, which can still be paid. */
  awaitingCents: number;
}
