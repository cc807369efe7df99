// Each page version's funnel and sales (docs/editing.md#figures).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { salesByOfferVersion } from '../reads/order-figures.ts';
import { VERSION_VISITOR_EVENT, versionFunnelCounts } from './funnel-repository.ts';

/** A landing's visitor is counted on `/`; the pre-sell's are apart. */
const LANDING_PATH = '/';

export interface VersionSales {
  visitors: number;
  checkoutsBegun: number;
  pixPaid: number;
  revenueCents: number;
}

export async function salesByVersion(db: Kysely<Database>): Promise<Map<number, VersionSales>> {
  const [funnel, orders] = await Promise.all([versionFunnelCounts(db, LANDING_PATH), salesByOfferVersion(db)]);
  const sales = new Map<number, VersionSales>();
  const of = (version: number) => {
    const found = sales.get(version) ?? { visitors: 0, checkoutsBegun: 0, pixPaid: 0, revenueCents: 0 };
    sales.set(version, found);
    return found;
  };
  for (const row of funnel) {
    const counted = of(Number(row.version));
    if (row.event === VERSION_VISITOR_EVENT) counted.visitors = Number(row.count);
    else counted.checkoutsBegun = Number(row.count);
  }
  for (const row of orders) {
    const counted = of(Number(row.offer_version));
    counted.pixPaid = Number(row.paid ?? 0);
    counted.revenueCents = Number(row.revenue ?? 0);
  }
  return sales;
}
