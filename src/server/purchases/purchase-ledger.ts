import type { OrderItem, OrderItemKey } from '../../shared/checkout.ts';
import type { PurchaseItemState, PurchaseItemView, PurchaseView } from '../../shared/purchase.ts';
import { guaranteeEndsAt } from '../../shared/refunds.ts';
import type { Selectable } from 'kysely';
import type { OrdersTable, RefundsTable } from '../db/schema.ts';

type OrderRow = Selectable<OrdersTable>;
type RefundRow = Selectable<RefundsTable>;

/** No I/O here, so every rule of docs/money.md is a function of these rows. */
export interface PurchaseRecord {
  main: OrderRow;
  addons: OrderRow[];
  items: ReadonlyMap<string, readonly OrderItem[]>;
  refunds: ReadonlyMap<string, RefundRow>;
}

export function chargesOf(purchase: Pick<PurchaseRecord, 'main' | 'addons'>): OrderRow[] {
  return [purchase.main, ...purchase.addons];
}

export function wasPaid(order: Pick<OrderRow, 'status' | 'paid_at'>): boolean {
  return (order.status === 'paid' || order.status === 'reversed') && order.paid_at !== null;
}

export function refundCovers(refund: Pick<RefundRow, 'item_keys'>, key: OrderItemKey): boolean {
  return refund.item_keys === null || refund.item_keys.split(',').includes(key);
}

/** What a refund gives back: its own amount when it covers part of the order, else the order's. */
export function refundAmount(refund: Pick<RefundRow, 'amount_cents'>, order: Pick<OrderRow, 'amount_cents'>): number {
  return refund.amount_cents === null ? Number(order.amount_cents) : Number(refund.amount_cents);
}

/** An add-on's list is open only on its parent's member page: the parent must be open too. */
function listOpen(order: OrderRow, main: OrderRow): boolean {
  const own = order.status === 'paid' && order.access_revoked_at === null;
  return order.id === main.id ? own : own && main.status === 'paid' && main.access_revoked_at === null;
}

function itemState(order: OrderRow, main: OrderRow, key: OrderItemKey, refund: RefundRow | undefined): PurchaseItemState {
  if (!wasPaid(order)) return 'unpaid';
  if (order.status === 'reversed') return 'refunded';
  const covered = refund !== undefined && refundCovers(refund, key);
  if (covered && refund.status === 'refunded') return 'refunded';
  const open = listOpen(order, main);
  if (covered && (refund.status === 'requested' || refund.status === 'approved')) {
    // A duplicate's items are owed from the start: the buyer has them through the earlier order.
    if (!open || refund.origin === 'duplicate') return 'owed';
    return refund.status === 'requested' ? 'refund_requested' : 'refunding';
  }
  if (open) return 'open';
  // Closed on purpose: the seller's "Revogar acesso" (a fraud, a chargeback to come) or the buyer's erasure.
  if (order.access_revoked_at !== null || main.access_revoked_at !== null) return 'revoked';
  return 'owed';
}

/** paid − refunded = open + owed + revoked; `unlistedOwedCents` must be 0 (docs/money.md#invariants). */
export function ledgerOf(purchase: PurchaseRecord, config: { guaranteeDays: number }): PurchaseView & { unlistedOwedCents: number } {
  const { main } = purchase;
  const items: PurchaseItemView[] = [];
  let paidCents = 0;
  let refundedCents = 0;
  let unlistedOwedCents = 0;
  for (const order of chargesOf(purchase)) {
    const refund = purchase.refunds.get(order.id);
    const paid = wasPaid(order);
    if (paid) paidCents += Number(order.amount_cents);
    if (order.status === 'reversed') refundedCents += Number(order.amount_cents);
    else if (paid && refund?.status === 'refunded') refundedCents += refundAmount(refund, order);
    const paidAt = paid ? Number(order.paid_at) : null;
    for (const item of purchase.items.get(order.id) ?? []) {
      const state = itemState(order, main, item.key, refund);
      const listed = refund !== undefined && (refund.status === 'requested' || refund.status === 'approved');
      if (state === 'owed' && !listed) unlistedOwedCents += item.priceCents;
      items.push({
        orderId: order.id,
        key: item.key,
        title: item.title,
        priceCents: item.priceCents,
        state,
        paidAt,
        guaranteeEndsAt: paidAt === null ? null : guaranteeEndsAt(paidAt, config.guaranteeDays),
      });
    }
  }
  const sum = (states: PurchaseItemState[]) =>
    items.filter((item) => states.includes(item.state)).reduce((total, item) => total + item.priceCents, 0);
  return {
    mainOrderId: main.id,
    items,
    paidCents,
    refundedCents,
    openCents: sum(['open', 'refund_requested', 'refunding']),
    owedCents: sum(['owed']),
    revokedCents: sum(['revoked']),
    unlistedOwedCents,
  };
}

/** Each inside its own window: an add-on bought on day 6 keeps its own seven days. */
export function refundableCharges(purchase: PurchaseRecord, config: { guaranteeDays: number }, now: number): OrderRow[] {
  return chargesOf(purchase).filter((order) => {
    if (order.status !== 'paid' || order.paid_at === null) return false;
    const refund = purchase.refunds.get(order.id);
    if (refund && refund.status !== 'declined') return false;
    return now < guaranteeEndsAt(Number(order.paid_at), config.guaranteeDays);
  });
}

/** On the main order, the whole purchase (an add-on's list closes with its parent's); on an add-on, that add-on. */
export function sellerScope(purchase: PurchaseRecord, orderId: string): OrderRow[] {
  const charges = chargesOf(purchase);
  const asked = charges.some((order) => {
    const refund = purchase.refunds.get(order.id);
    return order.status === 'paid' && refund !== undefined && (refund.status === 'requested' || refund.status === 'approved');
  });
  if (orderId === purchase.main.id || asked) return charges;
  return charges.filter((order) => order.id === orderId);
}

export function openItemKeys(ledger: Pick<PurchaseView, 'items'>): OrderItemKey[] {
  const open = ledger.items.filter((item) => item.state === 'open' || item.state === 'refund_requested' || item.state === 'refunding');
  return [...new Set(open.map((item) => item.key))].sort((a, b) => (a === b ? 0 : a === 'main' ? -1 : 1));
}
