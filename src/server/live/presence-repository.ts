import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Records a heartbeat: the visitor's row is created or its `last_seen` moved to `now`. */
export async function touchPresence(db: Kysely<Database>, visitorId: string, now: number): Promise<void> {
  await db
    .insertInto('presence')
    .values({ visitor_id: visitorId, last_seen: now })
    .onConflict((conflict) => conflict.column('visitor_id').doUpdateSet({ last_seen: now }))
    .execute();
}

/** Distinct visitors whose latest heartbeat is at or after `since` (one row per visitor id). */
export async function countPresentVisitors(db: Kysely<Database>, since: number): Promise<number> {
  const row = await db
    .selectFrom('presence')
    .select((eb) => eb.fn.countAll<number>().as('viewers'))
    .where('last_seen', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.viewers);
}

/** Drops visitors not seen since `before`; they no longer count and would only grow the table. */
export async function prunePresence(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('presence').where('last_seen', '<', before).execute();
}

/** Drops the heartbeat rate-limit counters whose window ended before `before` (only ours). */
export async function prunePresenceRateLimits(db: Kysely<Database>, keyPrefix: string, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', 'like', `${keyPrefix}%`).where('window_start', '<', before).execute();
}
