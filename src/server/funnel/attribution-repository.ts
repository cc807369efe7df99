import { sql, type Kysely } from 'kysely';
import type { AdminSourceRow } from '../../shared/admin.ts';
import type { Database } from '../db/schema.ts';

/**
 * Sales by where buyers came from: the orders created in [from, to), grouped by the visit's
 * utm_source and utm_campaign, with how many PIX charges were generated, how many were paid (their
 * conversion) and the revenue; highest revenue first, then most charges. Charges and sales count
 * main orders; the revenue includes add-on orders (the bump bought after payment carries its
 * parent's campaign). Read by `npm run report`
 * (attribution-report.ts prints it) and the console's Visão geral.
 */
export async function sumOrdersBySource(db: Kysely<Database>, from: number, to: number, limit = 50): Promise<AdminSourceRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'utm_source',
      'utm_campaign',
      eb.fn.sum<number>(sql`case when kind = 'main' then 1 else 0 end`).as('charges'),
      eb.fn.sum<number>(sql`case when status = 'paid' and kind = 'main' then 1 else 0 end`).as('paid'),
      eb.fn.sum<number>(sql`case when status = 'paid' then amount_cents else 0 end`).as('revenue'),
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
