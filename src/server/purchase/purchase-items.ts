import type { Kysely, Transaction } from 'kysely';
import { mainOffer, orderBump, type ListKey } from '../../content/offers.ts';
import { site } from '../../content/site.ts';
import type { OrderItem, OrderItemKey } from '../../shared/checkout.ts';
import type { Database } from '../db/schema.ts';

/** What a purchase's orders sell (docs/offers.md); here so the purchase reads only the database. */
type Executor = Kysely<Database> | Transaction<Database>;

/** The list an item opens: the main product's suppliers, the bump's own list. */
export function listOfItem(key: OrderItemKey): ListKey {
  return key === 'main' ? mainOffer.delivers : (orderBump?.delivers ?? 'recharge');
}

const ITEM_ORDER: Record<OrderItemKey, number> = { main: 0, bump: 1 };

/** Each order's items, main product first; an order without rows (none should exist) gets none. */
export async function itemsOfOrders(db: Executor, orderIds: readonly string[]): Promise<Map<string, OrderItem[]>> {
  const items = new Map<string, OrderItem[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return items;
  const rows = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', [...new Set(orderIds)])
    .execute();
  for (const row of rows.sort((a, b) => ITEM_ORDER[a.item] - ITEM_ORDER[b.item])) {
    items.get(row.order_id)?.push({ key: row.item, title: row.title, priceCents: Number(row.price_cents) });
  }
  return items;
}

export async function itemsOfOrder(db: Executor, orderId: string): Promise<OrderItem[]> {
  return (await itemsOfOrders(db, [orderId])).get(orderId) ?? [];
}

/** The name the order was placed under (docs/editing.md#prices), never today's page's. */
export async function productNameOf(db: Executor, orderId: string): Promise<string> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('order_items', (join) =>
      join
        .on('order_items.item', '=', 'main')
        .on((eb) =>
          eb.or([eb('order_items.order_id', '=', eb.ref('orders.id')), eb('order_items.order_id', '=', eb.ref('orders.parent_order_id'))]),
        ),
    )
    .select('order_items.title')
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  // Every order has its items since migration 0023; the build's name is the last resort, never a blank.
  return row?.title ?? site.productName;
}
