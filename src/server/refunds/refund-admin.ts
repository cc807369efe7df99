import type { Kysely } from 'kysely';
import type { TimelineEntry } from '../../shared/admin.ts';
import type { AdminRefund, ManualRefundSteps } from '../../shared/refunds.ts';
import { listEvidence } from '../access/evidence-repository.ts';
import type { Database } from '../db/schema.ts';
import { refundAmount, refundCovers, sellerScope } from '../purchases/purchase-ledger.ts';
import { loadPurchase } from '../purchases/purchase-repository.ts';
import { findRefund, type RefundRow } from './refunds-repository.ts';

export async function loadAdminRefund(
  db: Kysely<Database>,
  orderId: string,
): Promise<{ refund: AdminRefund; timeline: TimelineEntry[] } | undefined> {
  const [row, evidence] = await Promise.all([findRefund(db, orderId), listEvidence(db, orderId)]);
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
  return [...purchase.refunds.values()].some(
    (row) => mayHaveRefunded(row) && (row.gateway_state === 'failed' || row.gateway_state === 'off'),
  );
}

export async function manualRefundSteps(db: Kysely<Database>, orderId: string): Promise<ManualRefundSteps | null> {
  const purchase = await loadPurchase(db, orderId);
  if (!purchase) return null;
  const paid = sellerScope(purchase, orderId).filter((order) => order.status === 'paid');
  const open = paid.filter((order) => isOpenRefund(purchase.refunds.get(order.id)));
  const due = open.length > 0 ? open : paid.filter((order) => purchase.refunds.get(order.id)?.status !== 'refunded');
  const charges = due.map((order) => {
    const refund = purchase.refunds.get(order.id);
    const items = (purchase.items.get(order.id) ?? []).filter((item) => !refund || !isOpenRefund(refund) || refundCovers(refund, item.key));
    return {
      orderId: order.id,
      transactionHash: order.transaction_hash,
      amountCents: refund && isOpenRefund(refund) ? refundAmount(refund, order) : Number(order.amount_cents),
      items: items.map((item) => item.title),
    };
  });
  return {
    amountCents: charges.reduce((sum, charge) => sum + charge.amountCents, 0),
    charges,
    buyerDocument: purchase.main.buyer_document,
  };
}

function isOpenRefund(refund: RefundRow | undefined): refund is RefundRow {
  return refund !== undefined && (refund.status === 'requested' || refund.status === 'approved');
}
