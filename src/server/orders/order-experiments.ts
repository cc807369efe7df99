// The orders an A/B test's pages placed (docs/experiments.md#what-is-counted): the variant recorded, and read back for its figures.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { netPaidCentsSql } from './purchase-service.ts';

/** The test's variant the page named, checked by experiments/ (null: none), recorded once: a resumed checkout keeps it. */
export async function recordOrderVariant(
  db: Kysely<Database>,
  orderId: string,
  variant: { experimentId: string; variant: number } | null,
): Promise<void> {
  if (!variant) return;
  await db
    .updateTable('orders')
    .set({ experiment_id: variant.experimentId, experiment_variant: variant.variant })
    .where('id', '=', orderId)
    .where('experiment_id', 'is', null)
    .execute();
}

/** The main orders placed under the test, and the net (docs/money.md) of each add-on bought after one of them. */
export async function experimentOrders(db: Kysely<Database>, experimentId: string) {
  const [main, addons] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'experiment_variant', 'charge_id', 'paid_at', netPaidCentsSql.as('net_cents')])
      .where('experiment_id', '=', experimentId)
      .where('kind', '=', 'main')
      .execute(),
    db
      .selectFrom('orders')
      .select(['parent_order_id', netPaidCentsSql.as('net_cents')])
      .where('kind', '=', 'addon')
      .where('parent_order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('experiment_id', '=', experimentId))
      .execute(),
  ]);
  return { main, addons };
}

/** The net of every order paid in [since, until), one figure each: the planner's revenue per visitor. */
export async function paidNetCentsBetween(db: Kysely<Database>, since: number, until: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select(netPaidCentsSql.as('net_cents'))
    .where('paid_at', '>=', since)
    .where('paid_at', '<', until)
    .execute();
  return rows.map((row) => Number(row.net_cents));
}
