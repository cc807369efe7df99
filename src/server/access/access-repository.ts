import { sql, type Kysely } from 'kysely';
import type { Database, StoredOrderStatus } from '../db/schema.ts';

/** What the member area needs to know about the order behind an access token or an outbox row. */
export interface AccessOrder {
  id: string;
  status: StoredOrderStatus;
  buyerName: string;
  buyerEmail: string;
  accessToken: string | null;
}

export async function findOrderByToken(db: Kysely<Database>, token: string): Promise<AccessOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'status', 'buyer_name', 'buyer_email', 'access_token'])
    .where('access_token', '=', token)
    .executeTakeFirst();
  return row && toAccessOrder(row);
}

export async function findAccessOrderById(db: Kysely<Database>, orderId: string): Promise<AccessOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['id', 'status', 'buyer_name', 'buyer_email', 'access_token'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row && toAccessOrder(row);
}

/** Ids of the paid orders bought with an e-mail (stored lower-cased by the checkout form). */
export async function listPaidOrderIdsByEmail(db: Kysely<Database>, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('buyer_email', '=', email)
    .where('status', '=', 'paid')
    .where('access_token', 'is not', null)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Counts one hit against `key` in the fixed window containing `now` and returns the window's count
 * so far. One upsert, so concurrent hits on any instance never lose a count. Fixed windows allow a
 * burst of twice the limit across a boundary, which is fine for throttling mail requests.
 */
export async function hitRateLimit(db: Kysely<Database>, key: string, windowMs: number, now: number): Promise<number> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        // Both sides see the row as it was before this statement, so the order of SETs is irrelevant.
        count: sql<number>`case when ${sql.ref('rate_limits.window_start')} = ${windowStart} then ${sql.ref('rate_limits.count')} + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Drops counters whose window ended before `before`; they can no longer limit anything. */
export async function pruneRateLimits(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}

function toAccessOrder(row: {
  id: string;
  status: StoredOrderStatus;
  buyer_name: string;
  buyer_email: string;
  access_token: string | null;
}): AccessOrder {
  return {
    id: row.id,
    status: row.status,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    accessToken: row.access_token,
  };
}

/** Notes that an order's access link was opened (shown on the order's timeline in the console). */
export async function recordMemberPageOpen(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db.insertInto('member_page_opens').values({ order_id: orderId, at: now }).execute();
}
