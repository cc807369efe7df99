// A buyer's contestation of a paid PIX: opened, defended once, won or lost (docs/disputes.md).
import { formatBRL } from '../../shared/money.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { disputesApi } from '../../content/disputes.ts';
import { digitsOnly } from '../../shared/digits.ts';
import type {
  AdminDispute,
  AdminDisputeBlock,
  AdminDisputeDefence,
  AdminDisputeList,
  DefenceChannel,
  DisputeState,
} from '../../shared/disputes.ts';
import { normalizeDocument } from '../../shared/documents.ts';
import { normalizeEmail } from '../../shared/text.ts';
import { businessDayStart } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import type { ProviderDispute } from '../gateway/pix-provider.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import { GatewayError } from '../gateway/types.ts';
import type { MedReturn, OrderEventOf } from '../orders/order-events.ts';
import {
  findDisputedOrder,
  findOrderByEndToEnd,
  findOrderById,
  findOrderByReference,
  findPaidOrdersByEmail,
} from '../orders/order-lookup.ts';
import { askRecheck, reverseOrder, setMedReturnedCents } from '../orders/order-transitions.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { medReturnOf, type PurchaseRecord } from '../purchase/purchase-ledger.ts';
import { loadPurchase, loadPurchaseView } from '../purchase/purchase-service.ts';
import { renderEvidencePdf } from '../evidence/evidence-document.ts';
import { loadOrderEvidence } from '../refunds/order-evidence.ts';
import { queueOpenedAlert, queueOutcomeAlert } from './dispute-alerts.ts';
import { foldEmailForBlock } from './block-email.ts';
import { buildDefenceText } from './dispute-defence.ts';
import { checkPayer } from './payer-check.ts';
import {
  claimDefence,
  closeDispute,
  disputesOfOrders,
  findDispute,
  insertBlocks,
  insertDispute,
  isAnyBlocked,
  isOpenDispute,
  listActiveBlocks,
  listDisputes,
  listOpenDisputes,
  releaseDefence,
  removeBlock,
  setDisputeReturned,
  updateDispute,
  type BlockKind,
  type DisputeRow,
  type Executor,
} from './dispute-repository.ts';

export type DisputesDeps = OrdersDeps;

const nowOf = (deps: Pick<DisputesDeps, 'now'>) => deps.now?.() ?? Date.now();

export const alertChannels = (deps: Pick<DisputesDeps, 'config'>) => ({ whatsapp: deps.config.disputeAlertWhatsapp !== null });

/** Closes an open dispute and queues its outcome's alert in the same transaction: told once, and only if it closed here. */
async function closeAndTell(deps: DisputesDeps, id: string, state: DisputeState, now: number): Promise<DisputeRow | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    const closed = await closeDispute(trx, id, state, now);
    if (closed) await tellOutcome(deps, trx, closed, now);
    return closed;
  });
}

/**
 * Queues a decided dispute's alert; a lost one's money is recorded first, in the same transaction: the outbox may send the
 * alert the moment it commits, and it reads what the MED took back from the order's row.
 */
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

/** A MED devolução or chargeback loses its dispute; with none known, one is recorded lost so the ledger says "Devolvido pelo MED". */
async function recordMedReturn(deps: DisputesDeps, order: OrderRow, returned: MedReturn): Promise<void> {
  const all = await disputesOfOrders(deps.db, [order.id]);
  const known = all.filter((row) => row.source === 'provider' && row.state !== 'cancelled');
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
  // The contested amount stays the provider's (an infraction names the whole Pix); the money is the devolução's own.
  await applyToOrder(
    deps,
    order,
    {
      disputeId: current?.provider_dispute_id ?? `med:${returned.chargeId}`,
      chargeId: returned.chargeId,
      endToEndId: returned.endToEndId ?? current?.end_to_end_id ?? null,
      amountCents: current ? Number(current.amount_cents) : returned.cents,
      state: 'lost',
      rawStatus: returned.rawStatus ?? 'reversed',
      defenceDueAt: current?.defence_due_at === undefined || current.defence_due_at === null ? null : Number(current.defence_due_at),
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
  return { cents: Math.min(cents, Number(order.amount_cents)), awaitingRead: read.length === 0 && lost.some(awaited) };
}

/**
 * Counts what the MED took back as returned by it, not refunded, ending the access to the items it covers (whole charge,
 * or the one item whose price it matches; a part keeps the access); blocks the buyer only when the whole purchase went
 * back. Safe to rerun.
 */
async function endLostDispute(deps: DisputesDeps, order: OrderRow, now: number): Promise<void> {
  const { cents: returned, awaitingRead } = await recordMedReturned(deps, deps.db, order, now);
  // Lost at the provider, the money not yet seen going: the charge is read again at once.
  if (awaitingRead && order.charge_id) await askRecheck(deps.db, order.id, now);
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

export type ManualResult = { kind: 'ok'; dispute: AdminDispute } | { kind: 'refused'; status: 404 | 409 | 422; message: string };

/** "Registrar contestação": the order by e-mail, reference or E2E id; its provider is the order's. */
export async function registerManualDispute(
  deps: DisputesDeps,
  input: { query: string; amountCents?: number | undefined; defenceDueOn?: string | undefined; providerDisputeId?: string | undefined },
): Promise<ManualResult> {
  const now = nowOf(deps);
  const found = await findOrderForQuery(deps.db, input.query);
  if (found === 'ambiguous') return { kind: 'refused', status: 409, message: disputesApi.ambiguous };
  if (!found) return { kind: 'refused', status: 404, message: disputesApi.orderNotFound };
  const order = found;
  if ((await disputesOfOrders(deps.db, [order.id])).some(isOpenDispute))
    return { kind: 'refused', status: 409, message: disputesApi.alreadyOpen };
  // The end of that day in São Paulo: the provider's deadline is a date.
  const dueAt = input.defenceDueOn ? businessDayStart(input.defenceDueOn, 1) - 1 : null;
  if (dueAt !== null && !Number.isFinite(dueAt)) return { kind: 'refused', status: 422, message: disputesApi.badDate };
  // More than was paid cannot be contested; stored as typed it would be a figure no record backs.
  if (input.amountCents !== undefined && input.amountCents > Number(order.amount_cents)) {
    return { kind: 'refused', status: 422, message: disputesApi.amountAbovePaid(formatBRL(Number(order.amount_cents))) };
  }
  const row = await deps.db.transaction().execute(async (trx) => {
    const { row } = await insertDispute(trx, {
      order_id: order.id,
      provider: order.provider,
      source: 'manual',
      provider_dispute_id: `manual:${input.providerDisputeId ?? randomUUID()}`,
      end_to_end_id: order.end_to_end_id,
      amount_cents: input.amountCents ?? Number(order.amount_cents),
      state: 'open',
      raw_status: null,
      defence_due_at: dueAt,
      opened_at: now,
      payer_matches: null,
    });
    await queueOpenedAlert(trx, row, now, alertChannels(deps));
    return row;
  });
  return { kind: 'ok', dispute: await toAdminDispute(deps, row) };
}

async function findOrderForQuery(db: Kysely<Database>, raw: string): Promise<OrderRow | 'ambiguous' | undefined> {
  const query = raw.trim();
  if (query.includes('@')) {
    const orders = (await findPaidOrdersByEmail(db, normalizeEmail(query))).filter((order) => order.kind === 'main');
    if (orders.length > 1) return 'ambiguous';
    return orders[0];
  }
  const paid = (order: OrderRow | undefined) => (order && order.paid_at !== null ? order : undefined);
  return (
    paid(await findOrderByReference(db, query)) ??
    paid(await findOrderByReference(db, query.toUpperCase())) ??
    paid(await findOrderByEndToEnd(db, query)) ??
    paid(await findOrderById(db, query))
  );
}

/** A dispute entered by hand is closed by hand; one from the provider is closed by what the provider says. */
export async function resolveManualDispute(deps: DisputesDeps, id: string, state: Extract<DisputeState, 'won' | 'lost' | 'cancelled'>) {
  const now = nowOf(deps);
  const row = await findDispute(deps.db, id);
  if (!row) return { kind: 'refused' as const, status: 404 as const, message: disputesApi.notFound };
  if (row.source !== 'manual') return { kind: 'refused' as const, status: 409 as const, message: disputesApi.notManual };
  const closed = await closeAndTell(deps, id, state, now);
  if (!closed) return { kind: 'refused' as const, status: 409 as const, message: disputesApi.closed };
  const order = await findOrderById(deps.db, closed.order_id);
  if (order && closed.state === 'lost') await endLostDispute(deps, order, now);
  return { kind: 'ok' as const, dispute: await toAdminDispute(deps, (await findDispute(deps.db, id)) ?? closed) };
}

export type DefenceResult = { kind: 'sent'; dispute: AdminDispute } | { kind: 'refused'; status: 404 | 409 | 422 | 502; message: string };

/** "Enviar defesa", at most once: through the provider's channel where it has one, else the seller's panel (docs/disputes.md#defending). */
export async function sendDefence(deps: DisputesDeps, id: string): Promise<DefenceResult> {
  const now = nowOf(deps);
  const row = await findDispute(deps.db, id);
  if (!row) return { kind: 'refused', status: 404, message: disputesApi.notFound };
  if (row.defence_sent_at !== null) return { kind: 'refused', status: 409, message: disputesApi.alreadySent };
  if (!isOpenDispute(row)) return { kind: 'refused', status: 409, message: disputesApi.closed };
  if (row.defence_due_at !== null && now > Number(row.defence_due_at))
    return { kind: 'refused', status: 422, message: disputesApi.tooLate };
  const provider = deps.payments.get(row.provider);
  const defend = row.source === 'provider' ? provider?.disputes?.defend : undefined;
  const channel: DefenceChannel = defend ? 'provider' : 'panel';
  const text = await buildDefenceText(deps, row);
  const claimed = await claimDefence(deps.db, id, channel, now);
  if (!claimed) return { kind: 'refused', status: 409, message: disputesApi.alreadySent };
  if (defend) {
    const max = provider?.disputes?.maxDefenceChars;
    const cut = max !== undefined && text.length > max ? `${text.slice(0, max - 1)}…` : text;
    // Woovi downloads the PDF itself: from here, while the defence is being sent (routes/dispute-evidence.ts).
    const pdfUrl = `${deps.publicUrl()}/api/disputes/${encodeURIComponent(id)}/evidence.pdf`;
    let outcome;
    try {
      outcome = await defend.call(provider!.disputes, toProviderDispute(row), { text: cut, pdf: await defencePdfOf(deps, row), pdfUrl });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Refused before it was taken: the seller may press again. An unknown outcome stays sent (never twice).
      if (!(error instanceof GatewayError) || !error.uncertain) await releaseDefence(deps.db, id, row, nowOf(deps));
      deps.logger.warn('Defence not taken by the provider', { dispute: id, provider: row.provider, error: message });
      return { kind: 'refused', status: 502, message: disputesApi.providerFailed(message) };
    }
    if (outcome.kind === 'already_sent') return { kind: 'refused', status: 409, message: disputesApi.alreadySent };
    if (outcome.kind === 'too_late') {
      await releaseDefence(deps.db, id, row, nowOf(deps));
      return { kind: 'refused', status: 422, message: disputesApi.tooLate };
    }
  }
  return { kind: 'sent', dispute: await toAdminDispute(deps, (await findDispute(deps.db, id)) ?? claimed) };
}

function toProviderDispute(row: DisputeRow): ProviderDispute {
  return {
    disputeId: row.provider_dispute_id,
    chargeId: null,
    endToEndId: row.end_to_end_id,
    amountCents: Number(row.amount_cents),
    state: row.state,
    rawStatus: row.raw_status ?? '',
    defenceDueAt: row.defence_due_at === null ? null : Number(row.defence_due_at),
    payer: null,
  };
}

async function defencePdfOf(deps: DisputesDeps, row: DisputeRow): Promise<Uint8Array | null> {
  const evidence = await loadOrderEvidence(deps.db, row.order_id, { config: deps.config, publicUrl: deps.publicUrl(), now: nowOf(deps) });
  return evidence ? renderEvidencePdf(evidence) : null;
}

/** The text "Enviar defesa" sends, as it stands: built for one dispute at a time, never for the whole list. */
export async function loadDefenceText(deps: DisputesDeps, id: string): Promise<AdminDisputeDefence | undefined> {
  const row = await findDispute(deps.db, id);
  return row ? { text: await buildDefenceText(deps, row) } : undefined;
}

/** The PDF the seller attaches in the provider's panel: the order's evidence document as it stands. */
export async function loadDefencePdf(
  deps: DisputesDeps,
  id: string,
): Promise<{ pdf: Uint8Array; ref: string; orderId: string } | undefined> {
  const row = await findDispute(deps.db, id);
  const order = row ? await findOrderById(deps.db, row.order_id) : undefined;
  if (!row || !order) return undefined;
  const pdf = await defencePdfOf(deps, row);
  return pdf ? { pdf, ref: order.public_ref, orderId: order.id } : undefined;
}

/** How long after "Enviar defesa" a provider may download the evidence PDF by its URL. */
export const EVIDENCE_URL_MS = 7 * 24 * 60 * 60_000;

/** The PDF for the provider's own download: a defence sent through it, lately, of a dispute from it. */
export async function loadProviderEvidencePdf(deps: DisputesDeps, id: string): Promise<{ pdf: Uint8Array } | undefined> {
  const row = await findDispute(deps.db, id);
  if (!row || row.source !== 'provider' || row.defence_channel !== 'provider' || row.defence_sent_at === null) return undefined;
  if (nowOf(deps) - Number(row.defence_sent_at) > EVIDENCE_URL_MS) return undefined;
  const pdf = await defencePdfOf(deps, row);
  return pdf ? { pdf } : undefined;
}

async function toAdminDispute(deps: DisputesDeps, row: DisputeRow): Promise<AdminDispute> {
  const [order, purchase] = await Promise.all([findOrderById(deps.db, row.order_id), loadPurchase(deps.db, row.order_id)]);
  const time = (value: number | null) => (value === null ? null : Number(value));
  const provider = deps.payments.get(row.provider);
  return {
    id: row.id,
    orderId: row.order_id,
    orderRef: order?.public_ref ?? '',
    buyerName: order?.buyer_name ?? '',
    provider: row.provider,
    source: row.source,
    providerDisputeId: row.source === 'manual' ? null : row.provider_dispute_id,
    endToEndId: row.end_to_end_id,
    amountCents: Number(row.amount_cents),
    returnedCents: returnedOf(row, provider?.capabilities.medReturnOnRead === true),
    returnedPart: order !== undefined && purchase !== undefined && isMedPart(purchase, order),
    state: row.state,
    openedAt: Number(row.opened_at),
    defenceDueAt: time(row.defence_due_at),
    closedAt: time(row.closed_at),
    defenceChannel: row.defence_channel ?? (row.source === 'provider' && provider?.disputes?.defend ? 'provider' : 'panel'),
    defenceSentAt: time(row.defence_sent_at),
    items: (purchase?.items.get(row.order_id) ?? []).map((item) => item.title),
  };
}

/** The ledger's own reading (purchase-ledger.ts medReturnOf): returned, still paid, tied to no item. */
function isMedPart(purchase: PurchaseRecord, order: OrderRow): boolean {
  const med = medReturnOf(purchase, order);
  return med.cents > 0 && med.items.size === 0 && order.status !== 'reversed';
}

function returnedOf(row: DisputeRow, returnsOnRead: boolean): number | null {
  if (row.returned_cents !== null) return Number(row.returned_cents);
  return row.state === 'lost' && !(returnsOnRead && row.source === 'provider') ? Number(row.amount_cents) : null;
}

export async function listAdminDisputes(deps: DisputesDeps): Promise<AdminDisputeList> {
  const rows = await listDisputes(deps.db);
  const disputes = [];
  for (const row of rows) disputes.push(await toAdminDispute(deps, row));
  const blocks: AdminDisputeBlock[] = [];
  for (const block of await listActiveBlocks(deps.db, deps.config.disputeBlockAfter)) {
    const order = await findOrderById(deps.db, block.order_id);
    blocks.push({ id: block.id, kind: block.kind, orderRef: order?.public_ref ?? '', createdAt: Number(block.created_at) });
  }
  return { disputes, blocks };
}

export async function openDisputesOverview(deps: Pick<DisputesDeps, 'db'>) {
  const rows = await listOpenDisputes(deps.db);
  const result = [];
  for (const row of rows) {
    const order = await findOrderById(deps.db, row.order_id);
    result.push({
      id: row.id,
      orderRef: order?.public_ref ?? '',
      amountCents: Number(row.amount_cents),
      defenceDueAt: row.defence_due_at === null ? null : Number(row.defence_due_at),
    });
  }
  return result;
}

export async function removeDisputeBlock(deps: Pick<DisputesDeps, 'db' | 'now'>, id: string): Promise<boolean> {
  return removeBlock(deps.db, id, nowOf(deps));
}

/** It only has to recognise a detail given again after a lost dispute, never to read it. */
function blockHash(kind: BlockKind, value: string): string {
  return createHash('sha256').update(`dispute-block:${kind}:${value}`).digest('base64url');
}

/** What a lost dispute blocks: the e-mail folded (`ana+x@gmail.com` is `ana@gmail.com`, ./block-email.ts). */
function blockHashesOf(buyer: { buyer_email: string; buyer_document: string | null; buyer_phone: string }) {
  const hashes: Array<{ kind: BlockKind; hash: string }> = [];
  const email = foldEmailForBlock(buyer.buyer_email);
  const document = buyer.buyer_document ? normalizeDocument(buyer.buyer_document) : '';
  if (email) hashes.push({ kind: 'email', hash: blockHash('email', email) });
  if (document) hashes.push({ kind: 'document', hash: blockHash('document', document) });
  const phone = phoneForBlock(buyer.buyer_phone);
  if (phone) hashes.push({ kind: 'phone', hash: blockHash('phone', phone) });
  return hashes;
}

/** Area code and the last eight digits: a mobile is given with or without its ninth digit and the country code. */
function phoneForBlock(value: string): string | null {
  const digits = digitsOnly(value);
  const national = (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
  return national.length === 10 || national.length === 11 ? `${national.slice(0, 2)}${national.slice(-8)}` : null;
}

/** At checkout: the buyer's e-mail, CPF or phone lost DISPUTE_BLOCK_AFTER disputes (docs/disputes.md#not-again). */
export async function isBuyerBlocked(
  deps: Pick<DisputesDeps, 'db' | 'config'>,
  buyer: { email: string; document?: string | null | undefined; phone: string },
): Promise<boolean> {
  const hashes = blockHashesOf({ buyer_email: buyer.email, buyer_document: buyer.document ?? null, buyer_phone: buyer.phone });
  // Blocks written before the fold hold the e-mail only normalized: they still count.
  const unfolded = normalizeEmail(buyer.email);
  if (unfolded && unfolded !== foldEmailForBlock(buyer.email)) hashes.push({ kind: 'email', hash: blockHash('email', unfolded) });
  return isAnyBlocked(deps.db, hashes, deps.config.disputeBlockAfter);
}
