import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
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

/** Pass the caller's transaction; a second call for the same order and kind changes nothing and returns false. */
export async function enqueueOutboxMessage(
  db: Executor,
  row: { orderId: string; kind: string; payload: unknown; now?: number; notBefore?: number },
): Promise<boolean> {
  const now = row.now ?? Date.now();
  const due = Math.max(now, row.notBefore ?? now);
  const result = await db
    .insertInto('outbox')
    .values({
      id: randomUUID(),
      order_id: row.orderId,
      kind: row.kind,
      payload: JSON.stringify(row.payload ?? null),
      attempts: 0,
      next_attempt_at: due,
      locked_until: null,
      sent_at: null,
      last_error: null,
      created_at: now,
    })
    .onConflict((conflict) => conflict.columns(['order_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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

/** Leases use this one clock, so instances whose own clocks drift still agree. */
export async function readDatabaseClock(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ now: number }>`select cast(extract(epoch from clock_timestamp()) * 1000 as bigint) as now`
      : sql<{ now: number }>`select cast((julianday('now') - 2440587.5) * 86400000 as integer) as now`;
  const { rows } = await query.execute(db);
  return Number(rows[0]!.now);
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

export async function deleteUnsentMessages(
  db: Executor,
  orderId: string,
  match: { kinds: string[]; kindPrefixes: string[] },
): Promise<number> {
  if (match.kinds.length === 0 && match.kindPrefixes.length === 0) return 0;
  const result = await db
    .deleteFrom('outbox')
    .where('order_id', '=', orderId)
    .where('sent_at', 'is', null)
    .where((eb) => kindMatches(eb, match))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Kinds as outbox-kinds.ts names them, exact (`access_email`) or families ending in `:` (`pix_reminder:`). */
export function kindsMatch(kinds: readonly string[]): { kinds: string[]; kindPrefixes: string[] } {
  return { kinds: kinds.filter((kind) => !kind.endsWith(':')), kindPrefixes: kinds.filter((kind) => kind.endsWith(':')) };
}

/** A row of one of the kinds; none given matches no row. */
export function kindMatches(eb: ExpressionBuilder<Database, 'outbox'>, match: { kinds: string[]; kindPrefixes: string[] }) {
  return eb.or([
    ...(match.kinds.length > 0 ? [eb('kind', 'in', match.kinds)] : []),
    // A `_` in our constant prefixes matching any one character changes nothing.
    ...match.kindPrefixes.map((prefix) => eb('kind', 'like', `${prefix}%`)),
  ]);
}

export async function outboxPayloadsOf(db: Executor, orderId: string, kind: string): Promise<unknown[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('kind', '=', kind), eb('kind', 'like', `${kind}:%`)]))
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as unknown);
}
