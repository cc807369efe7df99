import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Views of `path` on the business days in [fromDay, toDay) (`YYYY-MM-DD`, as the funnel keys its rows). */
export async function pageViewsBetween(db: Kysely<Database>, path: string, fromDay: string, toDay: string): Promise<number> {
  const row = await db
    .selectFrom('funnel')
    .select((eb) => eb.fn.sum<number>('count').as('count'))
    .where('event', '=', 'page_view')
    .where('path', '=', path)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
