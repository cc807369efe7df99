// The orders counted for A/B tests (docs/experiments.md#what-is-counted): each test's variant recorded, and read back for its figures.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { netPaidCentsSql } from './purchase-service.ts';

/** One row per running test the order counts for, checked by experiments/; the first kept, so a retried checkout counts once. */
export async function recordOrderVariants(
  db: Kysely<Database>,
  orderId: string,
  variants: ReadonlyArray<{ experimentId: string; variant: number }>,
): Promise<void> {
  if (variants.length === 0) return;
  await db
    .insertInto('order_experiments')
    .values(variants.map((entry) => ({ order_id: orderId, experiment_id: entry.experimentId, variant: entry.variant })))
    .onConflict((conflict) => conflict.columns(['order_id', 'experiment_id']).doNothing())
    .execute();
}

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
