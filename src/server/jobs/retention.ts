import type { Kysely } from 'kysely';
import {
  CONVERSION_DATA_RETENTION_DAYS,
  MEMBER_PAGE_OPEN_RETENTION_DAYS,
  DRAFT_SAVE_RETENTION_HOURS,
  STALE_DRAFT_RETENTION_DAYS,
  WEBHOOK_AUDIT_RETENTION_DAYS,
} from '../../shared/retention.ts';
import { pruneDrafts, pruneSaves } from '../offer/offer-service.ts';
import type { Database } from '../db/schema.ts';
import { PRESENCE_RETENTION_MS, prunePresence } from '../live/presence.ts';
import type { Logger } from '../lib/logger.ts';
import { LOGIN_WINDOW_MS, pruneAdminSessions, pruneLoginLimits, SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '../admin/admin-auth.ts';
import { eraseSandboxCustomersBefore } from '../sandbox/sandbox-erasure.ts';
import { deleteWebhookEventsBefore, eraseTrackingIdentifiers, eraseUnpaidBuyers } from '../orders/order-erasure.ts';
import { pruneMemberPageOpens } from '../access/access-service.ts';
import { prunePixEmailQuota } from '../pix-emails/pix-email-quota.ts';
import { pruneRateLimits } from '../http/rate-limit.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** LGPD art. 15/16 (the privacy page reads the same constants); idempotent steps, safe on several instances. */
export interface RetentionJob {
  start(): void;
  stop(): Promise<void>;
  runOnce(): Promise<{ erasedOrders: number; deletedPostbacks: number; erasedTrackingIds: number }>;
}

export function createRetentionJob(deps: {
  db: Kysely<Database>;
  logger: Logger;
  unpaidRetentionDays: number;
  now?: () => number;
  intervalMs?: number;
}): RetentionJob {
  const intervalMs = deps.intervalMs ?? 60 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<{ erasedOrders: number; deletedPostbacks: number; erasedTrackingIds: number }> | undefined;

  const pass = async () => {
    const now = deps.now?.() ?? Date.now();
    const unpaidBefore = now - deps.unpaidRetentionDays * DAY_MS;
    const erasedOrders = await eraseUnpaidBuyers(deps.db, unpaidBefore, now);
    await eraseSandboxCustomersBefore(deps.db, unpaidBefore);
    const deletedPostbacks = await deleteWebhookEventsBefore(deps.db, now - WEBHOOK_AUDIT_RETENTION_DAYS * DAY_MS);
    // The server-side conversions are sent (or given up) by then; their identifiers have no further use.
    const erasedTrackingIds = await eraseTrackingIdentifiers(
      deps.db,
      { paidBefore: now - CONVERSION_DATA_RETENTION_DAYS * DAY_MS, expiredBefore: now - DAY_MS },
      now,
    );
    // Presence and limits say nothing after their windows (at most a day for the limits).
    await prunePresence(deps.db, now - PRESENCE_RETENTION_MS);
    await pruneRateLimits(deps.db, now - 2 * DAY_MS);
    // The console's login counters (hashed client groups) once their window is over, and its dead sessions.
    await pruneLoginLimits(deps.db, now - LOGIN_WINDOW_MS);
    await pruneAdminSessions(deps.db, { idleBefore: now - SESSION_IDLE_MS, createdBefore: now - SESSION_MAX_AGE_MS });
    await pruneMemberPageOpens(deps.db, now - MEMBER_PAGE_OPEN_RETENTION_DAYS * DAY_MS);
    // A day's PIX e-mail quota counts nothing once the day is over.
    await prunePixEmailQuota(deps.db, now - 2 * DAY_MS);
    await pruneDrafts(deps.db, now - STALE_DRAFT_RETENTION_DAYS * DAY_MS);
    await pruneSaves(deps.db, now - DRAFT_SAVE_RETENTION_HOURS * HOUR_MS);
    if (erasedOrders > 0 || deletedPostbacks > 0 || erasedTrackingIds > 0) {
      deps.logger.info('Retention applied', { erasedOrders, deletedPostbacks, erasedTrackingIds });
    }
    return { erasedOrders, deletedPostbacks, erasedTrackingIds };
  };

  const runOnce = () => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };
  const runLogged = () =>
    void runOnce().catch((error: unknown) =>
      deps.logger.error('Retention failed', {
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      }),
    );

  return {
    start() {
      if (timer) return;
      // Soon after start (not at once: start-up has enough to do), then every interval.
      first = setTimeout(runLogged, 60_000);
      first.unref();
      timer = setInterval(runLogged, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
