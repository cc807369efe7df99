import { type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database, OutboxTable } from '../db/schema.ts';

// The transactional outbox: docs/decisions/0001-outbox-delivery.md.

export interface OutboxMessage {
  id: string;
  orderId: string;
  kind: string;
  payload: unknown;
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  sentAt: number | null;
  lastError: string | null;
  createdAt: number;
}

/** The value doubles as the claim's fencing token. */
export interface ClaimedMessage extends OutboxMessage {
  lockedUntil: number;
}

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

/** One row at a time under a conditional UPDATE, so two workers never hold the same row; `now` is the database's clock. */
export async function claimNextMessage(
  db: Kysely<Database>,
  options: { now: number; leaseMs: number },
): Promise<ClaimedMessage | undefined> {
  const { now, leaseMs } = options;
  const due = (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb.and([
      eb('sent_at', 'is', null),
      eb('next_attempt_at', '<=', now),
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
    ]);
  const candidates = await db
    .selectFrom('outbox')
    .selectAll()
    .where(due)
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(5)
    .execute();
  const lockedUntil = now + leaseMs;
  for (const candidate of candidates) {
    const result = await db
      .updateTable('outbox')
      .set({ locked_until: lockedUntil })
      .where('id', '=', candidate.id)
      .where(due)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { ...toMessage(candidate), lockedUntil };
  }
  return undefined;
}

/** Not fenced by the lease: once a message went out, nobody should send it again. */
export async function markSent(db: Kysely<Database>, message: Pick<ClaimedMessage, 'id'>, sentAt: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ sent_at: sentAt, locked_until: null, last_error: null })
    .where('id', '=', message.id)
    .where('sent_at', 'is', null)
    .execute();
}

/** Fenced by the lease: a worker whose lease was taken over must not touch the new holder's row. */
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

/** Removed rather than parked: it did not fail, and must not show among undeliverable e-mails. */
export async function deleteClaimedMessage(db: Kysely<Database>, message: Pick<ClaimedMessage, 'id' | 'lockedUntil'>): Promise<boolean> {
  const result = await db
    .deleteFrom('outbox')
    .where('id', '=', message.id)
    .where('sent_at', 'is', null)
    .where('locked_until', '=', message.lockedUntil)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
