import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { itemsOfOrders } from '../orders/order-items.ts';
import type { RefundRow } from '../refunds/refunds-repository.ts';
import type { PurchaseRecord } from './purchase-ledger.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The purchase an order belongs to (docs/money.md): its main order (the order itself, or an
 * add-on's parent), the add-on orders of that main order, their items and their refunds.
 * Undefined for an unknown id.
 */
export async function loadPurchase(db: Executor, orderId: string): Promise<PurchaseRecord | undefined> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) return undefined;
  const main =
    order.kind === 'addon' && order.parent_order_id
      ? await db.selectFrom('orders').selectAll().where('id', '=', order.parent_order_id).executeTakeFirst()
      : order;
  if (!main) return undefined;
  const addons = await db
    .selectFrom('orders')
    .selectAll()
    .where('parent_order_id', '=', main.id)
    .where('kind', '=', 'addon')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const ids = [main.id, ...addons.map((addon) => addon.id)];
  const [items, refundRows] = await Promise.all([
    itemsOfOrders(db, ids),
    db.selectFrom('refunds').selectAll().where('order_id', 'in', ids).execute(),
  ]);
  return { main, addons, items, refunds: new Map<string, RefundRow>(refundRows.map((row) => [row.order_id, row])) };
}
