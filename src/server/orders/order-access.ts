import type { Kysely, Transaction } from 'kysely';
import type { Database, StoredOrderStatus } from '../db/schema.ts';

// The order's side of the member page: who bought, whether the access holds; access/ keeps the links.

type Executor = Kysely<Database> | Transaction<Database>;

export interface AccessOrder {
  id: string;
  status: StoredOrderStatus;
  buyerName: string;
  buyerEmail: string;
  hasAccess: boolean;
  paidAt: number | null;
}

const ORDER_COLUMNS = [
  'orders.id',
  'orders.status',
  'orders.buyer_name',
  'orders.buyer_email',
  'orders.access_revoked_at',
  'orders.paid_at',
] as const;

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

/** True when this call took the access back (it was not already). */
export async function markAccessRevoked(db: Executor, orderId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ access_revoked_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('access_revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Only a paid order's access comes back. */
export async function markAccessRestored(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ access_revoked_at: null, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'paid')
    .where('access_revoked_at', 'is not', null)
    .execute();
}

export async function markAccessRevokedOfOrders(db: Executor, orderIds: readonly string[], now: number): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('orders')
    .set({ access_revoked_at: now })
    .where('id', 'in', [...orderIds])
    .where('status', '=', 'paid')
    .where('access_revoked_at', 'is', null)
    .execute();
}

export async function orderStatusOf(db: Executor, orderId: string): Promise<StoredOrderStatus | undefined> {
  const row = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return row?.status;
}
