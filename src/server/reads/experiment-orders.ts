// The orders counted for A/B tests (docs/experiments.md#what-is-counted), read back for each test's figures; links/ records them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { netPaidCentsSql } from '../purchase/purchase-service.ts';

/** The main orders counted for the test with their variant, and the net (docs/money.md) of each add-on bought after one of them. */
export async function experimentOrders(db: Kysely<Database>, experimentId: string) {
  const [main, addons] = await Promise.all([
    db
      .selectFrom('orders')
      .innerJoin('order_experiments', 'order_experiments.order_id', 'orders.id')
      .select(['orders.id', 'order_experiments.variant', 'orders.charge_id', 'orders.paid_at', netPaidCentsSql.as('net_cents')])
      .where('order_experiments.experiment_id', '=', experimentId)
      .where('orders.kind', '=', 'main')
      .execute(),
    db
      .selectFrom('orders')
      .select(['parent_order_id', netPaidCentsSql.as('net_cents')])
      .where('kind', '=', 'addon')
      .where('parent_order_id', 'in', (eb) =>
        eb.selectFrom('order_experiments').select('order_id').where('experiment_id', '=', experimentId),
      )
      .execute(),
  ]);
  return { main, addons };
}

/** The main orders created in [since, until) that generated a PIX: the planner's rate of the `pix` metric. */
export async function pixGeneratedBetween(db: Kysely<Database>, since: number, until: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', 'main')
    .where('charge_id', 'is not', null)
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Every order paid in [since, until): its net (the planner's revenue per visitor) and whether its buyer had accepted the
 * cookies (`tracking_consent`: the planner's share of people who keep their A/B version).
 */
export async function paidOrdersBetween(db: Kysely<Database>, since: number, until: number) {
  return db
    .selectFrom('orders')
    .select([netPaidCentsSql.as('net_cents'), 'tracking_consent'])
    .where('paid_at', '>=', since)
    .where('paid_at', '<', until)
    .execute();
}
