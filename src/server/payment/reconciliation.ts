import type { ProviderId } from '../gateway/provider-registry.ts';
import { checkout as copy } from '../../content/checkout.ts';
import type { Logger } from '../lib/logger.ts';
import type { OrdersDeps, ReadPass, ReadTally } from '../orders/orders-deps.ts';
import { recheckOrder } from './payment-confirmation.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { cancelAtProvider, confirmBankPaid } from './charge-cancellation.ts';
import { claimOrderCheck, claimScheduledCheck, failStuckCheckouts, listOrdersDueForCheck } from '../orders/reconciliation-repository.ts';
import { findPostbackCandidateIds } from '../orders/webhook-events-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { paidInBankAppNotReturned } from '../open-finance/open-finance-lookup.ts';
import { settleLostBankPayments } from '../open-finance/open-finance-service.ts';

/** Its buyer was free to start again long before (orders/checkout-repository.ts); the sweep only closes it. */
export const STUCK_CHECKOUT_MS = 2 * 60_000;
/** A pending charge is re-checked until its expiry plus this, for payments made at the last minute. */
export const PENDING_GRACE_MS = 24 * 60 * 60_000;
/** Paid orders are re-checked this long after payment, to catch refunds and chargebacks. */
export const PAID_RECHECK_WINDOW_MS = 90 * 24 * 60 * 60_000;

const MINUTE = 60_000;

/** A buyer may contest a PIX at their bank this long after paying (the MED's 80 days, docs/disputes.md). */
export const MED_WINDOW_MS = 80 * 24 * 60 * MINUTE;
/**
 * Where a provider lists no disputes, a paid order inside the MED's window is read at most this far apart: with the
 * backlog a tick's batch leaves (at most DISPUTE_READ_SLACK_MS), a dispute whose notice was lost is known within 12 h.
 */
export const UNLISTED_DISPUTE_GAP_MS = 11 * 60 * MINUTE;
/** The time a due order may wait behind others in the bounded batches; the arithmetic is in docs/disputes.md#how-fast. */
export const DISPUTE_READ_SLACK_MS = 60 * MINUTE;
/** Orders one provider's pass reads at most per tick (every 30 s): a shop of any size costs that provider a bounded rate. */
export const RECONCILE_BATCH = 100;

/** True where only a charge's read can show a dispute that lost its notice: no list, and paid inside the MED's window. */
export function watchesUnlistedDispute(order: Pick<OrderRow, 'status' | 'paid_at'>, listsDisputes: boolean, now: number): boolean {
  return !listsDisputes && order.status === 'paid' && order.paid_at !== null && Number(order.paid_at) > now - MED_WINDOW_MS;
}

/** The buyer's open modal polls the first minutes of a charge anyway. */
export function nextCheckDelay(
  order: Pick<OrderRow, 'status' | 'recheck_requested_at'>,
  checks: number,
  /** watchesUnlistedDispute: the paid order's gaps stop growing at UNLISTED_DISPUTE_GAP_MS. */
  watchDispute = false,
): number {
  const doubling = (base: number, cap: number) => Math.min(cap, base * 2 ** Math.min(checks, 20));
  if (order.recheck_requested_at !== null) return doubling(MINUTE / 2, 10 * MINUTE);
  if (order.status === 'paid') return doubling(2 * 60 * MINUTE, watchDispute ? UNLISTED_DISPUTE_GAP_MS : 3 * 24 * 60 * MINUTE);
  return doubling(MINUTE, 30 * MINUTE);
}

/** A retired charge whose cancel failed or got no answer is tried again after each read, until closed. */
async function cancelRetiredAgain(deps: OrdersDeps, orderId: string, now: number): Promise<void> {
  const order = await findOrderById(deps.db, orderId);
  if (!order?.charge_id || order.status !== 'failed' || order.provider_closed_at !== null || order.expires_at <= now) return;
  if (!deps.payments.get(order.provider)?.cancelCharge) return;
  await cancelAtProvider(deps, order);
}

/**
 * A provider whose read shows its dispute (`disputeOnRead`) may decide it with no notice: each order in an open dispute there
 * is read every DISPUTES_POLL_SECONDS, whatever its schedule, even unpaid (contested before the shop saw it paid).
 */
async function rereadDisputed(
  deps: OrdersDeps,
  id: ProviderId,
  now: number,
  over: () => boolean,
  tally: ReadTally | undefined,
): Promise<number> {
  if (!deps.disputedOrders || deps.payments.get(id)?.capabilities.disputeOnRead !== true) return 0;
  let checked = 0;
  for (const orderId of await deps.disputedOrders(id)) {
    if (over()) break;
    if (!(await claimOrderCheck(deps.db, orderId, now, deps.config.disputesPollSeconds * 1000))) continue;
    const order = await findOrderById(deps.db, orderId);
    if (!order?.charge_id) continue;
    await recheckOrder(deps, order, [], tally);
    checked++;
  }
  return checked;
}

export interface Reconciler {
  start(): void;
  stop(): Promise<void>;
  runOnce(): Promise<number>;
}

/** A pass every 30 s in production (docs/payments.md#reconciliation). */
export const RECONCILE_INTERVAL_MS = 30_000;

/** How long one tick waits for a provider's reads; a provider still reading past it is left to finish, and skipped meanwhile. */
export const PROVIDER_BUDGET_MS = 20_000;

// Long: the reconciler's passes share its provider list, clock and backoff in one closure.
export function createReconciler(
  deps: OrdersDeps & { logger: Logger },
  options: {
    /** The checkout's resend of creates cut short (checkout/charge-failover.ts), handed in: the checkout calls payment/, not back. */
    resumeInterruptedCharges: (deps: OrdersDeps, now: number, of: undefined, shouldStop: () => boolean) => Promise<void>;
    intervalMs?: number;
    providerBudgetMs?: number;
  },
): Reconciler {
  const intervalMs = options.intervalMs ?? RECONCILE_INTERVAL_MS;
  const budgetMs = options.providerBudgetMs ?? Math.min(PROVIDER_BUDGET_MS, intervalMs);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopping = false;
  // Per provider: its reads still under way, so one that hangs delays neither another provider nor the next tick.
  const reading = new Map<ProviderId, Promise<number>>();

  const readProvider = async (id: ProviderId, now: number): Promise<number> => {
    // The provider asked to wait (a 429, a 503 with Retry-After): its orders stay due and are read once the pause ends.
    if ((await deps.backgroundReads?.pausedUntil(id, now)) != null) return 0;
    // The real clock, not deps.now: the budget is about time spent waiting, which a test's moved clock does not show.
    const deadline = performance.now() + budgetMs;
    const pass: ReadPass | undefined = deps.backgroundReads?.pass(id, 'charges');
    const orders = await listOrdersDueForCheck(
      deps.db,
      {
        now,
        pendingGraceMs: PENDING_GRACE_MS,
        paidWindowMs: PAID_RECHECK_WINDOW_MS,
        limit: RECONCILE_BATCH,
        provider: id,
      },
      paidInBankAppNotReturned,
    );
    const listsDisputes = deps.payments.get(id)?.disputes?.list !== undefined;
    let checked = 0;
    for (const order of orders) {
      if (stopping || performance.now() > deadline || pass?.throttled()) break;
      // The claim schedules the next check first, so a gateway that fails or hangs is retried later.
      const delay = nextCheckDelay(order, order.check_count, watchesUnlistedDispute(order, listsDisputes, now));
      if (!(await claimScheduledCheck(deps.db, order.id, now, now + delay))) continue;
      const hints = order.charge_id ? [] : await findPostbackCandidateIds(deps.db, order.id);
      await recheckOrder(deps, order, hints, pass?.tally);
      await cancelRetiredAgain(deps, order.id, now);
      checked++;
    }
    const over = () => stopping || performance.now() > deadline || pass?.throttled() === true;
    checked += await rereadDisputed(deps, id, now, over, pass?.tally);
    await pass?.record(now);
    return checked;
  };

  const pass = async () => {
    const now = deps.now?.() ?? Date.now();
    // First, interrupted creates at keyed providers are resent so their charge is found (checkout/charge-failover.ts, handed in).
    await options.resumeInterruptedCharges(deps, now, undefined, () => stopping);
    const swept = await failStuckCheckouts(deps.db, now - STUCK_CHECKOUT_MS, copy.errors.generic, now);
    if (swept > 0) deps.logger.warn('Checkouts interrupted before the gateway answered marked failed', { orders: swept });
    const breakerOpen = new Set(
      deps.payments
        .health(now)
        .filter((entry) => entry.skippedUntil !== null)
        .map((entry) => entry.id),
    );
    const ids = [...deps.payments.providers, ...deps.payments.retired].map((provider) => provider.id);
    const counts = await Promise.all(
      ids.map(async (id) => {
        if (breakerOpen.has(id) || reading.has(id)) return 0;
        const run = readProvider(id, now);
        reading.set(id, run);
        const finish = run
          .catch((error: unknown) => {
            deps.logger.error('Reconciliation failed', { provider: id, error: error instanceof Error ? error.message : String(error) });
            return 0;
          })
          .finally(() => reading.delete(id));
        let timeout: NodeJS.Timeout | undefined;
        const overrun = new Promise<number>((resolve) => {
          timeout = setTimeout(() => resolve(0), budgetMs);
        });
        try {
          const checked = await Promise.race([finish, overrun]);
          if (reading.has(id)) deps.logger.warn('Provider reads over their budget; skipped until they end', { provider: id });
          return checked;
        } finally {
          clearTimeout(timeout);
        }
      }),
    );
    const banks = await settleLostBankPayments(deps, confirmBankPaid, () => stopping).catch((error: unknown) => {
      deps.logger.error('Open Finance reconciliation failed', { error: error instanceof Error ? error.message : String(error) });
      return 0;
    });
    return counts.reduce((sum, count) => sum + count, banks);
  };

  const runOnce = () => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start() {
      if (timer) return;
      stopping = false;
      const tick = () => {
        runOnce().catch((error: unknown) =>
          deps.logger.error('Reconciliation failed', { error: error instanceof Error ? error.message : String(error) }),
        );
      };
      timer = setInterval(tick, intervalMs);
      timer.unref();
      // At once too: a restart after a crash sweeps and catches up without waiting a whole interval.
      tick();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      await Promise.all([...reading.values()].map((run) => run.catch(() => undefined)));
    },
    runOnce,
  };
}
