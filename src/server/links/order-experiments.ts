// Links between folders' rows live here, one table each, as the join tables of a link module: an order counted for an
// A/B test (docs/experiments.md#what-is-counted) is neither the order's nor the test's to keep.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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
