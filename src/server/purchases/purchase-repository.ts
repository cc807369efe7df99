import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ListKey } from '../../content/offers.ts';
import type { OrderItem } from '../../shared/checkout.ts';
import type { PurchaseView } from '../../shared/purchase.ts';
import { itemsOfOrders, listOfItem } from './purchase-items.ts';
import { ledgerOf, openItemKeys, type PurchaseRecord } from './purchase-ledger.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The main order is the order itself, or an add-on's parent (docs/money.md). */
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
  return { main, addons, items, refunds: new Map(refundRows.map((row) => [row.order_id, row])) };
}

export async function entitledLists(db: Executor, orderId: string): Promise<ListKey[]> {
  const purchase = await loadPurchase(db, orderId);
  if (!purchase) return [];
  return [...new Set(openItemKeys(ledgerOf(purchase, { guaranteeDays: 0 })).map(listOfItem))];
}

/** Everything a purchase bought and kept: its paid items not refunded, main order's first. */
export async function purchasedItems(db: Executor, orderId: string): Promise<OrderItem[]> {
  const purchase = await loadPurchase(db, orderId);
  if (!purchase) return [];
  return ledgerOf(purchase, { guaranteeDays: 0 })
    .items.filter((item) => item.state !== 'unpaid' && item.state !== 'refunded')
    .map(({ key, title, priceCents }) => ({ key, title, priceCents }));
}

export async function loadPurchaseView(db: Executor, orderId: string, config: { guaranteeDays: number }): Promise<PurchaseView | null> {
  const purchase = await loadPurchase(db, orderId);
  if (!purchase) return null;
  const { unlistedOwedCents: _unlisted, ...view } = ledgerOf(purchase, config);
  return view;
}
