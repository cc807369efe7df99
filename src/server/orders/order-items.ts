import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import type { Database } from '../db/schema.ts';

/** An `addon` order adds its item to its parent's member page once paid (docs/offers.md). */
type Executor = Kysely<Database> | Transaction<Database>;

export interface NewOrderItem {
  key: OrderItemKey;
  title: string;
  priceCents: number;
  /** The item at a catalogue provider (TriboPay's product and offer); null: none to send. */
  productHash: string | null;
  offerHash: string | null;
}

export function totalOf(items: readonly Pick<NewOrderItem, 'priceCents'>[]): number {
  const total = items.reduce((sum, item) => sum + item.priceCents, 0);
  if (!Number.isSafeInteger(total) || total <= 0) throw new TypeError(`an order's total must be positive integer centavos, got ${total}`);
  return total;
}

/** An order's items as it was created with them: a resumed create sends the same cart (checkout/charge-failover.ts). */
export async function chargeItemsOf(db: Executor, orderId: string): Promise<NewOrderItem[]> {
  const rows = await db
    .selectFrom('order_items')
    .select(['item', 'title', 'price_cents', 'product_hash', 'offer_hash'])
    .where('order_id', '=', orderId)
    .execute();
  const order = (key: OrderItemKey) => (key === 'main' ? 0 : 1);
  return rows
    .map((row) => ({
      key: row.item,
      title: row.title,
      priceCents: Number(row.price_cents),
      productHash: row.product_hash,
      offerHash: row.offer_hash,
    }))
    .sort((a, b) => order(a.key) - order(b.key));
}

export async function insertOrderItems(trx: Executor, orderId: string, items: readonly NewOrderItem[]): Promise<void> {
  if (items.length === 0) return;
  await trx
    .insertInto('order_items')
    .values(
      items.map((item) => ({
        order_id: orderId,
        item: item.key,
        title: item.title,
        price_cents: item.priceCents,
        product_hash: item.productHash,
        offer_hash: item.offerHash,
      })),
    )
    .execute();
}

/** A condition on `orders`: the order holds the bump (ticked in the checkout, or an add-on order). */
export function holdsBump(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.exists(
    eb
      .selectFrom('order_items')
      .select('order_items.order_id')
      .whereRef('order_items.order_id', '=', 'orders.id')
      .where('order_items.item', '=', 'bump'),
  );
}

/** A condition on `orders`: the main order's add-on (the bump bought after payment) is paid. */
export function hasPaidAddon(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.exists(
    eb
      .selectFrom('orders as addon')
      .select('addon.id')
      .whereRef('addon.parent_order_id', '=', 'orders.id')
      .where('addon.kind', '=', 'addon')
      .where('addon.status', '=', 'paid'),
  );
}

/** The buyer already paid for an item this order sells: its PIX is not chased (docs/money.md#one-payable-pix). */
export async function buyerPaidForItemsOf(
  db: Executor,
  order: { id: string; buyer_email: string | null; buyer_phone: string | null },
): Promise<boolean> {
  const keys = (await itemsOfOrder(db, order.id)).map((item) => item.key);
  const buyer = [order.buyer_email, order.buyer_phone].filter((value): value is string => Boolean(value));
  if (keys.length === 0 || buyer.length === 0) return false;
  const row = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.id', '!=', order.id)
    .where('orders.status', '=', 'paid')
    .where('order_items.item', 'in', keys)
    .where((eb) => eb.or([eb('orders.buyer_email', 'in', buyer), eb('orders.buyer_phone', 'in', buyer)]))
    .executeTakeFirst();
  return row !== undefined;
}
