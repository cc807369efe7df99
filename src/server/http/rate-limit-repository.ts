import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// The rate limiter's counters: server/http/rate-limit.ts decides, this module only reads and writes them.

/**
 * Counts one hit against `key` in the fixed window containing `now` and returns the window's count
 * so far. One upsert, so concurrent hits on any instance never lose a count. Fixed windows allow a
 * burst of twice the limit across a boundary, which is fine for throttling.
 */
export async function hitRateLimit(db: Kysely<Database>, key: string, windowMs: number, now: number): Promise<number> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        // Both sides see the row as it was before this statement, so the order of SETs is irrelevant.
        count: sql<number>`case when ${sql.ref('rate_limits.window_start')} = ${windowStart} then ${sql.ref('rate_limits.count')} + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Drops counters whose window ended before `before`; they can no longer limit anything. */
export async function pruneRateLimits(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}
