// The seller's answers in the console (docs/refunds.md#the-seller-decides): refund, decline, or mark as refunded by hand.
import type { Kysely } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { Database } from '../db/schema.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import { reverseOrder } from '../orders/order-transitions.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { chargesOf, refundOf, refundsOf, sellerScope, unrefundedItems, type PurchaseRecord } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import {
  askDisputeGuard,
  gatewayTakes,
  RefundHeldForDispute,
  recordApproval,
  refundsPartAtGateway,
  type Approvals,
} from './refund-approval.ts';
import { manualRefundSteps } from './refund-admin.ts';
import { queueDeclinedEmail } from './refund-email.ts';
import { finishPartialRefund } from './refund-outcomes.ts';
import type { RefundsDeps } from './refunds-deps.ts';
import { approveRefund, declineRefund, findRefunds, retryGatewayRefund } from './refunds-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { recordEvidence } from '../evidence/delivery-record.ts';

/** The seller's decision refused until confirmed a second time: the purchase has a dispute open (docs/disputes.md#never-twice). */
const DISPUTE_OPEN = 'dispute_open';

function heldForDispute(error: unknown): typeof DISPUTE_OPEN {
  if (error instanceof RefundHeldForDispute) return DISPUTE_OPEN;
  throw error;
}

export type SellerRefundResult = 'ok' | 'not_found' | 'not_paid' | 'in_progress' | typeof DISPUTE_OPEN;

/**
 * "Reembolsar": approves every paid item of the purchase not given back yet; with GATEWAY_REFUNDS=1 queues each whole
 * charge's call (again after a failure). `disputeConfirmed`: the seller confirmed a second time while a dispute is open.
 */
export async function startRefund(deps: RefundsDeps, orderId: string, now: number, disputeConfirmed = false): Promise<SellerRefundResult> {
  const approver = { by: 'seller', disputeConfirmed } as const;
  const result = await deps.db
    .transaction()
    .execute(async (trx): Promise<SellerRefundResult> => {
      const purchase = await loadPurchase(trx, orderId);
      if (!purchase) return 'not_found';
      // Asked before "not paid": an order under an open dispute is no longer `paid`, and the seller must hear why.
      await askDisputeGuard(trx, deps, orderId, approver);
      const paid = sellerScope(purchase, orderId).filter(
        (order) => order.status === 'paid' && unrefundedItems(purchase, order.id).length > 0,
      );
      if (paid.length === 0) return 'not_paid';
      let changed = false;
      for (const order of paid) {
        const items = unrefundedItems(purchase, order.id).filter((item) => {
          const status = refundOf(purchase, order.id, item.key)?.status;
          return status === undefined || status === 'requested' || status === 'declined';
        });
        const atGateway = gatewayTakes(
          purchase,
          order.id,
          items.map((item) => item.key),
        );
        const gateway = deps.config.gatewayRefunds && atGateway;
        const rows = await approveRefund(trx, { orderId: order.id, items, origin: 'seller', by: 'seller', gateway, now });
        if (rows.length > 0) {
          const attempt = Math.max(...rows.map((row) => Number(row.attempt)));
          await recordApproval(trx, deps, order.id, { approver, attempt, now, byHand: !atGateway });
          changed = true;
          continue;
        }
        if (!deps.config.gatewayRefunds || !approvedForGateway(purchase, order.id)) continue;
        const attempt = await retryGatewayRefund(trx, order.id, now);
        if (attempt === undefined) continue;
        await recordApproval(trx, deps, order.id, { approver, attempt, now, again: true });
        changed = true;
      }
      return changed ? 'ok' : 'in_progress';
    })
    .catch(heldForDispute);
  if (result === 'ok') deps.runOutbox();
  return result;
}

/** Every item of the charge approved, none given back, or some approved where the provider refunds part: the gateway may try again. */
function approvedForGateway(purchase: PurchaseRecord, orderId: string): boolean {
  const items = purchase.items.get(orderId) ?? [];
  const approved = items.filter((item) => refundOf(purchase, orderId, item.key)?.status === 'approved');
  if (approved.length === 0) return false;
  return approved.length === items.length || refundsPartAtGateway(purchase, orderId);
}

export type DeclineResult = 'ok' | 'not_found' | 'not_requested';

/** "Recusar": every request of the purchase still waiting; the buyer is e-mailed the reason once. */
export async function declineRefundRequest(deps: RefundsDeps, orderId: string, reason: string, now: number): Promise<DeclineResult> {
  const declined = await deps.db.transaction().execute(async (trx) => {
    const purchase = await loadPurchase(trx, orderId);
    if (!purchase) return 'not_found' as const;
    const done: OrderRow[] = [];
    let amountCents = 0;
    for (const order of chargesOf(purchase)) {
      const waiting = refundsOf(purchase, order.id).filter((row) => row.status === 'requested');
      if ((await declineRefund(trx, order.id, reason, now)) === 0) continue;
      done.push(order);
      amountCents += waiting.reduce((sum, row) => sum + Number(row.amount_cents), 0);
      await recordEvidence(trx, { orderId: order.id, at: now, kind: 'refund_declined', detail: reason });
    }
    if (done.length === 0) return 'not_requested' as const;
    await queueDeclinedEmail(trx, { mainId: purchase.main.id, orders: done, amountCents, now });
    return 'ok' as const;
  });
  if (declined === 'ok') deps.runOutbox();
  return declined;
}

export type MarkRefundedResult = 'ok' | 'not_found' | 'not_paid' | 'gateway_in_flight' | typeof DISPUTE_OPEN;

/** Refunded in the provider's panel: a whole charge is reversed, a part recorded as given back. */
export async function markRefundedByHand(
  deps: Approvals & { db: Kysely<Database>; events: OrderEvents },
  orderId: string,
  now: number,
  disputeConfirmed = false,
): Promise<MarkRefundedResult> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) return 'not_found';
  // As "Reembolsar": the dispute's answer comes before "not paid".
  const held = await askDisputeGuard(deps.db, deps, order.id, { by: 'seller', disputeConfirmed }).catch(heldForDispute);
  if (held === DISPUTE_OPEN) return held;
  const steps = await manualRefundSteps(deps.db, order.id);
  if (!steps || steps.charges.length === 0) return 'not_paid';
  // Approved together, so the buyer gets one e-mail for the whole amount.
  const approved = await approveManualRefunds(
    deps,
    steps.charges.map((charge) => ({ orderId: charge.orderId, items: charge.itemKeys })),
    { now, disputeConfirmed },
  ).catch(heldForDispute);
  if (approved === 'gateway_in_flight' || approved === DISPUTE_OPEN) return approved;
  // What the order still held goes back whole (the order turns `reversed`); less than that is a part refund.
  for (const charge of steps.charges) {
    if (approved.part.has(charge.orderId)) await finishPartialRefund(deps, charge.orderId, charge.itemKeys, now);
    else await reverseOrder(deps, charge.orderId, 'refunded', now);
  }
  return 'ok';
}

interface ManualCharge {
  orderId: string;
  items: readonly OrderItemKey[];
}

/** Refused while the gateway refunds (twice otherwise). Returns the charges settled only in part. */
async function approveManualRefunds(
  deps: Approvals & { db: Kysely<Database> },
  charges: readonly ManualCharge[],
  { now, disputeConfirmed }: { now: number; disputeConfirmed: boolean },
): Promise<{ part: Set<string> } | 'gateway_in_flight'> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await findRefunds(
      trx,
      charges.map((charge) => charge.orderId),
    );
    if (rows.some((row) => row.status === 'approved' && (row.gateway_state === 'calling' || row.gateway_state === 'pending')))
      return 'gateway_in_flight' as const;
    const part = new Set<string>();
    for (const charge of charges) {
      const purchase = await loadPurchase(trx, charge.orderId);
      if (!purchase) continue;
      const left = unrefundedItems(purchase, charge.orderId);
      if (left.some((item) => !charge.items.includes(item.key))) part.add(charge.orderId);
      const items = left.filter((item) => charge.items.includes(item.key));
      const approvedRows = await approveRefund(trx, {
        orderId: charge.orderId,
        items,
        origin: 'seller',
        by: 'seller',
        gateway: false,
        now,
      });
      const approver = { by: 'seller', disputeConfirmed } as const;
      if (approvedRows.length > 0) await recordApproval(trx, deps, charge.orderId, { approver, attempt: 0, now, byHand: true });
    }
    return { part };
  });
}
