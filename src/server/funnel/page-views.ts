import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Views of `path` on the business days in [fromDay, toDay) (`YYYY-MM-DD`, as the funnel keys its rows). */
export async function pageViewsBetween(db: Kysely<Database>, path: string, fromDay: string, toDay: string): Promise<number> {
  return funnelCountBetween(db, 'page_view', fromDay, toDay, path);
}

/** The funnel's count of `event` on the business days in [fromDay, toDay), on `path` or on every page. */
export async function funnelCountBetween(
  db: Kysely<Database>,
  event: string,
  fromDay: string,
  toDay: string,
  path?: string,
): Promise<number> {
  let query = db
    .selectFrom('funnel')
    .select((eb) => eb.fn.sum<number>('count').as('count'))
    .where('event', '=', event)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay);
  if (path !== undefined) query = query.where('path', '=', path);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}
