import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OutboxTable } from '../db/schema.ts';

/**
 * The transactional outbox (docs/decisions/0001-outbox-delivery.md). A row is written in the same
 * transaction as the fact that requires the e-mail, then a worker claims it with a lease, sends it
 * and marks it sent.
 */

/**
 * The first access e-mail, a resend requested on /acesso (one per order per 10-minute window), or
 * the seller's alert that this order duplicates an earlier payment.
 */
export type OutboxKind = 'access_email' | `access_resend:${number}` | 'duplicate_alert';

export interface OutboxMessage {
  id: string;
  orderId: string;
  kind: string;
  payload: unknown;
  /** Failed attempts so far. */
  attempts: number;
  nextAttemptAt: number;
  /** When the current lease ends (for a claimed row: the claim that holds it). */
  lockedUntil: number | null;
  sentAt: number | null;
  lastError: string | null;
  createdAt: number;
}

/** A row this worker holds until `lockedUntil`; the value doubles as the claim's fencing token. */
export interface ClaimedMessage extends OutboxMessage {
  lockedUntil: number;
}

type Executor = Kysely<Database> | Transaction<Database>;

function toMessage(row: Selectable<OutboxTable>): OutboxMessage {
  return {
    id: row.id,
    orderId: row.order_id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
  };
}

/**
 * Queues a message; pass the caller's transaction so the row commits (or rolls back) with the
 * state change that calls for it. A second call for the same order and kind changes nothing
 * (replayed webhooks, a poll racing the webhook), and returns false.
 */
export async function enqueueOutboxMessage(
  db: Executor,
  row: { orderId: string; kind: OutboxKind; payload: unknown; now?: number },
): Promise<boolean> {
  const now = row.now ?? Date.now();
  const result = await db
    .insertInto('outbox')
    .values({
      id: randomUUID(),
      order_id: row.orderId,
      kind: row.kind,
      payload: JSON.stringify(row.payload ?? null),
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      sent_at: null,
      last_error: null,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['order_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Claims up to `limit` due rows for `leaseMs`. Each claim is a conditional UPDATE that only
 * succeeds while the row is still unsent and unleased (or its lease ran out), so two workers,
 * in one process or on two servers, can never hold the same row at once: the loser's UPDATE
 * matches nothing (Postgres re-checks the WHERE after the winner commits; SQLite serialises writers).
 */
export async function claimDueMessages(
  db: Kysely<Database>,
  options: { now: number; limit: number; leaseMs: number },
): Promise<ClaimedMessage[]> {
  const { now, limit, leaseMs } = options;
  const candidates = await db
    .selectFrom('outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();

  const lockedUntil = now + leaseMs;
  const claimed: ClaimedMessage[] = [];
  for (const candidate of candidates) {
    const result = await db
      .updateTable('outbox')
      .set({ locked_until: lockedUntil })
      .where('id', '=', candidate.id)
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      claimed.push({ ...toMessage(candidate), lockedUntil });
    }
  }
  return claimed;
}

/** Records delivery. Not fenced by the lease: once a message went out, nobody should send it again. */
export async function markSent(db: Kysely<Database>, message: Pick<ClaimedMessage, 'id'>, sentAt: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ sent_at: sentAt, locked_until: null, last_error: null })
    .where('id', '=', message.id)
    .where('sent_at', 'is', null)
    .execute();
}

/**
 * Records a failed attempt and when to try again, and releases the lease. Fenced by the lease:
 * a worker whose lease already ran out (and was taken over) must not touch the new holder's row.
 * Returns false when the lease was lost.
 */
export async function markFailed(
  db: Kysely<Database>,
  message: Pick<ClaimedMessage, 'id' | 'lockedUntil'>,
  nextAttemptAt: number,
  error: string,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: nextAttemptAt,
      locked_until: null,
      last_error: error.slice(0, 1000),
    }))
    .where('id', '=', message.id)
    .where('sent_at', 'is', null)
    .where('locked_until', '=', message.lockedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The message of a kind queued for an order, if any (delivery status for support and tests). */
export async function findOutboxMessage(
  db: Kysely<Database>,
  orderId: string,
  kind: OutboxKind,
): Promise<OutboxMessage | undefined> {
  const row = await db
    .selectFrom('outbox')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? toMessage(row) : undefined;
}

/** Gives a claimed row back untouched (a stopping worker), so another can take it without waiting out the lease. */
export async function releaseClaim(db: Kysely<Database>, message: Pick<ClaimedMessage, 'id' | 'lockedUntil'>): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ locked_until: null })
    .where('id', '=', message.id)
    .where('locked_until', '=', message.lockedUntil)
    .execute();
}
