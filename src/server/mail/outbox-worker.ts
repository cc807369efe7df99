import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import { maskEmail, maskEmailsIn } from './mask-email.ts';
import {
  claimDueMessages,
  markFailed,
  markSent,
  releaseClaim,
  type ClaimedMessage,
  type OutboxMessage,
} from './outbox-repository.ts';

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  /**
   * Builds the e-mail for a row (the orders code looks up the order and its access link). Its
   * `messageId` must be the same every time for a row, e.g. `<order-{orderId}@vitrine>`.
   */
  render: (message: OutboxMessage) => Promise<MailMessage>;
  /** Pause between two polls of the table. */
  intervalMs?: number;
  /**
   * How long a claimed row stays reserved. Far longer than one send can take (the mailer's SMTP
   * timeouts add up to under a minute), since an expired lease lets another worker send it again.
   */
  leaseMs?: number;
  /** Wait after the first failure; doubles with each further failure. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Rows claimed per poll. */
  batchSize?: number;
  now?: () => number;
}

export interface OutboxWorker {
  /** Polls every `intervalMs`, starting now. */
  start(): void;
  /** Stops polling and resolves once the message being sent (if any) is finished and recorded. */
  stop(): Promise<void>;
  /**
   * Delivers the rows that are due now and resolves with how many were sent. Safe to call at any
   * time (e.g. right after a payment commits), also while the timer runs: claims never overlap.
   */
  runOnce(): Promise<number>;
}

/**
 * Thrown by a `render` callback when a message must not be sent at all any more; the worker then
 * stops retrying that row (other errors are retried with backoff).
 */
export class UndeliverableMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndeliverableMessageError';
  }
}

/** 30 s, 1 min, 2 min, 4 min … up to `maxMs`, for the nth failure in a row. */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

// After this many failures the problem is not a blip (about 15 minutes with the default backoff):
// failures are logged as errors from then on, so that an operator notices.
const ALARM_AFTER_FAILURES = 5;

function describe(error: unknown): string {
  return maskEmailsIn(error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    mailer,
    logger,
    render,
    intervalMs = 5_000,
    leaseMs = 5 * 60_000,
    baseBackoffMs = 30_000,
    maxBackoffMs = 60 * 60_000,
    batchSize = 20,
    now = Date.now,
  } = options;

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  };

  async function deliver(message: ClaimedMessage): Promise<boolean> {
    const fields = { outboxId: message.id, orderId: message.orderId, kind: message.kind };
    let to: string | undefined;
    try {
      const mail = await render(message);
      to = maskEmail(mail.to);
      await mailer.send(mail);
    } catch (error) {
      if (error instanceof UndeliverableMessageError) {
        // Nothing to retry (e.g. the order was refunded before its e-mail went out): the row is
        // parked with its reason instead of being retried for ever.
        await markFailed(db, message, Number.MAX_SAFE_INTEGER, `not deliverable: ${error.message}`);
        logger.warn('e-mail dropped: not deliverable', { ...fields, error: error.message });
        return false;
      }
      const failures = message.attempts + 1;
      const delay = backoffDelay(failures, baseBackoffMs, maxBackoffMs);
      const reason = describe(error);
      const kept = await markFailed(db, message, now() + delay, reason);
      logger[failures >= ALARM_AFTER_FAILURES ? 'error' : 'warn']('e-mail not sent; will retry', {
        ...fields,
        to,
        attempts: failures,
        retryInMs: delay,
        error: reason,
        leaseLost: kept ? undefined : true,
      });
      return false;
    }
    await markSent(db, message, now());
    logger.info('e-mail sent', { ...fields, to, mode: mailer.mode });
    return true;
  }

  async function deliverDue(): Promise<number> {
    const claimed = await claimDueMessages(db, { now: now(), limit: batchSize, leaseMs });
    let sent = 0;
    for (const message of claimed) {
      if (stopped) {
        await releaseClaim(db, message);
        continue;
      }
      try {
        if (await deliver(message)) sent += 1;
      } catch (error) {
        // The database failed while recording the outcome; the lease runs out and the row is retried.
        logger.error('outbox: could not record a delivery attempt', {
          outboxId: message.id,
          orderId: message.orderId,
          error: describe(error),
        });
      }
    }
    return sent;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
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
      return track(deliverDue());
    },
  };
}
