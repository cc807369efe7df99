import type { Kysely, Transaction } from 'kysely';
import type { Database, StoredOrderStatus } from '../db/schema.ts';

export interface AccessOrder {
  id: string;
  status: StoredOrderStatus;
  buyerName: string;
  buyerEmail: string;
  hasAccess: boolean;
  paidAt: number | null;
}

type Executor = Kysely<Database> | Transaction<Database>;

const ORDER_COLUMNS = [
  'orders.id',
  'orders.status',
  'orders.buyer_name',
  'orders.buyer_email',
  'orders.access_revoked_at',
  'orders.paid_at',
] as const;

export async function findOrderByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ order: AccessOrder; tokenRevoked: boolean } | undefined> {
  const row = await db
    .selectFrom('access_tokens')
    .innerJoin('orders', 'orders.id', 'access_tokens.order_id')
    .select([...ORDER_COLUMNS, 'access_tokens.revoked_at'])
    .where('access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { order: toAccessOrder(row), tokenRevoked: row.revoked_at !== null };
}

export async function findAccessOrderById(db: Kysely<Database>, orderId: string): Promise<AccessOrder | undefined> {
  const row = await db.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', orderId).executeTakeFirst();
  return row && toAccessOrder(row);
}

/** For an add-on (docs/offers.md), its parent's. */
export async function accessOrderIdOf(db: Kysely<Database>, orderId: string): Promise<string> {
  const row = await db.selectFrom('orders').select(['kind', 'parent_order_id']).where('id', '=', orderId).executeTakeFirst();
  return row?.kind === 'addon' && row.parent_order_id ? row.parent_order_id : orderId;
}

/** An add-on has no member page of its own. */
export async function listPaidOrderIdsByEmail(db: Kysely<Database>, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('buyer_email', '=', email)
    .where('kind', '=', 'main')
    .where('status', '=', 'paid')
    .where('access_revoked_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.id);
}

function toAccessOrder(row: {
  id: string;
  status: StoredOrderStatus;
  buyer_name: string;
  buyer_email: string;
  access_revoked_at: number | null;
  paid_at: number | null;
}): AccessOrder {
  return {
    id: row.id,
    status: row.status,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    hasAccess: row.status === 'paid' && row.access_revoked_at === null,
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
  };
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
