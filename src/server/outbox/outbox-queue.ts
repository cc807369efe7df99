import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// What the features do with the outbox (docs/decisions/0001-outbox-delivery.md): queue a row in the transaction
// that makes it true, read what they queued, drop what is no longer to be sent, and send again what failed.

type Executor = Kysely<Database> | Transaction<Database>;

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

export interface OrderMessage {
  id: string;
  kind: string;
  createdAt: number;
  sentAt: number | null;
  attempts: number;
  lastError: string | null;
}

export async function listOrderMessages(db: Executor, orderId: string, kinds: readonly string[]): Promise<OrderMessage[]> {
  const match = kindsMatch(kinds);
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'kind', 'created_at', 'sent_at', 'attempts', 'last_error'])
    .where('order_id', '=', orderId)
    .where((eb) => kindMatches(eb, match))
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    attempts: Number(row.attempts),
    lastError: row.last_error,
  }));
}

export async function listMessagesOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('outbox')
    .select(['order_id', 'kind', 'created_at', 'sent_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('created_at')
    .execute();
}

/** Of these kinds, how many are late (unsent 5 minutes after due) and the last 50 given up or failed 3 times. */
export async function outboxBacklog(db: Executor, now: number, kinds: readonly string[]) {
  const match = kindsMatch(kinds);
  const ofKinds = (eb: ExpressionBuilder<Database, 'outbox'>) => kindMatches(eb, match);
  const pending = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ofKinds)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<', Number.MAX_SAFE_INTEGER)
    .where('created_at', '<', now - 5 * 60_000)
    // A scheduled row is late only once due.
    .where((eb) => eb.or([eb('attempts', '>', 0), eb('next_attempt_at', '<', now - 5 * 60_000)]))
    .executeTakeFirstOrThrow();
  const undeliverable = await db
    .selectFrom('outbox')
    .select(['id', 'order_id', 'last_error'])
    .where(ofKinds)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('next_attempt_at', '=', Number.MAX_SAFE_INTEGER), eb('attempts', '>=', 3)]))
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return {
    backlog: Number(pending.n),
    undeliverable: undeliverable.map((row) => ({ id: row.id, orderId: row.order_id, lastError: row.last_error })),
  };
}

/** The last 50 unsent rows of a kind family (`webhook:`) that failed at least once; `nextAttemptAt` null once given up. */
export async function failingMessages(db: Executor, family: string) {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'order_id', 'kind', 'attempts', 'next_attempt_at', 'last_error'])
    .where('kind', 'like', `${family}%`)
    .where('sent_at', 'is', null)
    .where('attempts', '>=', 1)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    kind: row.kind,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at) === Number.MAX_SAFE_INTEGER ? null : Number(row.next_attempt_at),
    lastError: row.last_error,
  }));
}

export async function sentTimesOfFamily(db: Executor, orderIds: SelectQueryBuilder<Database, 'orders', { id: string }>, family: string) {
  return db
    .selectFrom('outbox')
    .select(['order_id', 'sent_at'])
    .where('order_id', 'in', orderIds)
    .where('kind', 'like', `${family}%`)
    .where('sent_at', 'is not', null)
    .execute();
}

export async function retryOutboxMessage(db: Kysely<Database>, id: string, now: number): Promise<string | undefined> {
  const row = await db
    .updateTable('outbox')
    .set({ next_attempt_at: now, attempts: 0, locked_until: null })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .returning('order_id')
    .executeTakeFirst();
  return row?.order_id;
}
