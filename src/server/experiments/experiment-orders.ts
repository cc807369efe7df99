import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The A/B test's variant on the order the page placed, once (a resumed checkout keeps what it first recorded).
 * `variant`: already checked against the running tests (live-experiments.ts `recorded`); null leaves the order out.
 */
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
