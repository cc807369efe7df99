import type { Kysely } from 'kysely';
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
