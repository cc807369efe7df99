// The provider's word on a dispute applied to its order: opened, decided, what the MED took back (docs/disputes.md#knowing).
import type { Transaction } from 'kysely';
import type { DisputeState } from '../../shared/disputes.ts';
import type { Database } from '../db/schema.ts';
import type { ProviderDispute } from '../gateway/pix-provider.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { MedReturn, OrderEventOf } from '../orders/order-events.ts';
import { findDisputedOrder, findOrderById } from '../orders/order-lookup.ts';
import { askRecheck, reverseOrder, setMedReturnedCents } from '../orders/order-transitions.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { loadPurchaseView } from '../purchase/purchase-service.ts';
import { queueOpenedAlert, queueOutcomeAlert } from './dispute-alerts.ts';
import { blockHashesOf } from './dispute-blocks.ts';
import {
  closeDispute,
  disputesOfOrders,
  insertBlocks,
  insertDispute,
  isOpenDispute,
  setDisputeReturned,
  updateDispute,
  type DisputeRow,
  type Executor,
} from './dispute-repository.ts';
import { checkPayer } from './payer-check.ts';

export type DisputesDeps = OrdersDeps;

export const nowOf = (deps: Pick<DisputesDeps, 'now'>) => deps.now?.() ?? Date.now();

export const alertChannels = (deps: Pick<DisputesDeps, 'config'>) => ({ whatsapp: deps.config.disputeAlertWhatsapp !== null });

/** Closes an open dispute and queues its outcome's alert in the same transaction: told once, and only if it closed here. */
export async function closeAndTell(deps: DisputesDeps, id: string, state: DisputeState, now: number): Promise<DisputeRow | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const closed = await closeDispute(trx, id, state, now);
    if (closed) await tellOutcome(deps, trx, closed, now);
    return closed;
  });
}

/** Queues a decided dispute's alert, a lost one's MED money recorded first in its transaction: sent once it commits, the alert reads it. */
async function tellOutcome(deps: DisputesDeps, trx: Transaction<Database>, dispute: DisputeRow, now: number): Promise<void> {
  if (dispute.state === 'lost') {
    const order = await findOrderById(trx, dispute.order_id);
    if (order) await recordMedReturned(deps, trx, order, now);
  }
  await queueOutcomeAlert(trx, dispute, now, alertChannels(deps));
}

export type ApplyResult = { kind: 'unknown_order' } | { kind: 'applied'; dispute: DisputeRow; changed: boolean };

/** Idempotent: a replayed event finds the dispute as it stands and changes nothing (docs/disputes.md#knowing). */
export async function applyProviderDispute(deps: DisputesDeps, providerId: ProviderId, dispute: ProviderDispute): Promise<ApplyResult> {
  const order = (await findDisputedOrder(deps.db, providerId, dispute)) ?? (await orderOfUnseenPayment(deps, providerId, dispute));
  if (!order) {
    // Ids only: the payer the provider names stays out of the log.
    deps.logger.warn('Dispute of no known order', { provider: providerId, dispute: dispute.disputeId });
    return { kind: 'unknown_order' };
  }
  return applyToOrder(deps, order, dispute);
}

/** A listed dispute names only its payment, whose id the shop keeps once it saw it paid: else the provider names the charge. */
async function orderOfUnseenPayment(deps: DisputesDeps, providerId: ProviderId, dispute: ProviderDispute) {
  const chargeOfPayment = deps.payments.get(providerId)?.disputes?.chargeOfPayment;
  if (dispute.chargeId || !dispute.endToEndId || !chargeOfPayment) return undefined;
  const chargeId = await chargeOfPayment(dispute.endToEndId);
  return chargeId ? findDisputedOrder(deps.db, providerId, { chargeId, endToEndId: null }) : undefined;
}

/** A charge's read-back or a verified webhook showed a dispute, or a MED devolução (orders/ tells it: `dispute_seen`). */
export async function applyDisputeSeen(deps: DisputesDeps, event: OrderEventOf<'dispute_seen'>): Promise<void> {
  const order = await findOrderById(deps.db, event.orderId);
  if (!order) return;
  if (event.cleared) await closeClearedDisputes(deps, order, event.cleared);
  if (event.dispute) await applyToOrder(deps, order, event.dispute);
  if (event.returned) await recordMedReturn(deps, (await findOrderById(deps.db, order.id)) ?? order, event.returned);
}

/** The provider's read shows the paid charge with no dispute: the ones it opened there ended in the seller's favour. */
async function closeClearedDisputes(deps: DisputesDeps, order: OrderRow, outcome: 'won' | 'cancelled'): Promise<void> {
  const now = nowOf(deps);
  for (const row of await disputesOfOrders(deps.db, [order.id])) {
    if (row.source !== 'provider' || row.provider !== order.provider || !isOpenDispute(row)) continue;
    if (await closeAndTell(deps, row.id, outcome, now)) deps.logger.info('Dispute closed', { order: order.id, dispute: row.id, outcome });
  }
}

/**
 * A MED devolução or chargeback loses its dispute; with none known, one is recorded lost so the ledger says "Devolvido pelo MED".
 * The read states the charge's MED total, so only a rise over the largest total recorded is new money: a read that shows the
 * same total again (a replayed webhook, a second read) changes nothing, and a dispute lost at the provider whose money is not
 * read yet (Efí's infraction ACEITA) takes the rise, even when an earlier return on the same Pix was already counted.
 */
async function recordMedReturn(deps: DisputesDeps, order: OrderRow, returned: MedReturn): Promise<void> {
  const all = await disputesOfOrders(deps.db, [order.id]);
  const counted = Math.max(0, ...all.filter((row) => row.returned_cents !== null).map((row) => Number(row.returned_cents)));
  // Nothing new: what was counted stands (rerun as every read reruns it), and no read is asked for again from a read.
  if (returned.cents <= counted) return endLostDispute(deps, order, nowOf(deps), { askRead: false });
  const known = all.filter((row) => row.source === 'provider' && row.state !== 'cancelled');
  // Lost at the provider, the money awaited: each such dispute was answered by this return.
  const awaiting = known.filter((row) => row.state === 'lost' && row.returned_cents === null);
  const current = known.find((row) => row.state !== 'won') ?? known[0];
  // The seller entered it by hand (no provider told of it): the MED's return settles that one.
  const manual = all.find((row) => row.source === 'manual' && (isOpenDispute(row) || row.state === 'lost'));
  if (!current && manual) {
    const now = nowOf(deps);
    await setDisputeReturned(deps.db, manual.id, returned.cents, now);
    if (isOpenDispute(manual)) await closeAndTell(deps, manual.id, 'lost', now);
    await endLostDispute(deps, order, now);
    return;
  }
  for (const row of awaiting.length > 0 ? awaiting : [current]) await applyReturn(deps, order, returned, row);
}

/** The read's MED total on `row` (or, with no dispute known, on one recorded for the charge): lost, its money counted. */
async function applyReturn(deps: DisputesDeps, order: OrderRow, returned: MedReturn, row: DisputeRow | undefined): Promise<void> {
  // The contested amount stays the provider's (an infraction names the whole Pix); the money is the devolução's own.
  await applyToOrder(
    deps,
    order,
    {
      disputeId: row?.provider_dispute_id ?? `med:${returned.chargeId}`,
      chargeId: returned.chargeId,
      endToEndId: returned.endToEndId ?? row?.end_to_end_id ?? null,
      amountCents: row ? Number(row.amount_cents) : returned.cents,
      state: 'lost',
      rawStatus: returned.rawStatus ?? 'reversed',
      defenceDueAt: row?.defence_due_at === undefined || row.defence_due_at === null ? null : Number(row.defence_due_at),
      payer: null,
    },
    returned.cents,
  );
}

async function applyToOrder(deps: DisputesDeps, order: OrderRow, dispute: ProviderDispute, returnedCents?: number): Promise<ApplyResult> {
  const now = nowOf(deps);
  const amountCents = dispute.amountCents ?? Number(order.amount_cents);
  const payerMatches = checkPayer(dispute.payer, order);
  const result = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertDispute(trx, {
      order_id: order.id,
      provider: order.provider,
      source: 'provider',
      provider_dispute_id: dispute.disputeId,
      end_to_end_id: dispute.endToEndId,
      amount_cents: amountCents,
      state: dispute.state,
      raw_status: dispute.rawStatus,
      defence_due_at: dispute.defenceDueAt,
      opened_at: now,
      payer_matches: payerMatches,
      returned_cents: returnedCents ?? null,
    });
    if (inserted.created) {
      if (isOpenDispute(inserted.row)) await queueOpenedAlert(trx, inserted.row, now, alertChannels(deps));
      // Seen already decided (a MED devolução with no dispute known before): its outcome is the seller's first word of it.
      else await tellOutcome(deps, trx, inserted.row, now);
      return { row: inserted.row, changed: true };
    }
    const updated = await updateDispute(
      trx,
      inserted.row.id,
      {
        state: dispute.state,
        rawStatus: dispute.rawStatus,
        amountCents,
        defenceDueAt: dispute.defenceDueAt,
        payerMatches,
        ...(returnedCents === undefined ? {} : { returnedCents }),
      },
      now,
    );
    if (updated) await tellOutcome(deps, trx, updated, now);
    return { row: updated ?? inserted.row, changed: updated !== undefined };
  });
  if (result.row.state === 'lost') await endLostDispute(deps, order, now);
  // A dispute proves a payment the shop may not have seen: read it again, so a dispute won or cancelled delivers it.
  if (result.changed && order.status !== 'paid' && order.charge_id) await askRecheck(deps.db, order.id, now);
  if (result.changed) deps.logger.info('Dispute recorded', { order: order.id, dispute: result.row.id, state: result.row.state });
  return { kind: 'applied', dispute: result.row, changed: result.changed };
}

/**
 * What the MED took back of a charge (docs/disputes.md#lost): the devolução a read of the charge showed, whole or part, when one
 * was read; else the lost disputes' amounts, except where only a read can tell the money (`medReturnOnRead`: Efí), which counts
 * nothing until it is read.
 */
function medReturnedOf(disputes: readonly DisputeRow[], order: Pick<OrderRow, 'amount_cents'>, returnsOnRead: boolean) {
  const read = disputes.filter((row) => row.returned_cents !== null).map((row) => Number(row.returned_cents));
  const lost = disputes.filter((row) => row.state === 'lost');
  const awaited = (row: DisputeRow) => returnsOnRead && row.source === 'provider';
  // The charge's read gives the MED's total there: the largest one read is the latest.
  const cents =
    read.length > 0 ? Math.max(...read) : lost.filter((row) => !awaited(row)).reduce((sum, row) => sum + Number(row.amount_cents), 0);
  // Each dispute lost at such a provider waits for its own devolução: an earlier return on the same Pix does not answer it.
  const awaitingRead = lost.some((row) => awaited(row) && row.returned_cents === null);
  return { cents: Math.min(cents, Number(order.amount_cents)), awaitingRead };
}

/**
 * Counts what the MED took back as returned by it, not refunded, ending the access to the items it covers (whole charge,
 * or the one item whose price it matches; a part keeps the access); blocks the buyer only when the whole purchase went
 * back. Safe to rerun.
 */
export async function endLostDispute(deps: DisputesDeps, order: OrderRow, now: number, options = { askRead: true }): Promise<void> {
  const { cents: returned, awaitingRead } = await recordMedReturned(deps, deps.db, order, now);
  // Lost at the provider, the money not yet seen going: the charge is read again at once.
  if (options.askRead && awaitingRead && order.charge_id) await askRecheck(deps.db, order.id, now);
  if (returned >= Number(order.amount_cents) && order.status === 'paid') {
    if (await reverseOrder(deps, order.id, 'reversed', now))
      deps.logger.warn('Dispute lost: payment returned by the MED', { order: order.id });
  }
  if (returned > 0 && (await wholePurchaseReturned(deps, order.id))) await insertBlocks(deps.db, order.id, blockHashesOf(order), now);
}

/** Sets the order's "Devolvido pelo MED" from its disputes as they stand (medReturnedOf); rerunning changes nothing. */
async function recordMedReturned(deps: DisputesDeps, db: Executor, order: OrderRow, now: number) {
  const returnsOnRead = deps.payments.get(order.provider)?.capabilities.medReturnOnRead === true;
  const result = medReturnedOf(await disputesOfOrders(db, [order.id]), order, returnsOnRead);
  await setMedReturnedCents(db, order.id, result.cents, now);
  return result;
}

/** No item the buyer paid for is left: each went back, by the MED or a refund, and the MED took at least one. */
async function wholePurchaseReturned(deps: DisputesDeps, orderId: string): Promise<boolean> {
  const view = await loadPurchaseView(deps.db, orderId, deps.config);
  if (!view) return false;
  const paid = view.items.filter((item) => item.state !== 'unpaid');
  return (
    paid.some((item) => item.state === 'med_returned') && paid.every((item) => item.state === 'med_returned' || item.state === 'refunded')
  );
}
