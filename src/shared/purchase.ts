import type { OrderItemKey } from './checkout.ts';

// docs/money.md

/**
 * `refunding`: open until the money arrives. `owed`: paid, list not open (bought after a refund, or already owned). `revoked`:
 * closed, nothing owed. `awaiting`: a bump paid before its main's still payable PIX: delivered with it, or refunded whole if that
 * PIX closes unpaid (docs/money.md#one-payable-pix).
 */
export type PurchaseItemState =
  | 'unpaid'
  | 'open'
  | 'refund_requested'
  | 'refunding'
  | 'owed'
  | 'awaiting'
  | 'refunded'
  | 'revoked'
  /** A lost dispute or a MED devolução took it back: "Devolvido pelo MED", never a refund the seller made (docs/disputes.md). */
  | 'med_returned';

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
  /** What the MED took back (lost disputes): apart from `refundedCents`, which the seller gave back. */
  medReturnedCents: number;
  /** Of `medReturnedCents`, a part the MED took tied to no item (docs/money.md#med): the items stay open. */
  medPartCents: number;
  /** Of `refundedCents`, what the provider gave back tied to no item (a part refund in its panel): the items stay open. */
  partRefundedCents: number;
  /** docs/money.md#invariants */
  openCents: number;
  owedCents: number;
  revokedCents: number;
  /** Add-ons paid before their main order, which can still be paid. */
  awaitingCents: number;
}
