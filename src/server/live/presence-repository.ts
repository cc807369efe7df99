import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function touchPresence(db: Kysely<Database>, beat: { visitorId: string; clientKey: string; now: number }): Promise<void> {
  await db
    .insertInto('presence')
    .values({ visitor_id: beat.visitorId, client_key: beat.clientKey, last_seen: beat.now })
    .onConflict((conflict) => conflict.column('visitor_id').doUpdateSet({ last_seen: beat.now, client_key: beat.clientKey }))
    .execute();
}

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
