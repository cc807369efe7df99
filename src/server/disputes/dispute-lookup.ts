import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Ids per query: far under either database's limit of bound parameters. */
const LOOKUP_CHUNK = 500;

/** Which of these orders a buyer contested (a MED), whatever became of it: an A/B test's guardrail (experiments/). */
export async function disputedOrderIds(db: Kysely<Database>, orderIds: readonly string[]): Promise<Set<string>> {
  const contested = new Set<string>();
  for (let start = 0; start < orderIds.length; start += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('disputes')
      .select('order_id')
      .distinct()
      .where('order_id', 'in', orderIds.slice(start, start + LOOKUP_CHUNK))
      .execute();
    for (const row of rows) contested.add(row.order_id);
  }
  return contested;
}
