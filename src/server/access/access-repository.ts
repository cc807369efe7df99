import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findAccessOrderById, type AccessOrder } from '../orders/order-access.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export async function findOrderByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ order: AccessOrder; tokenRevoked: boolean } | undefined> {
  const token = await db
    .selectFrom('access_tokens')
    .select(['order_id', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  const order = token && (await findAccessOrderById(db, token.order_id));
  return order && { order, tokenRevoked: token.revoked_at !== null };
}

/** False when that hash is already there and was revoked since. */
export async function storeAccessTokenHash(db: Executor, orderId: string, tokenHash: string, now: number): Promise<boolean> {
  await db
    .insertInto('access_tokens')
    .values({ token_hash: tokenHash, order_id: orderId, created_at: now, revoked_at: null })
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .execute();
  const row = await db
    .selectFrom('access_tokens')
    .select(['order_id', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.order_id === orderId && row.revoked_at === null;
}

export async function revokeOrderTokens(db: Executor, orderId: string, now: number): Promise<void> {
  await db.updateTable('access_tokens').set({ revoked_at: now }).where('order_id', '=', orderId).where('revoked_at', 'is', null).execute();
}

const HOUR_MS = 60 * 60_000;

/** The first open of each hour only, so a link reloaded in a loop cannot grow the table. */
export async function recordMemberPageOpen(
  db: Kysely<Database>,
  orderId: string,
  now: number,
  client: string | null = null,
): Promise<void> {
  await db
    .insertInto('member_page_opens')
    .values({ order_id: orderId, opened_hour: Math.floor(now / HOUR_MS), at: now, client })
    .onConflict((conflict) => conflict.columns(['order_id', 'opened_hour']).doNothing())
    .execute();
}
