import type { ProviderId } from '../gateway/provider-registry.ts';
import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrdersTable, StoredOrderStatus } from '../db/schema.ts';

export type OrderRow = Selectable<OrdersTable>;

/** One buyer's orders: the same e-mail or the same phone (docs/money.md#one-payable-pix). */
export const ofBuyer = (buyer: { email: string; phone: string }) => (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([eb('buyer_email', '=', buyer.email), eb('buyer_phone', '=', buyer.phone)]);

/** The order whose charge a provider names (its webhook): one transaction settles one order. */
export async function findOrderByCharge(db: Kysely<Database>, provider: ProviderId, chargeId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('provider', '=', provider).where('charge_id', '=', chargeId).executeTakeFirst();
}

export async function findOrderByPublicRef(db: Kysely<Database>, publicRef: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('public_ref', '=', publicRef).executeTakeFirst();
}

export async function setOrderStatus(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  from: StoredOrderStatus[],
  to: StoredOrderStatus,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A unique violation on `charge_id` (migration 0020), as PostgreSQL and SQLite report it. */
export function isTransactionHashTaken(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === 'orders_charge_id_unique';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('orders.charge_id');
}
