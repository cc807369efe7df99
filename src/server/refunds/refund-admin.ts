import type { Kysely, Transaction } from 'kysely';
import type { TimelineEntry } from '../../shared/admin.ts';
import type { AdminRefund, ManualRefundSteps } from '../../shared/refunds.ts';
import type { Database } from '../db/schema.ts';
import { chargesOf, isOpenRefund, refundOf, sellerScope, unrefundedItems } from '../purchase/purchase-ledger.ts';
import { providerName } from '../../content/providers.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { countPaidPurchasesAmong } from '../orders/order-lookup.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { findRefunds, type RefundRow } from './refunds-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;
import { listEvidence } from '../evidence/delivery-record.ts';

export async function loadAdminRefund(
  db: Kysely<Database>,
  orderId: string,
): Promise<{ refund: AdminRefund; timeline: TimelineEntry[] } | undefined> {
  const [rows, evidence] = await Promise.all([findRefunds(db, [orderId]), listEvidence(db, orderId)]);
  // The one the seller acts on: a refund still open, else the latest (each item's own state is in the purchase view).
  const row = [...rows].sort((a, b) => Number(isOpenRefund(b)) - Number(isOpenRefund(a)) || Number(b.updated_at) - Number(a.updated_at))[0];
  if (!row) return undefined;
  const timeline: TimelineEntry[] = [];
  if (row.origin === 'buyer') {
    timeline.push({
      at: Number(row.requested_at),
      kind: 'refund',
      refund: { event: 'requested', ...(row.reason ? { reason: row.reason } : {}), ...(row.note ? { text: row.note } : {}) },
    });
  }
  for (const entry of evidence) {
    if (entry.kind === 'refund_approved') {
      timeline.push({ at: entry.at, kind: 'refund', refund: { event: entry.detail === 'auto' ? 'approved_auto' : 'approved' } });
    } else if (entry.kind === 'refund_declined') {
      timeline.push({ at: entry.at, kind: 'refund', refund: { event: 'declined', ...(entry.detail ? { text: entry.detail } : {}) } });
    } else if (entry.kind === 'refund_gateway') {
      timeline.push({ at: entry.at, kind: 'refund', refund: { event: 'gateway_called' } });
    } else if (entry.kind === 'refunded') {
      timeline.push({ at: entry.at, kind: 'refund', refund: { event: 'refunded' } });
    }
  }
  // Where the gateway stands now: not a past event, so shown at its last change.
  if (row.status === 'approved' && row.gateway_state === 'pending') {
    timeline.push({ at: Number(row.updated_at), kind: 'refund', refund: { event: 'gateway_pending' } });
  }
  if (row.status === 'approved' && row.gateway_state === 'failed') {
    timeline.push({
      at: Number(row.updated_at),
      kind: 'refund',
      refund: { event: 'gateway_failed', ...(row.gateway_error ? { text: row.gateway_error } : {}) },
    });
  }
  return { refund: toAdminRefund(row), timeline };
}

function toAdminRefund(row: RefundRow): AdminRefund {
  const time = (value: number | null) => (value === null ? null : Number(value));
  return {
    status: row.status,
    origin: row.origin,
    reason: row.reason,
    note: row.note,
    requestedAt: Number(row.requested_at),
    decidedAt: time(row.decided_at),
    decidedBy: row.decided_by,
    declineReason: row.decline_reason,
    refundedAt: time(row.refunded_at),
    gateway: { state: row.gateway_state, error: row.gateway_error, mayHaveRefunded: mayHaveRefunded(row) },
  };
}

/** This attempt asked the gateway and never saw the refund (a refusal releases the call: refunds-repository.ts). */
function mayHaveRefunded(row: RefundRow): boolean {
  return row.status === 'approved' && row.gateway_called_at !== null;
}

/** A call that may have gone through could refund twice: the seller must first have checked the panel. */
export async function retryNeedsPanelCheck(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const purchase = await loadPurchase(db, orderId);
  if (!purchase) return false;
  return [...purchase.refunds.values()]
    .flat()
    .some((row) => mayHaveRefunded(row) && (row.gateway_state === 'failed' || row.gateway_state === 'off'));
}

/** Each charge to refund by hand in its provider's panel: the items still asked for, else every item not given back. */
export async function manualRefundSteps(
  db: Kysely<Database>,
  orderId: string,
  options: { sandbox: boolean } = { sandbox: false },
): Promise<ManualRefundSteps | null> {
  const purchase = await loadPurchase(db, orderId);
  // An order never paid has nothing to give back: a bump paid before it is handled on its own page.
  if (!purchase || chargesOf(purchase).find((order) => order.id === orderId)?.paid_at == null) return null;
  const paid = sellerScope(purchase, orderId).filter((order) => order.status === 'paid');
  const asked = (order: OrderRow) =>
    (purchase.items.get(order.id) ?? []).filter((item) => isOpenRefund(refundOf(purchase, order.id, item.key)));
  const anyAsked = paid.some((order) => asked(order).length > 0);
  const charges = paid
    .map((order) => ({ order, items: anyAsked ? asked(order) : unrefundedItems(purchase, order.id) }))
    .filter((charge) => charge.items.length > 0)
    .map(({ order, items }) => ({
      orderId: order.id,
      provider: order.provider,
      providerName: providerName(order.provider, options),
      transactionHash: order.charge_id,
      amountCents: items.reduce((sum, item) => sum + item.priceCents, 0),
      items: items.map((item) => item.title),
      itemKeys: items.map((item) => item.key),
    }));
  return {
    amountCents: charges.reduce((sum, charge) => sum + charge.amountCents, 0),
    charges,
    buyerDocument: purchase.main.buyer_document,
  };
}

export async function countOpenRefunds(db: Executor, requestedBefore?: number): Promise<number> {
  let open = db.selectFrom('refunds').select('refunds.order_id').where('refunds.status', 'in', ['requested', 'approved']);
  if (requestedBefore !== undefined) open = open.where('refunds.requested_at', '<', requestedBefore);
  // One purchase's request is one task for the seller, however many of its charges it covers.
  return countPaidPurchasesAmong(db, open);
}
