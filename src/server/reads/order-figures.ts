// The orders summed for the figures other folders show (funnel/: the recovery, the page versions, the bump).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hasPaidAddon, holdsBump } from '../orders/order-items.ts';
import { netPaidCentsSql } from '../purchase/purchase-service.ts';

/** The ids of the orders charged that were created or paid since `since`, as a subquery for the rows about them. */
export function chargedOrderIdsSince(db: Kysely<Database>, since: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('charge_id', 'is not', null)
    .where((eb) => eb.or([eb('created_at', '>=', since), eb('paid_at', '>=', since)]));
}

export async function chargedOrdersSince(db: Kysely<Database>, since: number) {
  return (
    db
      .selectFrom('orders')
      // paid − refunded, as the revenue cards count (docs/money.md): a part refund lowers what was recovered.
      .select(['id', 'created_at', 'paid_at', 'status', netPaidCentsSql.as('net_cents')])
      .where('id', 'in', chargedOrderIdsSince(db, since))
      .execute()
  );
}

/** Main orders paid and net revenue per page version the order was placed on. */
export async function salesByOfferVersion(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'offer_version',
      eb.fn.sum<number>(sql`case when kind = 'main' and paid_at is not null then 1 else 0 end`).as('paid'),
      // paid − refunded − returned by the MED (docs/money.md), never recomputed here.
      eb.fn.sum<number>(netPaidCentsSql).as('revenue'),
    ])
    .where('offer_version', 'is not', null)
    .groupBy('offer_version')
    .execute();
}

/** What became of the bump in each main order created in [from, to) (the report's bump steps, funnel/bump-funnel.ts). */
export async function mainOrderBumpFacts(
  db: Kysely<Database>,
  from: number,
  to: number,
): Promise<Array<{ paid: boolean; bump: boolean; answer: 'accepted' | 'declined' | null; addonPaid: boolean }>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', 'addon_answer', holdsBump(eb).as('has_bump'), hasPaidAddon(eb).as('addon_paid')])
    .where('kind', '=', 'main')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  // SQLite answers 0/1 for `exists`, PostgreSQL a boolean.
  return rows.map((row) => ({
    paid: row.status === 'paid',
    bump: Boolean(Number(row.has_bump)),
    answer: row.addon_answer,
    addonPaid: Boolean(Number(row.addon_paid)),
  }));
}

/** Version 0 has no publish time: the first order is the first evidence of its price being charged. */
export async function firstOrderAt(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .executeTakeFirst();
  return row?.first == null ? null : Number(row.first);
}
