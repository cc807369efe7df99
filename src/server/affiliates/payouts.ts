import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { affiliatePayoutsCopy as copy } from '../../content/affiliates.ts';
import {
  DEFAULT_PAYOUT_SETTINGS,
  type AdminPayout,
  type AdminPayoutMonth,
  type AdminPayouts,
  type PayableLine,
  type PayoutSettings,
} from '../../shared/affiliate-payouts.ts';
import { formatBRL } from '../../shared/money.ts';
import { businessDay } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import type { Payments } from '../gateway/payments.ts';
import {
  PixSendError,
  type PixProvider,
  type PixSendAnnouncement,
  type PixSendCapability,
  type PixSendRecord,
} from '../gateway/pix-provider.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { Logger } from '../lib/logger.ts';
import { findAffiliate, listAffiliates, readSettings, type AffiliateRow } from './affiliates-repository.ts';
import { commissionsOf, type CommissionDeps, type CommissionView } from './commissions.ts';
import { queuePayoutEmail } from './payout-email.ts';
import { nextPayoutDate } from './payout-schedule.ts';
import {
  affiliatesWithOpenPayouts,
  confirmedPayouts,
  findPayout,
  insertPayout,
  leasePayout,
  linesOf,
  listPayouts,
  movePayout,
  payoutsToWork,
  type PayoutRow,
} from './payouts-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Payouts (docs/affiliates.md#payouts). A payout row, with its lines and its own idempotency id, is written when the seller
 * approves the batch, before any provider is called; sending moves it queued → sending → sent → confirmed (or failed, or
 * unknown after a lost answer, which is read back, never sent again blind). Commissions' `paid_cents` move once, in the
 * confirmation's transaction, guarded by the payout still being open.
 */
export interface PayoutDeps extends CommissionDeps {
  payments: Pick<Payments, 'providers' | 'get'>;
  logger?: Logger;
  /** How long an instance holds a payout it works on; another takes it over after (a killed instance's). */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 60_000;

export async function payoutSettings(db: Executor): Promise<PayoutSettings> {
  const row = await readSettings(db);
  if (!row) return DEFAULT_PAYOUT_SETTINGS;
  return {
    weekday: Number(row.payout_weekday),
    minCents: Number(row.payout_min_cents),
    confirmAboveCents: Number(row.payout_confirm_above_cents),
  };
}

/** The rates' row is made with the defaults when the seller sets the schedule first. */
export async function savePayoutSettings(db: Kysely<Database>, settings: PayoutSettings, now: number): Promise<void> {
  const values = {
    payout_weekday: settings.weekday,
    payout_min_cents: settings.minCents,
    payout_confirm_above_cents: settings.confirmAboveCents,
    updated_at: now,
  };
  const updated = await db.updateTable('affiliate_settings').set(values).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('affiliate_settings')
    .values({ id: 'shop', rate_main: 4000, rate_bump: 4000, rate_addon: 4000, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/**
 * THE hold check: the affiliate confirmed a new PIX key less than 24 h ago (`affiliates.payouts_held_until`, set by the
 * affiliate's page), so no payout goes to any key now.
 */
export function payoutsHeld(affiliate: Pick<AffiliateRow, 'payouts_held_until'>, now: number): boolean {
  return affiliate.payouts_held_until !== null && Number(affiliate.payouts_held_until) > now;
}

/** The provider that sends PIX by API, the first configured with the capability; null: the batch is paid by hand. */
export function payoutProvider(payments: Pick<Payments, 'providers'>): (PixProvider & { pixSend: PixSendCapability }) | null {
  return (payments.providers.find((provider) => provider.pixSend) as (PixProvider & { pixSend: PixSendCapability }) | undefined) ?? null;
}

interface PlannedPayout extends PayableLine {
  affiliate: AffiliateRow;
  /** What it pays of each commission: positive on what is available, negative on what was paid above a commission (the debt). */
  lines: Array<{ orderId: string; item: CommissionView['item']; cents: number; paidCents: number }>;
}

/** Each affiliate's available − debt, at or above the minimum, not held, with no payout still open. */
export async function planBatch(deps: PayoutDeps, now: number): Promise<PlannedPayout[]> {
  const [affiliates, settings, open] = await Promise.all([
    listAffiliates(deps.db),
    payoutSettings(deps.db),
    affiliatesWithOpenPayouts(deps.db),
  ]);
  const candidates = affiliates.filter(
    (affiliate) => affiliate.state !== 'pending' && !open.has(affiliate.id) && !payoutsHeld(affiliate, now),
  );
  const views = await commissionsOf(
    deps,
    candidates.map((affiliate) => affiliate.id),
    now,
  );
  return candidates.flatMap((affiliate): PlannedPayout[] => {
    const lines: PlannedPayout['lines'] = [];
    let availableCents = 0;
    let debtCents = 0;
    for (const view of views.filter((each) => each.affiliateId === affiliate.id)) {
      const due = view.amountCents - view.paidCents;
      if (due < 0) debtCents -= due;
      if (due < 0 || (due > 0 && view.state === 'disponivel'))
        lines.push({ orderId: view.orderId, item: view.item, cents: due, paidCents: view.paidCents });
      if (due > 0 && view.state === 'disponivel') availableCents += due;
    }
    const amountCents = availableCents - debtCents;
    if (amountCents < settings.minCents) return [];
    return [
      {
        affiliate,
        affiliateId: affiliate.id,
        name: affiliate.name,
        pixKeyType: affiliate.pix_key_type,
        pixKey: affiliate.pix_key,
        availableCents,
        debtCents,
        amountCents,
        lines,
      },
    ];
  });
}

/** Letters and digits only, 34 of them: Efí's `idEnvio` ([a-zA-Z0-9]{1,35}) and Woovi's correlationID alike. */
function newPayoutId(): string {
  return `vp${randomBytes(16).toString('hex')}`;
}

export type ApproveResult =
  | { ok: true; batchId: string; payouts: number; totalCents: number }
  | { ok: false; reason: 'empty' | 'changed' | 'confirm'; message: string };

/**
 * The seller's one tap: the batch as it stands, if its total is the one they saw, and confirmed twice above the limit. Each
 * payout is written, with its lines, in one transaction that checks no commission moved since it was planned.
 */
export async function approveBatch(
  deps: PayoutDeps,
  input: { totalCents: number; confirmed?: boolean; by: string | null },
  now: number,
): Promise<ApproveResult> {
  const [plan, settings] = await Promise.all([planBatch(deps, now), payoutSettings(deps.db)]);
  const totalCents = plan.reduce((sum, payout) => sum + payout.amountCents, 0);
  if (plan.length === 0) return { ok: false, reason: 'empty', message: copy.api.empty };
  if (totalCents !== input.totalCents) return { ok: false, reason: 'changed', message: copy.api.changed };
  if (totalCents > settings.confirmAboveCents && input.confirmed !== true) {
    return { ok: false, reason: 'confirm', message: copy.api.confirmAbove(formatBRL(settings.confirmAboveCents)) };
  }
  const provider = payoutProvider(deps.payments);
  const batchId = `vb${randomBytes(12).toString('hex')}`;
  try {
    await deps.db.transaction().execute(async (trx) => {
      for (const payout of plan) {
        const id = newPayoutId();
        const written = await insertPayout(
          trx,
          {
            id,
            batch_id: batchId,
            affiliate_id: payout.affiliateId,
            open_for: payout.affiliateId,
            amount_cents: payout.amountCents,
            pix_key_type: payout.affiliate.pix_key_type,
            pix_key: payout.affiliate.pix_key,
            provider: provider?.id ?? null,
            state: 'queued',
            end_to_end_id: null,
            failure: null,
            lease_until: null,
            approved_by: input.by,
            created_at: now,
            updated_at: now,
            paid_at: null,
          },
          payout.lines.map((line) => ({ payout_id: id, order_id: line.orderId, item: line.item, cents: line.cents })),
        );
        if (!written) throw new BatchChanged();
        // Another payout confirmed between the plan and now would have moved these: the plan is stale.
        for (const line of payout.lines) {
          const row = await trx
            .selectFrom('affiliate_commissions')
            .select('paid_cents')
            .where('order_id', '=', line.orderId)
            .where('item', '=', line.item)
            .executeTakeFirst();
          if (Number(row?.paid_cents) !== line.paidCents) throw new BatchChanged();
        }
      }
    });
  } catch (error) {
    if (error instanceof BatchChanged) return { ok: false, reason: 'changed', message: copy.api.changed };
    throw error;
  }
  return { ok: true, batchId, payouts: plan.length, totalCents };
}

class BatchChanged extends Error {}

/** Confirms an open payout once: its lines move the commissions' `paid_cents` in the same transaction. */
async function confirmPayout(
  deps: PayoutDeps,
  payout: PayoutRow,
  endToEndId: string | null,
  now: number,
  feeCents: number | null = null,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const moved = await movePayout(
      trx,
      payout.id,
      { state: 'confirmed', end_to_end_id: endToEndId, failure: null, paid_at: now, ...(feeCents === null ? {} : { fee_cents: feeCents }) },
      now,
    );
    if (!moved) return false;
    for (const line of await linesOf(trx, payout.id)) {
      await trx
        .updateTable('affiliate_commissions')
        .set((eb) => ({ paid_cents: eb('paid_cents', '+', Number(line.cents)) }))
        .where('order_id', '=', line.order_id)
        .where('item', '=', line.item)
        .execute();
    }
    await queuePayoutEmail(trx, { ...payout, state: 'confirmed', end_to_end_id: endToEndId, paid_at: now }, now);
    return true;
  });
}

function failureLine(error: PixSendError, amountCents: number): string {
  if (error.reason === 'insufficient_balance') return copy.failures.insufficientBalance(formatBRL(amountCents));
  if (error.reason === 'invalid_key') return copy.failures.invalidKey;
  return copy.failures.refused(error.detail ?? '—');
}

/** A read that says the send settled or failed closes the payout, once (`moved` false: already closed); null otherwise. */
async function closeOnRead(
  deps: PayoutDeps,
  payout: PayoutRow,
  record: PixSendRecord,
  now: number,
): Promise<{ state: 'confirmed' | 'failed'; moved: boolean } | null> {
  if (record.state === 'done')
    return { state: 'confirmed', moved: await confirmPayout(deps, payout, record.endToEndId, now, record.feeCents ?? null) };
  if (record.state === 'failed')
    return {
      state: 'failed',
      moved: await movePayout(deps.db, payout.id, { state: 'failed', failure: copy.failures.notDone }, now),
    };
  return null;
}

/** Applies what the provider says of the send; `unknown` is left for a later read-back. */
async function settle(deps: PayoutDeps, payout: PayoutRow, record: PixSendRecord, now: number): Promise<PayoutRow['state'] | 'resend'> {
  const closed = await closeOnRead(deps, payout, record, now);
  if (closed) return closed.state;
  if (record.state === 'processing') {
    const fee = record.feeCents == null ? {} : { fee_cents: record.feeCents };
    await movePayout(deps.db, payout.id, { state: 'sent', end_to_end_id: record.endToEndId, lease_until: null, ...fee }, now);
    return 'sent';
  }
  return 'resend';
}

/** Reads the send back; `uncertain` (no answer) leaves it `unknown` for the next pass. */
async function readBack(deps: PayoutDeps, capability: PixSendCapability, payout: PayoutRow, now: number) {
  try {
    return await settle(deps, payout, await capability.read(payout.id), now);
  } catch (error) {
    if (!(error instanceof PixSendError)) throw error;
    await movePayout(deps.db, payout.id, { state: 'unknown', lease_until: null }, now);
    return 'unknown' as const;
  }
}

async function send(deps: PayoutDeps, capability: PixSendCapability, payout: PayoutRow, now: number): Promise<PayoutRow['state']> {
  // Written before the call: an instance killed during it leaves `sending`, which the next pass reads back first.
  await movePayout(deps.db, payout.id, { state: 'sending', attempts: Number(payout.attempts) + 1 }, now);
  let record: PixSendRecord;
  try {
    record = await capability.send({
      sendId: payout.id,
      amountCents: Number(payout.amount_cents),
      key: { type: payout.pix_key_type, value: payout.pix_key },
      description: copy.pixDescription,
    });
  } catch (error) {
    if (!(error instanceof PixSendError)) throw error;
    if (error.outcome === 'refused') {
      await movePayout(deps.db, payout.id, { state: 'failed', failure: failureLine(error, Number(payout.amount_cents)) }, now);
      return 'failed';
    }
    // A lost answer, or the id already the provider's: what happened is read, not guessed.
    const read = await readBack(deps, capability, payout, now);
    return read === 'resend' ? markUnknown(deps, payout, now) : read;
  }
  const settled = await settle(deps, payout, record, now);
  return settled === 'resend' ? markUnknown(deps, payout, now) : settled;
}

async function markUnknown(deps: PayoutDeps, payout: PayoutRow, now: number): Promise<'unknown'> {
  await movePayout(deps.db, payout.id, { state: 'unknown', lease_until: null }, now);
  return 'unknown';
}

/**
 * One payout's next step, under this instance's lease: a queued one is sent; one left `sending` (an instance killed
 * mid-call), `unknown` (a lost answer) or `sent` (no webhook yet) is read back, and sent again under the same id only when
 * the provider says it holds nothing sent under it.
 */
async function workPayout(deps: PayoutDeps, payout: PayoutRow, now: number): Promise<PayoutRow['state']> {
  const capability = payout.provider ? deps.payments.get(payout.provider)?.pixSend : undefined;
  if (!capability) {
    await movePayout(deps.db, payout.id, { state: payout.state, lease_until: null }, now);
    return payout.state;
  }
  if (payout.state === 'queued') {
    const affiliate = await findAffiliate(deps.db, payout.affiliate_id);
    if (affiliate && (payoutsHeld(affiliate, now) || affiliate.pix_key !== payout.pix_key)) {
      await movePayout(deps.db, payout.id, { state: 'failed', failure: copy.failures.keyChanged }, now);
      return 'failed';
    }
    return send(deps, capability, payout, now);
  }
  const read = await readBack(deps, capability, payout, now);
  return read === 'resend' ? send(deps, capability, payout, now) : read;
}

/** Every open payout no instance holds, one after another; returns how each ended this pass. */
export async function runPayouts(deps: PayoutDeps, now: () => number): Promise<Array<{ id: string; state: PayoutRow['state'] }>> {
  const done: Array<{ id: string; state: PayoutRow['state'] }> = [];
  for (const payout of await payoutsToWork(deps.db, now())) {
    const at = now();
    if (!(await leasePayout(deps.db, payout.id, at, at + (deps.leaseMs ?? DEFAULT_LEASE_MS)))) continue;
    const fresh = await findPayout(deps.db, payout.id);
    if (!fresh) continue;
    try {
      done.push({ id: payout.id, state: await workPayout(deps, fresh, at) });
    } catch (error) {
      deps.logger?.error('An affiliate payout step failed', {
        payout: payout.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return done;
}

/**
 * A provider's verified settlement webhook named this send (gateway ProviderEvent `payout`): the send is read back, and the
 * payout confirmed or failed only as that read says, never on the body's word. A webhook and a pass at the same moment
 * confirm once: both go through `confirmPayout`, whose move is guarded by the payout still being open, and nothing here
 * sends, so no lease is taken. A send this shop never made, another provider's, or one already closed is ignored.
 */
export async function settleAnnouncedPayout(
  deps: PayoutDeps,
  providerId: ProviderId,
  event: { sendId: string; announced: PixSendAnnouncement },
  now: number,
): Promise<'confirmed' | 'failed' | 'open' | 'ignored'> {
  const payout = await findPayout(deps.db, event.sendId);
  if (!payout || payout.provider !== providerId || payout.open_for === null || payout.state === 'queued') return 'ignored';
  const capability = deps.payments.get(providerId)?.pixSend;
  if (!capability) return 'ignored';
  let record: PixSendRecord;
  try {
    record = await capability.read(payout.id, event.announced);
  } catch (error) {
    if (!(error instanceof PixSendError)) throw error;
    // Unread now: the next pass reads it again.
    return 'open';
  }
  const closed = await closeOnRead(deps, payout, record, now);
  if (!closed) return 'open';
  return closed.moved ? closed.state : 'ignored';
}

/** "Marcar como pago": a payout the seller made in the bank's app (no provider sends PIX), confirmed once. */
export async function markPaidByHand(deps: PayoutDeps, id: string, now: number): Promise<'marked' | 'not_found' | 'not_manual'> {
  const payout = await findPayout(deps.db, id);
  if (!payout) return 'not_found';
  if (payout.provider !== null) return 'not_manual';
  if (payout.state !== 'queued') return 'marked';
  await confirmPayout(deps, payout, null, now);
  return 'marked';
}

function adminPayout(row: PayoutRow, names: Map<string, string>): AdminPayout {
  return {
    id: row.id,
    batchId: row.batch_id,
    affiliateId: row.affiliate_id,
    name: names.get(row.affiliate_id) ?? '—',
    amountCents: Number(row.amount_cents),
    pixKeyType: row.pix_key_type,
    pixKey: row.pix_key,
    byApi: row.provider !== null,
    state: row.state,
    endToEndId: row.end_to_end_id,
    failure: row.failure,
    createdAt: Number(row.created_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
  };
}

/** Money out per affiliate and per month (Brasília time), from the confirmed payouts. */
export function payoutMonths(rows: readonly PayoutRow[], names: Map<string, string>): AdminPayoutMonth[] {
  const months = new Map<string, AdminPayoutMonth>();
  for (const row of rows) {
    if (row.state !== 'confirmed' || row.paid_at === null) continue;
    const month = businessDay(Number(row.paid_at)).slice(0, 7);
    const key = `${month} ${row.affiliate_id}`;
    const entry = months.get(key) ?? {
      month,
      affiliateId: row.affiliate_id,
      name: names.get(row.affiliate_id) ?? '—',
      paidCents: 0,
      payouts: 0,
    };
    entry.paidCents += Number(row.amount_cents);
    entry.payouts += 1;
    months.set(key, entry);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month) || a.name.localeCompare(b.name, 'pt-BR'));
}

/** The console's payouts: the batch it may approve now, the payouts made, and money out per month. */
export async function payoutsView(deps: PayoutDeps, now: number): Promise<AdminPayouts> {
  const [plan, settings, rows, confirmed, affiliates] = await Promise.all([
    planBatch(deps, now),
    payoutSettings(deps.db),
    listPayouts(deps.db),
    confirmedPayouts(deps.db),
    listAffiliates(deps.db),
  ]);
  const names = new Map(affiliates.map((affiliate) => [affiliate.id, affiliate.name]));
  const totalCents = plan.reduce((sum, payout) => sum + payout.amountCents, 0);
  return {
    settings,
    nextPayoutDate: nextPayoutDate(settings, now).date,
    byApi: payoutProvider(deps.payments) !== null,
    payable: plan.map(({ affiliate: _affiliate, lines: _lines, ...line }) => line),
    totalCents,
    needsSecondConfirmation: totalCents > settings.confirmAboveCents,
    payouts: rows.map((row) => adminPayout(row, names)),
    months: payoutMonths(confirmed, names),
  };
}

/** How often open payouts are worked on: queued ones sent, lost answers and unconfirmed sends read back. */
export const PAYOUT_PASS_MS = 30_000;

export interface PayoutWorker {
  /** One pass now (after an approval), unless one is under way. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

/** Each instance runs it; the lease on each payout keeps two from working on one. */
export function createPayoutWorker(deps: PayoutDeps, now: () => number): PayoutWorker {
  let running: Promise<unknown> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const pass = () => {
    running ??= runPayouts(deps, now)
      .catch((error: unknown) =>
        deps.logger?.error('Affiliate payouts pass failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = null;
      });
  };
  return {
    kick: pass,
    start() {
      timer ??= setInterval(pass, PAYOUT_PASS_MS);
      timer.unref?.();
      pass();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
