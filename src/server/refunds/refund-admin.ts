import type { Kysely } from 'kysely';
import type { TimelineEntry } from '../../shared/admin.ts';
import type { AdminRefund, ManualRefundSteps } from '../../shared/refunds.ts';
import { listEvidence } from '../access/evidence-repository.ts';
import type { Database } from '../db/schema.ts';
import { findOrderById } from '../orders/orders-repository.ts';
import { findRefund, type RefundRow } from './refunds-repository.ts';

/** The console's view of an order's refund: its state, and its steps for the order's timeline. */
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

/**
 * The gateway is returning the order's money (GATEWAY_REFUNDS=1: asked, or waiting to be seen):
 * marking it refunded by hand now could have the seller pay the buyer a second time.
 */
export async function refundUnderWayAtGateway(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const row = await findRefund(db, orderId);
  return row?.status === 'approved' && (row.gateway_state === 'calling' || row.gateway_state === 'pending');
}

/** This attempt asked the gateway and never saw the refund (a refusal releases the call: refunds-repository.ts). */
function mayHaveRefunded(row: RefundRow): boolean {
  return row.status === 'approved' && row.gateway_called_at !== null;
}

/**
 * "Try the gateway again" on an attempt whose call may have gone through (REFUND_CONFIRM_WINDOW_MS
 * passed unseen): a new call could refund twice, so the seller must first have checked the panel.
 */
export async function retryNeedsPanelCheck(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const row = await findRefund(db, orderId);
  return row !== undefined && mayHaveRefunded(row) && (row.gateway_state === 'failed' || row.gateway_state === 'off');
}

/** What the seller types in the gateway panel to refund by hand. */
export async function manualRefundSteps(db: Kysely<Database>, orderId: string): Promise<ManualRefundSteps | null> {
  const order = await findOrderById(db, orderId);
  if (!order) return null;
  return {
    amountCents: Number(order.amount_cents),
    transactionHash: order.transaction_hash,
    buyerDocument: order.buyer_document,
  };
}
