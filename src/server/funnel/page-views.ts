import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Views of `path` on the business days in [fromDay, toDay) (`YYYY-MM-DD`, as the funnel keys its rows). */
async function pageViewsBetween(db: Kysely<Database>, path: string, fromDay: string, toDay: string): Promise<number> {
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

/**
 * Visitors of `path` a day, summed over the business days in [fromDay, toDay): one a person a day, as A/B tests count
 * them. Days before the first one counted (a shop older than the count) are counted by their page views instead.
 */
export async function visitorDaysBetween(db: Kysely<Database>, path: string, fromDay: string, toDay: string): Promise<number> {
  const first = await db
    .selectFrom('funnel')
    .select((eb) => eb.fn.min<string>('day').as('day'))
    .where('event', '=', 'visitor')
    .where('path', '=', path)
    .where('day', '>=', fromDay)
    .where('day', '<', toDay)
    .executeTakeFirst();
  const counted = first?.day ?? toDay;
  const [visitors, views] = await Promise.all([
    funnelCountBetween(db, 'visitor', counted, toDay, path),
    pageViewsBetween(db, path, fromDay, counted),
  ]);
  return visitors + views;
}
