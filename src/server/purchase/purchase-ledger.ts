import type { OrderItem, OrderItemKey } from '../../shared/checkout.ts';
import type { PurchaseItemState, PurchaseItemView, PurchaseView } from '../../shared/purchase.ts';
import { guaranteeEndsAt } from '../../shared/refunds.ts';
import type { Selectable } from 'kysely';
import type { MedReturnsTable, OrdersTable, ProviderRefundsTable, RefundsTable } from '../db/schema.ts';

type OrderRow = Selectable<OrdersTable>;
type RefundRow = Selectable<RefundsTable>;
type ProviderRefundRow = Selectable<ProviderRefundsTable>;
type MedReturnRow = Selectable<MedReturnsTable>;

/** No I/O here, so every rule of docs/money.md is a function of these rows. */
export interface PurchaseRecord {
  main: OrderRow;
  addons: OrderRow[];
  items: ReadonlyMap<string, readonly OrderItem[]>;
  /** Each charge's refund rows, one per item (docs/money.md#refunds). */
  refunds: ReadonlyMap<string, readonly RefundRow[]>;
  /** Each charge's refunds made at the provider without us asking (docs/money.md#provider-side); none when absent. */
  providerRefunds?: ReadonlyMap<string, readonly ProviderRefundRow[]>;
  /** Each charge's MED returns, one per rise of its total, in the order seen (docs/money.md#med); absent: the total is one. */
  medReturns?: ReadonlyMap<string, readonly MedReturnRow[]>;
}

export function chargesOf(purchase: Pick<PurchaseRecord, 'main' | 'addons'>): OrderRow[] {
  return [purchase.main, ...purchase.addons];
}

export function wasPaid(order: Pick<OrderRow, 'status' | 'paid_at'>): boolean {
  return (order.status === 'paid' || order.status === 'reversed') && order.paid_at !== null;
}

export function refundsOf(purchase: Pick<PurchaseRecord, 'refunds'>, orderId: string): readonly RefundRow[] {
  return purchase.refunds.get(orderId) ?? [];
}

export function refundOf(purchase: Pick<PurchaseRecord, 'refunds'>, orderId: string, key: OrderItemKey): RefundRow | undefined {
  return refundsOf(purchase, orderId).find((row) => row.item === key);
}

/** Asked for or approved, and not yet given back: what "Reembolsos pedidos" lists. */
export function isOpenRefund(refund: Pick<RefundRow, 'status'> | undefined): boolean {
  return refund !== undefined && (refund.status === 'requested' || refund.status === 'approved');
}

/** An add-on's list is open only on its parent's member page: the parent must be open too. */
function listOpen(order: OrderRow, main: OrderRow): boolean {
  const own = order.status === 'paid' && order.access_revoked_at === null;
  return order.id === main.id ? own : own && main.status === 'paid' && main.access_revoked_at === null;
}

/** The main order's PIX may still be paid: not paid, and not closed at its provider (docs/money.md#one-payable-pix). */
export function mainStillPayable(main: Pick<OrderRow, 'status' | 'paid_at' | 'provider_closed_at'>): boolean {
  return (
    main.paid_at === null &&
    (main.status === 'pending' || main.status === 'creating' || (main.status === 'failed' && main.provider_closed_at === null))
  );
}

/** Closed at its provider unpaid: an add-on paid before it can no longer be delivered with it (docs/money.md#invariants). */
export function mainNeverPaid(main: Pick<OrderRow, 'status' | 'paid_at' | 'provider_closed_at'>): boolean {
  return !wasPaid(main) && !mainStillPayable(main);
}

function itemState(order: OrderRow, main: OrderRow, refund: RefundRow | undefined): PurchaseItemState {
  if (!wasPaid(order)) return 'unpaid';
  if (order.status === 'reversed') return 'refunded';
  if (refund?.status === 'refunded') return 'refunded';
  const open = listOpen(order, main);
  if (refund !== undefined && isOpenRefund(refund)) {
    // A duplicate's items are owed from the start: the buyer has them through the earlier order.
    if (!open || refund.origin === 'duplicate') return 'owed';
    return refund.status === 'requested' ? 'refund_requested' : 'refunding';
  }
  if (open) return 'open';
  // A bump paid before its main: nothing is owed while the main's PIX can still be paid.
  if (order.id !== main.id && refund === undefined && mainStillPayable(main)) return 'awaiting';
  // Closed on purpose: the seller's "Revogar acesso" (a fraud, a chargeback to come) or the buyer's erasure.
  if (order.access_revoked_at !== null || main.access_revoked_at !== null) return 'revoked';
  return 'owed';
}

/**
 * paid − refunded − returned by the MED + the parts of either tied to no item = open + owed + revoked + awaiting;
 * `unlistedOwedCents` must be 0 (docs/money.md#invariants).
 */
export function ledgerOf(purchase: PurchaseRecord, config: { guaranteeDays: number }): PurchaseView & { unlistedOwedCents: number } {
  const { main } = purchase;
  const items: PurchaseItemView[] = [];
  let paidCents = 0;
  let refundedCents = 0;
  let partRefundedCents = 0;
  let unlistedOwedCents = 0;
  let medReturnedCents = 0;
  let medPartCents = 0;
  for (const order of chargesOf(purchase)) {
    const paid = wasPaid(order);
    if (paid) paidCents += Number(order.amount_cents);
    const med = medReturnOf(purchase, order);
    medReturnedCents += med.cents;
    medPartCents += med.partCents;
    if (order.status === 'reversed') refundedCents += Number(order.amount_cents) - med.cents;
    else if (paid) {
      const untied = untiedRefundCents(purchase, order.id);
      refundedCents += refundedPartCents(purchase, order.id) + untied;
      partRefundedCents += untied;
    }
    const paidAt = paid ? Number(order.paid_at) : null;
    for (const item of purchase.items.get(order.id) ?? []) {
      const refund = refundOf(purchase, order.id, item.key);
      const state = med.items.has(item.key) ? 'med_returned' : itemState(order, main, refund);
      if (state === 'owed' && !isOpenRefund(refund)) unlistedOwedCents += item.priceCents;
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
    medReturnedCents,
    medPartCents,
    partRefundedCents,
    openCents: sum(['open', 'refund_requested', 'refunding']),
    owedCents: sum(['owed']),
    revokedCents: sum(['revoked']),
    awaitingCents: sum(['awaiting']),
    unlistedOwedCents,
  };
}

/** What went back of a charge still paid: its items refunded one by one (a duplicate's repeated item, a part refund). */
export function refundedPartCents(purchase: Pick<PurchaseRecord, 'refunds'>, orderId: string): number {
  return refundsOf(purchase, orderId)
    .filter((row) => row.status === 'refunded')
    .reduce((sum, row) => sum + Number(row.amount_cents), 0);
}

/** Given back at the provider on a charge still paid, tied to no item: its items stay open (docs/money.md#provider-side). */
export function untiedRefundCents(purchase: Pick<PurchaseRecord, 'providerRefunds'>, orderId: string): number {
  return (purchase.providerRefunds?.get(orderId) ?? [])
    .filter((row) => row.item === null)
    .reduce((sum, row) => sum + Number(row.amount_cents), 0);
}

/** A paid charge and some of its items. */
export interface ChargeItems {
  order: OrderRow;
  items: OrderItem[];
}

/** Each paid item with nothing asked for it (or only declined), inside its own window: an add-on bought on day 6 keeps its own seven days. */
export function refundableItems(purchase: PurchaseRecord, config: { guaranteeDays: number }, now: number): ChargeItems[] {
  return chargesOf(purchase)
    .filter(
      (order) => order.status === 'paid' && order.paid_at !== null && now < guaranteeEndsAt(Number(order.paid_at), config.guaranteeDays),
    )
    .map((order) => ({ order, items: unaskedItems(purchase, order.id, true) }))
    .filter((charge) => charge.items.length > 0);
}

/** A charge's items with no refund row (or, when `declinedToo`, only a declined one). */
export function unaskedItems(purchase: PurchaseRecord, orderId: string, declinedToo: boolean): OrderItem[] {
  return (purchase.items.get(orderId) ?? []).filter((item) => {
    const refund = refundOf(purchase, orderId, item.key);
    return refund === undefined || (declinedToo && refund.status === 'declined');
  });
}

/** A charge's items not given back yet: what "Reembolsar" approves. */
export function unrefundedItems(purchase: PurchaseRecord, orderId: string): OrderItem[] {
  return (purchase.items.get(orderId) ?? []).filter((item) => refundOf(purchase, orderId, item.key)?.status !== 'refunded');
}

/** On the main order, the whole purchase (an add-on's list closes with its parent's); on an add-on, that add-on. */
export function sellerScope(purchase: PurchaseRecord, orderId: string): OrderRow[] {
  const charges = chargesOf(purchase);
  const asked = charges.some((order) => order.status === 'paid' && refundsOf(purchase, order.id).some(isOpenRefund));
  if (orderId === purchase.main.id || asked) return charges;
  return charges.filter((order) => order.id === orderId);
}

export function openItemKeys(ledger: Pick<PurchaseView, 'items'>): OrderItemKey[] {
  const open = ledger.items.filter((item) => item.state === 'open' || item.state === 'refund_requested' || item.state === 'refunding');
  return [...new Set(open.map((item) => item.key))].sort((a, b) => (a === b ? 0 : a === 'main' ? -1 : 1));
}

/**
 * The name of one money movement among an order's (its outbox rows are one per order and kind): none for the whole
 * order at once, else its items, as a part (the order stays paid) or the rest after a part.
 */
export function movementSuffix(
  order: Pick<OrderRow, 'amount_cents' | 'status'>,
  movement: { amountCents: number; items: readonly OrderItemKey[]; providerTotalCents?: number },
): string {
  if (movement.amountCents === Number(order.amount_cents)) return '';
  // A part refund of the purchase made at the provider, tied to no item: named by the provider's total after it.
  if (movement.items.length === 0)
    return `:${order.status === 'paid' ? 'part' : 'rest'}:provider${movement.providerTotalCents ?? movement.amountCents}`;
  return `:${order.status === 'paid' ? 'part' : 'rest'}:${movement.items.join('+')}`;
}

/**
 * What the MED (a lost dispute, a devolução) took back of a charge, and the items whose access it ended (docs/money.md#med):
 * all of a reversed charge's not refunded before; of a charge still paid, all that was left, else each return on its own,
 * in the order seen: the open item whose price it matches ends, and a return that matches none is a part tied to no item
 * (`partCents`, access kept).
 */
export function medReturnOf(
  purchase: Pick<PurchaseRecord, 'items' | 'refunds' | 'medReturns'>,
  order: OrderRow,
): { cents: number; items: Set<OrderItemKey>; partCents: number } {
  const returned = Number(order.med_returned_cents ?? 0);
  if (returned <= 0 || !wasPaid(order)) return { cents: 0, items: new Set(), partCents: 0 };
  const amount = Number(order.amount_cents);
  const left = (purchase.items.get(order.id) ?? []).filter((item) => refundOf(purchase, order.id, item.key)?.status !== 'refunded');
  const leftCents = order.status === 'reversed' ? amount : amount - refundedPartCents(purchase, order.id);
  const cents = Math.min(returned, leftCents);
  if (order.status === 'reversed' || cents >= leftCents) return { cents, items: new Set(left.map((item) => item.key)), partCents: 0 };
  const ended = new Set<OrderItemKey>();
  let partCents = 0;
  for (const each of medReturnsOf(purchase, order.id, cents)) {
    const match = left.find((item) => item.priceCents === each && !ended.has(item.key));
    if (match) ended.add(match.key);
    else partCents += each;
  }
  return { cents, items: ended, partCents };
}

/** A charge's returns in the order seen, up to its MED total; what the total holds beyond them (none recorded) is one more. */
function medReturnsOf(purchase: Pick<PurchaseRecord, 'medReturns'>, orderId: string, totalCents: number): number[] {
  const rows = [...(purchase.medReturns?.get(orderId) ?? [])].sort((a, b) => Number(a.total_cents) - Number(b.total_cents));
  const returns: number[] = [];
  let counted = 0;
  for (const row of rows) {
    const cents = Math.min(Number(row.amount_cents), totalCents - counted);
    if (cents <= 0) break;
    returns.push(cents);
    counted += cents;
  }
  if (counted < totalCents) returns.push(totalCents - counted);
  return returns;
}

export interface KeptItem {
  orderId: string;
  key: OrderItemKey;
  state: PurchaseItemState;
  keptCents: number;
  guaranteeEndsAt: number | null;
}

const NOT_KEPT: readonly PurchaseItemState[] = ['unpaid', 'refunded', 'med_returned'];

/**
 * What the providers kept of each item, as "Faturamento" counts it (docs/affiliates.md#commissions): its price while not
 * given back, less its share, by price, of a part refunded or returned by the MED tied to no item.
 */
export function keptOfItems(purchase: PurchaseRecord, config: { guaranteeDays: number }): KeptItem[] {
  const ledger = ledgerOf(purchase, config);
  return chargesOf(purchase).flatMap((order) => {
    const items = ledger.items.filter((item) => item.orderId === order.id);
    const med = medReturnOf(purchase, order);
    const untied = untiedRefundCents(purchase, order.id) + med.partCents;
    const keptTotal = items.filter((item) => !NOT_KEPT.includes(item.state)).reduce((sum, item) => sum + item.priceCents, 0);
    const cut = Math.min(untied, keptTotal);
    let left = cut;
    return items.map((item, index) => {
      const kept = NOT_KEPT.includes(item.state) ? 0 : item.priceCents;
      const last = items.slice(index + 1).every((later) => NOT_KEPT.includes(later.state));
      const share = kept === 0 ? 0 : Math.min(kept, last ? left : Math.floor((cut * kept) / keptTotal));
      left -= share;
      return { orderId: order.id, key: item.key, state: item.state, keptCents: kept - share, guaranteeEndsAt: item.guaranteeEndsAt };
    });
  });
}
