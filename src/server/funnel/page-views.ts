import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The funnel's count of `event` on the business days in [fromDay, toDay) (`YYYY-MM-DD`, as the funnel keys its rows), on `path` or on every page. */
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
 * Visitors of `path` a day, summed over the business days in [fromDay, toDay): one a person a day, as A/B tests count them; with
 * `checkouts`, those of them who began a checkout. Days before the first one counted (a shop older than the count) are counted by their
 * page views (checkouts begun) instead.
 */
export async function visitorDaysBetween(
  db: Kysely<Database>,
  path: string,
  fromDay: string,
  toDay: string,
  checkouts = false,
): Promise<number> {
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
    funnelCountBetween(db, checkouts ? 'checkout_visitor' : 'visitor', counted, toDay, path),
    funnelCountBetween(db, checkouts ? 'begin_checkout' : 'page_view', fromDay, counted, path),
  ]);
  return visitors + views;
}
