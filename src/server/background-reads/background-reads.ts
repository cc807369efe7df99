import type { Kysely } from 'kysely';
import type { BackgroundReadName } from '../../content/background-reads.ts';
import type { Database } from '../db/schema.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import { describeReadFailure, type ReadFailure } from '../gateway/read-failure.ts';
import { SHOP_ALERT_ORDER_ID } from '../orders/unrecognised-events.ts';
import type { BackgroundReads, ReadPass } from '../orders/orders-deps.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { queuePushEvent } from '../outbox/push-queue.ts';
import { listReadHealth, recordReadFailure, recordReadSuccess } from './background-reads-repository.ts';

/**
 * A provider's reads that no buyer waits on — its dispute list, its charges read back by the reconciler, its bank payments
 * whose notice was lost — fail loudly: Saúde names them with since when and the fix, and past an hour the seller is told
 * once per run of failures (docs/payments.md#loud).
 */
export type BackgroundRead = BackgroundReadName;

/** A read failing this long may be money lost unseen: the seller is told once per run of failures. */
export const READ_ALERT_AFTER_MS = 60 * 60_000;
/** A provider's refusal to be asked now (429, or 503 with Retry-After) without a wait named: this long, doubled each time. */
export const FIRST_PAUSE_MS = 60_000;
export const MAX_PAUSE_MS = 30 * 60_000;
/** A Retry-After is honoured up to this: a mistaken one of days must not silence the reads that long. */
export const MAX_RETRY_AFTER_MS = 6 * 60 * 60_000;
/** `read_alert:{provider}:{read}:{first failure}`: one e-mail per run of failures, on any number of instances. */
export const READ_ALERT_FAMILY = 'read_alert:';
/** `read_whatsapp:{provider}:{read}:{first failure}`: the same alert on the seller's WhatsApp (DISPUTE_ALERT_WHATSAPP). */
export const READ_WHATSAPP_FAMILY = 'read_whatsapp:';

export interface ReadAlertDeps {
  db: Kysely<Database>;
  /** The seller's WhatsApp is set (DISPUTE_ALERT_WHATSAPP): the alert goes there too. */
  channels?: { whatsapp: boolean } | undefined;
}

/** A read back after the seller was told it failed: their phone says so. */
export async function readSucceeded(db: Kysely<Database>, provider: ProviderId, read: BackgroundRead, now: number): Promise<void> {
  const since = await recordReadSuccess(db, provider, read, now);
  if (since !== null && now - since >= READ_ALERT_AFTER_MS)
    await queuePushEvent(
      db,
      { type: 'provider', provider, read, back: true },
      { orderId: SHOP_ALERT_ORDER_ID, key: `provider:${provider}:${read}:${since}:back`, now },
    );
}

/** Until when the provider's background reads wait, or null: a pause from any of its reads holds them all. */
export async function readsPausedUntil(db: Kysely<Database>, provider: ProviderId, now: number): Promise<number | null> {
  const until = Math.max(0, ...(await listReadHealth(db)).filter((row) => row.provider === provider).map((row) => row.pausedUntil ?? 0));
  return until > now ? until : null;
}

/** Records the failure in the seller's words; a throttle pauses the provider; past an hour of failures, queues the alert. */
export async function readFailed(
  deps: ReadAlertDeps,
  provider: ProviderId,
  read: BackgroundRead,
  now: number,
  failure: ReadFailure,
): Promise<void> {
  let pause: { until: number; backoffMs: number | null } | null = null;
  if (failure.throttle) {
    if (failure.throttle.retryAfterMs !== null) {
      pause = { until: now + Math.min(failure.throttle.retryAfterMs, MAX_RETRY_AFTER_MS), backoffMs: null };
    } else {
      const previous = Math.max(
        0,
        ...(await listReadHealth(deps.db)).filter((row) => row.provider === provider).map((row) => row.backoffMs ?? 0),
      );
      const backoffMs = previous === 0 ? FIRST_PAUSE_MS : Math.min(MAX_PAUSE_MS, previous * 2);
      pause = { until: now + backoffMs, backoffMs };
    }
  }
  const since = await recordReadFailure(deps.db, provider, read, now, failure.said, pause);
  if (now - since < READ_ALERT_AFTER_MS) return;
  const row = { orderId: SHOP_ALERT_ORDER_ID, payload: null, now };
  await enqueueOutboxMessage(deps.db, { ...row, kind: `${READ_ALERT_FAMILY}${provider}:${read}:${since}` });
  if (deps.channels?.whatsapp) await enqueueOutboxMessage(deps.db, { ...row, kind: `${READ_WHATSAPP_FAMILY}${provider}:${read}:${since}` });
  await queuePushEvent(
    deps.db,
    { type: 'provider', provider, read, back: false },
    { orderId: SHOP_ALERT_ORDER_ID, key: `provider:${provider}:${read}:${since}`, now },
  );
}

/** The reconciler's view of this mechanism (orders/orders-deps.ts): each pass sums its reads of one provider. */
export function createBackgroundReads(deps: ReadAlertDeps): BackgroundReads {
  return {
    pausedUntil: (provider, now) => readsPausedUntil(deps.db, provider, now),
    pass: (provider, read) => createReadPass(deps, provider, read),
  };
}

/** Any outage of the read (not a 404 of one id) is the pass's failure; else any answer is its success. */
function createReadPass(deps: ReadAlertDeps, provider: ProviderId, read: BackgroundRead): ReadPass {
  let failure: ReadFailure | null = null;
  let answered = false;
  return {
    tally: {
      answered: () => {
        answered = true;
      },
      failed: (error) => {
        failure = describeReadFailure(error, provider, read) ?? failure;
      },
    },
    throttled: () => failure?.throttle != null,
    async record(now) {
      if (failure) await readFailed(deps, provider, read, now, failure);
      else if (answered) await readSucceeded(deps.db, provider, read, now);
    },
  };
}
