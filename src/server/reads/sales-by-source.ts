// Sales by source for the console's Visão geral and `npm run report`: the orders' attribution, summed in SQL.
import { sql, type Kysely } from 'kysely';
import type { AdminSourceRow } from '../../shared/admin.ts';
import type { Database } from '../db/schema.ts';
import { netPaidCentsSql } from '../purchase/purchase-service.ts';

/** Sales by utm_source / utm_campaign for orders created in [from, to); revenue includes add-ons (their parent's campaign). */
export async function sumOrdersBySource(db: Kysely<Database>, from: number, to: number, limit = 50): Promise<AdminSourceRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'utm_source',
      'utm_campaign',
      eb.fn.sum<number>(sql`case when kind = 'main' then 1 else 0 end`).as('charges'),
      eb.fn.sum<number>(sql`case when status = 'paid' and kind = 'main' then 1 else 0 end`).as('paid'),
      // paid − refunded (docs/money.md): a part refund lowers the revenue, a reversed order has none.
      eb.fn.sum<number>(netPaidCentsSql).as('revenue'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    // A PIX was offered: charged (pending, then paid, expired or failed at the gateway) or paid anyway.
    .where((eb) => eb.or([eb('charged_at', 'is not', null), eb('status', 'in', ['paid', 'reversed'])]))
    .groupBy(['utm_source', 'utm_campaign'])
    .orderBy('revenue', 'desc')
    .orderBy('charges', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const charges = Number(row.charges ?? 0);
    const paidOrders = Number(row.paid ?? 0);
    return {
      source: row.utm_source,
      campaign: row.utm_campaign,
      charges,
      paidOrders,
      revenueCents: Number(row.revenue ?? 0),
      conversion: charges > 0 ? paidOrders / charges : null,
    };
  });
}
