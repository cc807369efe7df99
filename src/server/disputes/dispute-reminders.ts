import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import { queueDueReminders, type AlertChannels } from './dispute-alerts.ts';

/** A reminder is due within minutes of its time: 24 h and 6 h before a deadline (docs/disputes.md#alerts). */
export const DISPUTE_REMINDER_INTERVAL_MS = 5 * 60_000;

export interface DisputeReminderJob {
  start(): void;
  stop(): Promise<void>;
  runOnce(): Promise<number>;
}

/** Every instance may run it: the outbox keeps one row per dispute and reminder, so each goes once. */
export function createDisputeReminderJob(deps: {
  db: Kysely<Database>;
  logger: Logger;
  now: () => number;
  runOutbox: () => void;
  channels: AlertChannels;
  intervalMs?: number;
}): DisputeReminderJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  const runOnce = () => {
    running ??= queueDueReminders(deps.db, deps.now(), deps.channels)
      .then((queued) => {
        if (queued > 0) deps.runOutbox();
        return queued;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const tick = () =>
    void runOnce().catch((error: unknown) =>
      deps.logger.error('Dispute reminders failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, deps.intervalMs ?? DISPUTE_REMINDER_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
