import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Records a heartbeat: the visitor's row is created or its `last_seen` moved to `now`. */
export async function touchPresence(db: Kysely<Database>, beat: { visitorId: string; clientKey: string; now: number }): Promise<void> {
  await db
    .insertInto('presence')
    .values({ visitor_id: beat.visitorId, client_key: beat.clientKey, last_seen: beat.now })
    .onConflict((conflict) => conflict.column('visitor_id').doUpdateSet({ last_seen: beat.now, client_key: beat.clientKey }))
    .execute();
}

/**
 * Visitors whose latest heartbeat is at or after `since`, each client address counting for at
 * most `perClient` of them.
 */
export async function countPresentVisitors(db: Kysely<Database>, since: number, perClient: number): Promise<number> {
  const perClientCounts = db
    .selectFrom('presence')
    .select((eb) => eb.fn.countAll<number>().as('visitors'))
    .where('last_seen', '>=', since)
    .groupBy('client_key')
    .as('clients');
  const row = await db
    .selectFrom(perClientCounts)
    .select(
      sql<number>`coalesce(sum(case when ${sql.ref('clients.visitors')} > ${perClient} then ${perClient} else ${sql.ref('clients.visitors')} end), 0)`.as(
        'viewers',
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.viewers);
}

/** Drops visitors not seen since `before`; they no longer count and would only grow the table. */
export async function prunePresence(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('presence').where('last_seen', '<', before).execute();
}
