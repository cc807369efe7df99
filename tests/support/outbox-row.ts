import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

/** The delivery state the outbox worker keeps on a row: what the outbox tests check. */
export interface OutboxRowState {
  /** Failed attempts so far. */
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  sentAt: number | null;
  lastError: string | null;
}

/** The row queued for an order and kind, read straight from the table (PostgreSQL's bigints as numbers). */
export async function readOutboxRow(db: Kysely<Database>, orderId: string, kind: string): Promise<OutboxRowState | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select(['attempts', 'next_attempt_at', 'locked_until', 'sent_at', 'last_error'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    lockedUntil: row.locked_until === null ? null : Number(row.locked_until),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    lastError: row.last_error,
  };
}
