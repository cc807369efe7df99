// Each page version's funnel and sales (docs/editing.md#figures).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { netPaidCentsSql } from '../purchases/purchase-service.ts';

/** A landing's visit is its page view on `/`; the pre-sell's are apart. */
const LANDING_PATH = '/';

export async function recordVersionFunnelEvent(
  db: Kysely<Database>,
  event: { version: number; name: string; path: string },
): Promise<void> {
  await db
    .insertInto('page_version_funnel')
    .values({ version: event.version, event: event.name, path: event.path, count: 1 })
    .onConflict((conflict) => conflict.columns(['version', 'event', 'path']).doUpdateSet({ count: sql`page_version_funnel.count + 1` }))
    .execute();
}

export interface VersionSales {
  visitors: number;
  checkoutsBegun: number;
  pixPaid: number;
  revenueCents: number;
}

export async function salesByVersion(db: Kysely<Database>): Promise<Map<number, VersionSales>> {
  const [funnel, orders] = await Promise.all([
    db
      .selectFrom('page_version_funnel')
      .select((eb) => ['version', 'event', eb.fn.sum<number>('count').as('count')])
      .where((eb) => eb.or([eb.and([eb('event', '=', 'page_view'), eb('path', '=', LANDING_PATH)]), eb('event', '=', 'begin_checkout')]))
      .groupBy(['version', 'event'])
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => [
        'offer_version',
        eb.fn.sum<number>(sql`case when kind = 'main' and paid_at is not null then 1 else 0 end`).as('paid'),
        // paid − refunded − returned by the MED (docs/money.md), never recomputed here.
        eb.fn.sum<number>(netPaidCentsSql).as('revenue'),
      ])
      .where('offer_version', 'is not', null)
      .groupBy('offer_version')
      .execute(),
  ]);
  const sales = new Map<number, VersionSales>();
  const of = (version: number) => {
    const found = sales.get(version) ?? { visitors: 0, checkoutsBegun: 0, pixPaid: 0, revenueCents: 0 };
    sales.set(version, found);
    return found;
  };
  for (const row of funnel) {
    const counted = of(Number(row.version));
    if (row.event === 'page_view') counted.visitors = Number(row.count);
    else counted.checkoutsBegun = Number(row.count);
  }
  for (const row of orders) {
    const counted = of(Number(row.offer_version));
    counted.pixPaid = Number(row.paid ?? 0);
    counted.revenueCents = Number(row.revenue ?? 0);
  }
  return sales;
}
