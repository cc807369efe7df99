import type { Kysely, Transaction } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { Database } from '../db/schema.ts';
import { ofBuyer, type OrderRow } from './orders-repository.ts';

type Buyer = Pick<OrderRow, 'buyer_email' | 'buyer_phone'>;

/** The buyer's other pending charges with one of `items`, oldest first. */
export async function findOpenChargesWithItems(
  db: Kysely<Database>,
  paid: Buyer & Pick<OrderRow, 'id'>,
  items: readonly OrderItemKey[],
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .where('orders.id', '!=', paid.id)
    .where('orders.status', '=', 'pending')
    .where((eb) => eb.or([eb('orders.buyer_email', '=', paid.buyer_email), eb('orders.buyer_phone', '=', paid.buyer_phone)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_items')
          .select('order_items.item')
          .whereRef('order_items.order_id', '=', 'orders.id')
          .where('order_items.item', 'in', items),
      ),
    )
    .orderBy('orders.created_at')
    .execute();
}

/** True when this call retired it; the paid order no longer points at it (the chain ends at the paid order). */
export async function retireForPayment(
  trx: Transaction<Database>,
  open: Pick<OrderRow, 'id'>,
  paid: Pick<OrderRow, 'id'>,
  reason: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: 'failed', failure_reason: reason, replaced_by: paid.id, updated_at: now })
    .where('id', '=', open.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await trx.updateTable('orders').set({ replaced_by: null }).where('id', '=', paid.id).where('replaced_by', '=', open.id).execute();
  return true;
}

/** The buyer's paid orders, other than `order`, paid since it was made, first paid first. */
export async function findPaidOrdersOfBuyerSince(
  db: Kysely<Database>,
  order: Buyer & Pick<OrderRow, 'id' | 'created_at'>,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '!=', order.id)
    .where('status', '=', 'paid')
    .where(ofBuyer({ email: order.buyer_email, phone: order.buyer_phone }))
    .where('paid_at', '>=', Number(order.created_at))
    .orderBy('paid_at')
    .execute();
}

/** The buyer's retired charges whose cancel was sent and never confirmed, still payable until they expire. */
export async function findRetiredChargesLeftOpen(
  db: Kysely<Database>,
  buyer: { email: string; phone: string },
  now: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where(ofBuyer(buyer))
    .where('status', '=', 'failed')
    .where('replaced_by', 'is not', null)
    .where('charge_id', 'is not', null)
    .where('cancel_sent_at', 'is not', null)
    .where('provider_closed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute();
}
