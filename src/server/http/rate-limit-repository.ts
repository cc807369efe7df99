import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Fixed windows (a burst of twice the limit across a boundary is fine); one upsert, so no count is lost. */
export async function hitRateLimit(db: Kysely<Database>, key: string, windowMs: number, now: number): Promise<number> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        // Both sides see the row as it was before this statement.
        count: sql<number>`case when ${sql.ref('rate_limits.window_start')} = ${windowStart} then ${sql.ref('rate_limits.count')} + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
