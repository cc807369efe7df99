import type { OrderItemKey } from './checkout.ts';

/**
 * A purchase's money as one ledger (docs/money.md): the main order and the add-on bought after
 * it, each a PIX charge of its own, with what each paid, what went back and what is still owed.
 * The server derives it in one place (server/purchases/); the console, the e-mails and the
 * evidence read amounts from it, never beside it.
 */

/**
 * Where one item of a purchase stands:
 * - `unpaid`: its charge was not paid (pending, expired, failed, replaced);
 * - `open`: paid, its list is open, nothing asked back;
 * - `refund_requested`: paid and open, the buyer asked for the money back;
 * - `refunding`: the refund is approved, the money is on its way (the list stays open until it arrives);
 * - `owed`: paid but its list is not open (bought after a refund, or already owned): money is owed back;
 * - `refunded`: the money went back and its list is closed;
 * - `revoked`: paid, and its list was closed on purpose with nothing owed: the seller's "Revogar
 *   acesso", or the buyer's own erasure of their data (docs/operations.md#personal-data).
 */
export type PurchaseItemState = 'unpaid' | 'open' | 'refund_requested' | 'refunding' | 'owed' | 'refunded' | 'revoked';

export interface PurchaseItemView {
  /** The order (one PIX charge) that sold it. */
  orderId: string;
  key: OrderItemKey;
  title: string;
  priceCents: number;
  state: PurchaseItemState;
  paidAt: number | null;
  /** The end of its guarantee (exclusive): the end of the São Paulo day GUARANTEE_DAYS after its payment. */
  guaranteeEndsAt: number | null;
}

export interface PurchaseView {
  mainOrderId: string;
  items: PurchaseItemView[];
  /** Money received on every charge of the purchase. */
  paidCents: number;
  /** Money given back (refunds done, chargebacks). */
  refundedCents: number;
  /** Price of the items whose list is open: paid − refunded − owed − revoked (docs/money.md#invariants). */
  openCents: number;
  /** Money still to give back: a refund is open for it and listed in "Reembolsos pedidos". */
  owedCents: number;
  /** Price of the items closed on purpose with nothing owed: the seller's "Revogar acesso", the buyer's erasure. */
  revokedCents: number;
}
