// Each page version's visitors of a day, counted once (experiments/version-visitors.ts makes the daily id).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordFunnelEvent, recordVersionFunnelEvent, VERSION_VISITOR_EVENT } from './funnel-repository.ts';

/**
 * A version's visitor, once a day: a new daily id adds one to the version's `visitor` count (the figures never read ids) and one to the
 * page's `visitor` of the day in the funnel. Ids of days before yesterday can no longer recur (their salt is gone) and go.
 */
export async function recordVersionVisitor(
  db: Kysely<Database>,
  visit: { day: string; yesterday: string; version: number; visitor: string; path: string; at: number },
) {
  const inserted = await db
    .insertInto('page_version_visitors')
    .values({ day: visit.day, version: visit.version, visitor: visit.visitor })
    .onConflict((conflict) => conflict.columns(['day', 'version', 'visitor']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await recordVersionFunnelEvent(db, { version: visit.version, name: VERSION_VISITOR_EVENT, path: visit.path });
  await recordFunnelEvent(db, { name: 'visitor', path: visit.path, at: visit.at });
  await db.deleteFrom('page_version_visitors').where('day', '<', visit.yesterday).execute();
}

/**
 * A visitor of the day who began a checkout, once a day: the funnel's `checkout_visitor` on the page they were counted on, the A/B
 * planner's checkout rate. Someone not counted as the page's visitor that day is not counted here either.
 */
export async function recordVersionCheckout(
  db: Kysely<Database>,
  visit: { day: string; version: number; visitor: string; path: string; at: number },
) {
  const marked = await db
    .updateTable('page_version_visitors')
    .set({ checkout_begun: 1 })
    .where('day', '=', visit.day)
    .where('version', '=', visit.version)
    .where('visitor', '=', visit.visitor)
    .where('checkout_begun', '=', 0)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) > 0) await recordFunnelEvent(db, { name: 'checkout_visitor', path: visit.path, at: visit.at });
}
