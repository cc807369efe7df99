import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The checkout's orders charged in [from, to) and their buyers' Open Finance payments (not JSR's), for funnel/pay-ways.ts. */
export async function payWayFacts(db: Kysely<Database>, from: number, to: number) {
  const orders = db
    .selectFrom('orders')
    .select('id')
    .where('kind', '=', 'main')
    .where('charge_id', 'is not', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  const [charged, bankPayments] = await Promise.all([
    db.selectFrom('orders').select(['id', 'created_at', 'paid_at']).where('id', 'in', orders).execute(),
    db
      .selectFrom('open_finance_payments')
      .select(['order_id', 'created_at', 'paid_at', 'returned_at'])
      .where('order_id', 'in', orders)
      .where('jsr', '=', 0)
      .execute(),
  ]);
  return { charged, bankPayments };
}
