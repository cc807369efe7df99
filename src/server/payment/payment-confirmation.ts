import type { ChargeRecord, PixProvider } from '../gateway/pix-provider.ts';
import { GatewayError } from '../gateway/types.ts';
import { customerMatchesBuyer } from './buyer-match.ts';
import type { OrderEvent, OrderEventOf } from '../orders/order-events.ts';
import { reverseOrder } from '../orders/order-transitions.ts';
import type { OrdersDeps, ReadTally } from '../orders/orders-deps.ts';
import { setOrderStatus, type OrderRow } from '../orders/orders-repository.ts';
import { adoptTransactionHash, flagDuplicatePayment, isErasedBuyer, markOrderPaid } from '../orders/payment-repository.ts';
import { clearRecheckRequest, markChargeClosed } from '../orders/reconciliation-repository.ts';
import { findOrderById, recordEndToEndId } from '../orders/order-lookup.ts';
import { recordProviderRefund } from './provider-refunds.ts';
import { returnIfPaidInBankAppToo } from '../open-finance/open-finance-twice.ts';

/** At most this many ids from a postback are tried when our own create answer was lost. */
const MAX_HINTS = 3;

/** Once a cancel was sent, a deleting provider's "not found" is that cancel done; before, a 404 may be a wrong host. */
function deletedByOurCancel(provider: PixProvider, order: OrderRow, chargeId: string, error: unknown): boolean {
  return (
    provider.capabilities.cancelDeletes === true &&
    order.cancel_sent_at !== null &&
    chargeId === order.charge_id &&
    error instanceof GatewayError &&
    error.httpStatus === 404
  );
}

/** A MED names the PIX by its end-to-end id; a dispute or a MED devolução on the read goes to disputes/ (docs/disputes.md). */
export async function noteDispute(deps: OrdersDeps, order: OrderRow, record: ChargeRecord, now: number): Promise<void> {
  if (record.endToEndId) await recordEndToEndId(deps.db, order.id, record.endToEndId);
  // A part returned on a charge still paid too (docs/money.md#med), and on one whose other part is on its way back by our
  // own refund: the provider then reads `refunding`, yet the MED's money is already gone.
  const settled = record.state === 'reversed' || record.state === 'paid' || record.state === 'refunding';
  const cents = settled ? (record.disputeReturnedCents ?? 0) : 0;
  // No dispute where the read would show one: any dispute that provider opened is over, won if paid, moot if refunded.
  const readsDisputes = !record.dispute && cents <= 0 && deps.payments.get(order.provider)?.capabilities.disputeOnRead === true;
  const cleared = !readsDisputes ? undefined : record.state === 'paid' ? 'won' : record.state === 'reversed' ? 'cancelled' : undefined;
  if (!record.dispute && cents <= 0 && !cleared) return;
  const returned =
    cents > 0 ? { cents, chargeId: record.chargeId, endToEndId: record.endToEndId ?? null, rawStatus: record.rawStatus ?? null } : null;
  const dispute = record.dispute ?? null;
  await deps.events.committed({ type: 'dispute_seen', orderId: order.id, dispute, returned, at: now, ...(cleared ? { cleared } : {}) });
}

/** The gateway's read is the truth (docs/gateway.md#10-confirming-a-payment); postback ids are adopted only for this buyer. */
// Long: a recheck's outcomes (paid, adopted, duplicate, failed) are one decision read top to bottom.
export async function recheckOrder(deps: OrdersDeps, order: OrderRow, hintIds: string[] = [], tally?: ReadTally): Promise<OrderRow> {
  const { logger, db } = deps;
  const provider = deps.payments.get(order.provider);
  if (!provider) {
    logger.warn('Order of a provider no longer configured; not re-checked', { order: order.id, provider: order.provider });
    return order;
  }
  const adopting = !order.charge_id;
  const candidates = order.charge_id ? [order.charge_id] : hintIds.slice(0, MAX_HINTS);
  const readStartedAt = deps.now?.() ?? Date.now();
  // Nothing names the charge (no hash, postbacks without ids): there is nothing to read, now or later.
  if (candidates.length === 0) await clearRecheckRequest(db, order.id, readStartedAt);
  let record: ChargeRecord | undefined;
  let hash: string | undefined;
  let answered = false;
  for (const candidate of candidates) {
    let read: ChargeRecord;
    try {
      read = await provider.getCharge(candidate);
    } catch (error) {
      if (deletedByOurCancel(provider, order, candidate, error)) {
        await markChargeClosed(db, order.id, readStartedAt);
        answered = true;
        break;
      }
      // A 404 can also mean a wrong host or credentials, so it never cancels anything (docs/gateway.md#5-reading-a-transaction).
      logger.warn('Payment re-check failed', { order: order.id, error: error instanceof Error ? error.message : String(error) });
      tally?.failed(error);
      continue;
    }
    answered = true;
    tally?.answered();
    if (adopting && !customerMatchesBuyer(read.customer, order)) {
      // Only ids: the customer's data stays out of the log.
      logger.warn('Postback named a transaction of another customer; not adopted', { order: order.id, transaction: candidate });
      continue;
    }
    record = read;
    hash = candidate;
    break;
  }
  // Any answer settles the request; a failed read leaves it for the reconciler.
  if (answered) await clearRecheckRequest(db, order.id, readStartedAt);
  if (!record || !hash) return order;
  const now = deps.now?.() ?? Date.now();
  await noteDispute(deps, order, record, now);

  if (record.state === 'paid') {
    if (record.amountCents !== order.amount_cents) {
      logger.warn('Paid amount differs from the order; not fulfilled', {
        order: order.id,
        expected: order.amount_cents,
        paid: record.amountCents ?? 'unknown',
      });
      return order;
    }
    if (record.productHash && record.productHash !== order.product_hash) {
      logger.warn('Paid transaction is for another product; not fulfilled', { order: order.id });
      return order;
    }
    // The gateway's own hash, not the id the postback used: the unique index compares like with like.
    if (adopting && !(await adoptTransactionHash(db, order.id, record.chargeId, now))) {
      logger.warn('Paid transaction already belongs to another order; not adopted', {
        order: order.id,
        transaction: record.chargeId,
      });
      return (await findOrderById(db, order.id)) ?? order;
    }
    const confirmed = await confirmOrderPaid(deps, order, now, hash);
    if (!confirmed) await returnIfPaidInBankAppToo(deps, order.id);
    // Still paid, but some of it went back at the provider (a part refund in its panel): recorded once.
    if ((record.refundedCents ?? 0) > 0 && (await recordProviderRefund(deps, order, record, now))) {
      logger.info('Part refund made at the provider recorded', { order: order.id });
    }
  } else if (record.state === 'refunding') {
    // pending_refund: the refund is under way; only `refunded` ends the access (docs/gateway.md).
  } else if (record.state === 'reversed') {
    // All of it refunded by the seller in the provider's panel, with no contestation: a refund, told as one ("Reembolso feito").
    const refundedInPanel = !record.dispute && !(record.disputeReturnedCents ?? 0) && (record.refundedCents ?? 0) >= order.amount_cents;
    if (await reverseOrder(deps, order.id, refundedInPanel ? 'refunded' : 'reversed', now)) {
      logger.warn('Payment reversed; access revoked', { order: order.id, status: record.rawStatus ?? 'unknown' });
    }
  } else if (record.state === 'failed') {
    // Expired or cancelled at the provider: its code can no longer be paid, so it is read no more.
    await markChargeClosed(db, order.id, now);
    const failed: OrderEvent = { type: 'failed', orderId: order.id, at: now };
    const changed = await db.transaction().execute(async (trx) => {
      const updated = await setOrderStatus(trx, order.id, ['pending'], 'failed', now);
      if (updated) await deps.events.publish(trx, failed);
      return updated;
    });
    if (changed) await deps.events.committed(failed);
  } else if (record.state === 'unknown') {
    logger.warn('Unknown payment status from the gateway', { order: order.id, status: record.rawStatus ?? 'none' });
  }
  return (await findOrderById(db, order.id)) ?? order;
}

/** The one way an order becomes paid, whichever way the buyer paid; undefined when it already was. */
export async function confirmOrderPaid(deps: OrdersDeps, order: OrderRow, now: number, paidWith: string): Promise<OrderRow | undefined> {
  const { logger } = deps;
  // Whoever sells, e-mails or reports the sale hears of it in this transaction: never lost, never twice.
  const published: OrderEvent[] = [];
  let erased = false;
  const paid = await markOrderPaid(deps.db, deps.dialect, order.id, { now }, async (trx, row) => {
    if (isErasedBuyer(row)) {
      // Nobody can be given access or told: the money goes back (docs/payments.md#reconciliation).
      erased = true;
      await deps.events.publish(trx, { type: 'undeliverable', order: row, at: now });
      return;
    }
    published.push({ type: 'paid', order: row, at: now });
    // A retired charge paid late is compared with all the buyer bought, however long ago (docs/payments.md#reconciliation).
    const earlier = await flagDuplicatePayment(trx, row, now, { anyTime: order.status === 'failed' });
    if (earlier) published.push({ type: 'duplicate', order: row, original: earlier, at: now });
    for (const event of published) await deps.events.publish(trx, event);
  });
  if (paid && erased) {
    logger.warn('Payment after the buyer was erased: refunded', { order: order.id, transaction: paidWith });
  } else if (paid) {
    logger.info('Order paid', { order: order.id, transaction: paidWith });
    const duplicate = published.find((event): event is OrderEventOf<'duplicate'> => event.type === 'duplicate');
    if (duplicate)
      logger.warn('Duplicate payment: the seller is asked to refund it', { order: order.id, duplicateOf: duplicate.original.id });
    for (const event of published) await deps.events.committed(event);
  }
  return paid;
}
