import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isTransactionHashTaken, type OrderRow } from './orders-repository.ts';

/** A paid order is first re-read an hour after payment (a quick refund), then less and less often. */
export const FIRST_PAID_RECHECK_MS = 60 * 60_000;

/** One caller wins the conditional UPDATE; its e-mail commits with it (docs/product.md#6-e-mail-delivery-is-made-true). */
export async function markOrderPaid(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  orderId: string,
  paid: { now: number },
  onPaid: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<OrderRow | undefined> {
  return db.transaction().execute(async (trx) => {
    // One paid transition at a time across instances, so two payments of one buyer see each other (SQLite: the UPDATE locks).
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727002)`.execute(trx);
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: paid.now, updated_at: paid.now, check_count: 0, next_check_at: paid.now + FIRST_PAID_RECHECK_MS })
      .where('id', '=', orderId)
      .where('status', 'in', ['creating', 'pending', 'failed'])
      .returningAll()
      .executeTakeFirst();
    if (updated) await onPaid(trx, updated);
    return updated;
  });
}

/** Two paid orders of one buyer closer than this are a duplicate payment (docs/payments.md#duplicate-payments). */
export const DUPLICATE_WINDOW_MS = 48 * 60 * 60_000;

/** The buyer's other paid orders since `since` with an item `order` has, first paid first. */
export async function paidOrdersSharingItems(db: Kysely<Database>, order: OrderRow, since: number): Promise<OrderRow[]> {
  const items = await db.selectFrom('order_items').select('item').where('order_id', '=', order.id).execute();
  if (items.length === 0) return [];
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .where('orders.id', '!=', order.id)
    .where('orders.status', '=', 'paid')
    .where('orders.paid_at', '>=', since)
    .where((eb) => {
      const sameBuyer = [eb('orders.buyer_email', '=', order.buyer_email), eb('orders.buyer_phone', '=', order.buyer_phone)];
      if (order.buyer_document) sameBuyer.push(eb('orders.buyer_document', '=', order.buyer_document));
      return eb.or(sameBuyer);
    })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_items')
          .select('order_items.item')
          .whereRef('order_items.order_id', '=', 'orders.id')
          .where(
            'order_items.item',
            'in',
            items.map((row) => row.item),
          ),
      ),
    )
    .orderBy('orders.paid_at')
    .execute();
}

/** `anyTime`: a retired charge paid late buys again what its replacement bought, whenever that was paid. */
export async function flagDuplicatePayment(
  trx: Transaction<Database>,
  order: OrderRow,
  now: number,
  options: { anyTime?: boolean } = {},
): Promise<OrderRow | undefined> {
  // A duplicate buys again what the buyer has (main or bump twice); the add-on after the main product is not one.
  const [earlier] = await paidOrdersSharingItems(trx, order, options.anyTime ? 0 : now - DUPLICATE_WINDOW_MS);
  if (!earlier) return undefined;
  await trx.updateTable('orders').set({ duplicate_of: earlier.id }).where('id', '=', order.id).execute();
  return earlier;
}

/** For an order whose create answer was lost; the unique index is the last word across instances. */
export async function adoptTransactionHash(db: Kysely<Database>, orderId: string, hash: string, now: number): Promise<boolean> {
  try {
    await db
      .updateTable('orders')
      .set({ charge_id: hash, updated_at: now })
      .where('id', '=', orderId)
      .where('charge_id', 'is', null)
      .execute();
  } catch (error) {
    if (isTransactionHashTaken(error)) return false;
    throw error;
  }
  const row = await db.selectFrom('orders').select('charge_id').where('id', '=', orderId).executeTakeFirst();
  return row?.charge_id === hash;
}

/** Erasure empties the buyer's fields (orders/order-erasure.ts): no e-mail, no phone to deliver to. */
export function isErasedBuyer(order: Pick<OrderRow, 'buyer_email' | 'buyer_phone'>): boolean {
  return order.buyer_email === '' && order.buyer_phone === '';
}
