import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
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

/** Openings kept one row each per order; past it they are counted per day and address (member_page_open_tallies). */
export const OPENINGS_KEPT_PER_ORDER = 100;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Every opening counts (the defence says how many, docs/disputes.md#what-the-defence-says), yet a link reloaded in a loop
 * cannot grow the tables: a row per opening up to the cap, then a count per order, day and address.
 */
export async function recordMemberPageOpen(
  db: Kysely<Database>,
  orderId: string,
  now: number,
  client: string | null = null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Openings of one order are counted one at a time, so a flood of them cannot pass the cap (SQLite: the INSERT locks).
    if (trx.getExecutor().adapter instanceof PostgresAdapter)
      await sql`select pg_advisory_xact_lock(727003, hashtext(${orderId}))`.execute(trx);
    const kept = await sql`insert into member_page_opens (order_id, at, client)
      select ${orderId}, cast(${now} as bigint), cast(${client} as text)
      where (select count(*) from member_page_opens where order_id = ${orderId}) < ${OPENINGS_KEPT_PER_ORDER}`.execute(trx);
    if (Number(kept.numAffectedRows ?? 0) > 0) return;
    await trx
      .insertInto('member_page_open_tallies')
      .values({ order_id: orderId, day: Math.floor(now / DAY_MS), client: client ?? '', openings: 1, first_at: now, last_at: now })
      .onConflict((conflict) =>
        conflict.columns(['order_id', 'day', 'client']).doUpdateSet({
          openings: sql`member_page_open_tallies.openings + 1`,
          first_at: sql`case when excluded.first_at < member_page_open_tallies.first_at then excluded.first_at else member_page_open_tallies.first_at end`,
          last_at: sql`case when excluded.last_at > member_page_open_tallies.last_at then excluded.last_at else member_page_open_tallies.last_at end`,
        }),
      )
      .execute();
  });
}
