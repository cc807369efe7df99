import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enqueueOutboxMessage } from './outbox-queue.ts';

/** `push_event:{key}`: one row per event, turned into one row per device that asked for it (push/push-delivery.ts); here, where every feature may queue one. */
export const PUSH_EVENT_FAMILY = 'push_event:';

/** What an event's row carries beside its kind; the words are written when it goes out, from the records then. */
export type PushEvent =
  | { type: 'sale' }
  | { type: 'dispute' }
  | { type: 'refund_asked'; amountCents: number }
  | { type: 'refund_failed' }
  | { type: 'provider'; provider: string; read: string; back: boolean }
  | { type: 'experiment'; name: string; verdict: 'winner' | 'no-difference' | 'inconclusive' | 'held' };

/** In the caller's transaction, as an e-mail; the key names the event, so telling it twice queues it once. */
export async function queuePushEvent(
  db: Kysely<Database> | Transaction<Database>,
  event: PushEvent,
  row: { orderId: string; key: string; now: number },
): Promise<void> {
  await enqueueOutboxMessage(db, { orderId: row.orderId, kind: `${PUSH_EVENT_FAMILY}${row.key}`, payload: event, now: row.now });
}
