import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
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
