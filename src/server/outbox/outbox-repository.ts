import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, OutboxTable } from '../db/schema.ts';

/**
 * The transactional outbox (docs/decisions/0001-outbox-delivery.md). A row is written in the same
 * transaction as the fact that requires the e-mail, then a worker claims it with a lease right
 * before sending it, sends it under a hard deadline shorter than the lease, and marks it sent.
 */

export interface OutboxMessage {
  id: string;
  orderId: string;
  kind: string;
  payload: unknown;
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
  row: { orderId: string; kind: string; payload: unknown; now?: number; notBefore?: number },
): Promise<boolean> {
  const now = row.now ?? Date.now();
  // A scheduled message (a reminder) is simply a row that is not due yet.
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

/**
 * Claims the next due row for `leaseMs`, right before it is sent (never a batch: a slow SMTP server
 * must not outlast the lease of rows still waiting their turn). The claim is a conditional UPDATE
 * that only succeeds while the row is still unsent and unleased (or its lease ran out), so two
 * workers, in one process or on two servers, never hold the same row at once: the loser's UPDATE
 * matches nothing (Postgres re-checks the WHERE after the winner commits; SQLite serialises
 * writers), and it tries the next candidate. `now` is the database's clock in production (see
 * `readDatabaseClock`), so instances with skewed clocks agree on when a lease ends.
 */
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

/**
 * The database server's time in epoch ms. Leases are set and compared on this one clock, so
 * instances whose own clocks drift apart still agree on whose lease ran out.
 */
export async function readDatabaseClock(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ now: number }>`select cast(extract(epoch from clock_timestamp()) * 1000 as bigint) as now`
      : sql<{ now: number }>`select cast((julianday('now') - 2440587.5) * 86400000 as integer) as now`;
  const { rows } = await query.execute(db);
  return Number(rows[0]!.now);
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

/**
 * Drops a claimed row that is no longer wanted (a reminder of a PIX that was paid meanwhile).
 * Fenced by the lease like `markFailed`. Such a row is removed rather than parked: it did not fail,
 * and it must not show up among the undeliverable e-mails in the console.
 */
export async function deleteClaimedMessage(db: Kysely<Database>, message: Pick<ClaimedMessage, 'id' | 'lockedUntil'>): Promise<boolean> {
  const result = await db
    .deleteFrom('outbox')
    .where('id', '=', message.id)
    .where('sent_at', 'is', null)
    .where('locked_until', '=', message.lockedUntil)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Removes an order's unsent messages whose kind is one of `kinds` or starts with one of
 * `kindPrefixes` (e.g. the PIX reminders once the order is paid). Returns how many went.
 */
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
    .where((eb) =>
      eb.or([
        ...(match.kinds.length > 0 ? [eb('kind', 'in', match.kinds)] : []),
        // Our prefixes are constants; a `_` in them matching any one character changes nothing.
        ...match.kindPrefixes.map((prefix) => eb('kind', 'like', `${prefix}%`)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The payloads of an order's rows of one kind family (`kind`, and `kind:…` for the later ones),
 * sent or not: what a family of e-mails has already said.
 */
export async function outboxPayloadsOf(db: Executor, orderId: string, kind: string): Promise<unknown[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('kind', '=', kind), eb('kind', 'like', `${kind}:%`)]))
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as unknown);
}
