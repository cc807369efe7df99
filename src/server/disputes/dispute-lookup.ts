import type { Kysely } from 'kysely';
import { idsInChunks } from '../db/in-chunks.ts';
import type { Database } from '../db/schema.ts';

/** Which of these orders a buyer contested (a MED), whatever became of it: an A/B test's guardrail (experiments/). */
export function disputedOrderIds(db: Kysely<Database>, orderIds: readonly string[]): Promise<Set<string>> {
  return idsInChunks(orderIds, async (chunk) => {
    const rows = await db.selectFrom('disputes').select('order_id').distinct().where('order_id', 'in', chunk).execute();
    return rows.map((row) => row.order_id);
  });
}
