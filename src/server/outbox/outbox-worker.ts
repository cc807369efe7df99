import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import { maskPersonalData } from '../lib/log-mask.ts';
import type { OutboxHandler, OutboxKinds } from './outbox-kinds.ts';
import { claimNextMessage, deleteClaimedMessage, markFailed, markSent, type ClaimedMessage } from './outbox-repository.ts';
import { readDatabaseClock } from '../db/database-clock.ts';

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  logger: Logger;
  kinds: OutboxKinds;
  intervalMs?: number;
  /** Longer than `sendDeadlineMs` plus recording the outcome, so a send never outlives its lease. */
  leaseMs?: number;
  /** Past it the connection is cut and the attempt counts as failed. */
  sendDeadlineMs?: number;
  baseBackoffMs?: number;
  /** 10 min: a mail server back from an outage gets everything within 10 min. */
  maxBackoffMs?: number;
  batchSize?: number;
  /** Caps connections to the mail server (providers refuse more) and the messages a crash can leave half-sent. */
  concurrency?: number;
  /** Default: the database's clock (`dialect` required), so instances with skewed clocks agree. */
  now?: () => number;
  dialect?: 'sqlite' | 'postgres';
}

export interface OutboxWorker {
  start(): void;
  stop(): Promise<void>;
  /** Safe at any time: claims never overlap. Resolves with the number sent, or 0 once busy runs are done. */
  runOnce(): Promise<number>;
}

export class UndeliverableMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndeliverableMessageError';
  }
}

/** E.g. a reminder of a PIX that was paid: the row is removed without counting a failure. */
export class MessageNotNeededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageNotNeededError';
  }
}

export const OUTBOX_CONCURRENCY = 4;

export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

// About 8 minutes with the default backoff; errors from then on, so an operator notices.
const ALARM_AFTER_FAILURES = 5;

function describe(error: unknown): string {
  return maskPersonalData(error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

// Long: the worker's claim, delivery, retry and stop share its timers and state in one closure.
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    logger,
    kinds,
    intervalMs = 5_000,
    leaseMs = 90_000,
    sendDeadlineMs = 60_000,
    baseBackoffMs = 30_000,
    maxBackoffMs = 10 * 60_000,
    batchSize = 50,
    concurrency = OUTBOX_CONCURRENCY,
  } = options;
  if (leaseMs <= sendDeadlineMs) throw new Error('outbox lease must be longer than the send deadline');
  // Own properties only: an option inherited through the prototype chain must not replace the clock.
  const fakeNow = Object.hasOwn(options, 'now') ? options.now : undefined;
  const dialect = Object.hasOwn(options, 'dialect') ? options.dialect : undefined;
  const clock: () => Promise<number> = fakeNow
    ? async () => fakeNow()
    : async () => {
        if (!dialect) throw new Error('the outbox worker needs `dialect` to read the database clock');
        return readDatabaseClock(db, dialect);
      };

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();
  let runs = 0;
  /** A run that found nothing to claim looks again if it moved. */
  let requests = 0;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  };

  async function sendWithin(deliverer: OutboxHandler, message: ClaimedMessage): Promise<string | undefined> {
    const signal = AbortSignal.timeout(sendDeadlineMs);
    const deadline = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(new Error(`send deadline of ${sendDeadlineMs} ms passed`)), { once: true });
    });
    deadline.catch(() => undefined);
    const receipt = await Promise.race([deliverer.deliver(message, signal), deadline]);
    return receipt.recipient;
  }

  async function deliver(message: ClaimedMessage): Promise<boolean> {
    const deliverer = kinds.handlerOf(message.kind);
    const channel = deliverer?.channel ?? 'message';
    const fields = { outboxId: message.id, orderId: message.orderId, kind: message.kind };
    let to: string | undefined;
    try {
      // A newer instance may have queued it during a rolling update: retried, not dropped.
      if (!deliverer) throw new Error(`no handler for outbox kind "${message.kind}" in this version`);
      to = await sendWithin(deliverer, message);
    } catch (error) {
      if (error instanceof MessageNotNeededError) {
        await deleteClaimedMessage(db, message);
        logger.info(`${channel} skipped: no longer needed`, { ...fields, reason: error.message });
        return false;
      }
      if (error instanceof UndeliverableMessageError) {
        await markFailed(db, message, Number.MAX_SAFE_INTEGER, `not deliverable: ${error.message}`);
        logger.warn(`${channel} dropped: not deliverable`, { ...fields, error: error.message });
        return false;
      }
      const policy = deliverer?.retry ?? { baseBackoffMs, maxBackoffMs };
      const failures = message.attempts + 1;
      const delay = backoffDelay(failures, policy.baseBackoffMs, policy.maxBackoffMs);
      const reason = describe(error);
      const now = await clock();
      if (policy.giveUpAfterMs !== undefined && now + delay - message.createdAt > policy.giveUpAfterMs) {
        // Past its lifetime: parked, shown in Saúde, where "Tentar de novo" sends it again.
        await markFailed(db, message, Number.MAX_SAFE_INTEGER, `gave up after ${failures} attempts: ${reason}`);
        logger.error(`${channel} not sent; gave up`, { ...fields, to, attempts: failures, error: reason });
        return false;
      }
      const kept = await markFailed(db, message, now + delay, reason);
      logger[failures >= ALARM_AFTER_FAILURES ? 'error' : 'warn'](`${channel} not sent; will retry`, {
        ...fields,
        to,
        attempts: failures,
        retryInMs: delay,
        error: reason,
        leaseLost: kept ? undefined : true,
      });
      return false;
    }
    await markSent(db, message, await clock());
    logger.info(`${channel} sent`, { ...fields, to, mode: deliverer.mode });
    return true;
  }

  /** Counted in `runs` from its first (synchronous) step, so a runOnce right after sees it. */
  async function deliverDue(): Promise<number> {
    runs += 1;
    let sent = 0;
    let handled = 0;
    try {
      while (handled < batchSize && !stopped) {
        const seen = requests;
        const message = await claimNextMessage(db, { now: await clock(), leaseMs });
        if (!message) {
          // A row committed after this claim looked, whose runOnce found every run busy, is this run's to send.
          if (requests !== seen) continue;
          break;
        }
        handled += 1;
        try {
          if (await deliver(message)) sent += 1;
        } catch (error) {
          // The lease runs out and the row is retried.
          logger.error('outbox: could not record a delivery attempt', {
            outboxId: message.id,
            orderId: message.orderId,
            error: describe(error),
          });
        }
      }
    } finally {
      runs -= 1;
    }
    return sent;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (runs >= concurrency) return schedule(intervalMs);
      void track(deliverDue())
        .catch((error: unknown) => logger.error('outbox: poll failed', { error: describe(error) }))
        .finally(() => schedule(intervalMs));
    }, delayMs);
    // The worker alone must not keep a process (a CLI, a test run) alive.
    timer.unref();
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
    },
    runOnce() {
      requests += 1;
      // Every run is busy: one sends what was asked for; this resolves once they are done, so the rows due by now are handled.
      if (runs >= concurrency) return Promise.allSettled([...inFlight]).then(() => 0);
      return track(deliverDue());
    },
  };
}
