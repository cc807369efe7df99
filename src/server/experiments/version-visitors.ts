// Each page version's visitors in the A/B tests' unit (docs/experiments.md#what-is-counted, docs/editing.md#figures):
// a daily id from the day's salt, the address and the browser, never stored on the device; bots and the seller not counted.
// Here, beside the salt it shares: funnel/ keeps the counts and never reads experiments/.
import type { Kysely } from 'kysely';
import { businessDay, businessDayStart } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import { recordVersionCheckout, recordVersionVisitor } from '../funnel/version-visitor-counts.ts';
import { createDailySalt, dailyVisitorId, isAutomated, isConsoleSession } from './assignment.ts';
import type { Visitor } from './live-experiments.ts';

/**
 * One id a day and page across versions: a visitor who sees two versions that day counts once for each, and one who opens `/presell` and
 * then `/` is a visitor of each page.
 */
const scope = (path: string) => `page-version:${path}`;

// One salt reader a database: it caches the day's salt, shared with the A/B tests through experiment_salts.
const salts = new WeakMap<Kysely<Database>, ReturnType<typeof createDailySalt>>();

type PageVisit = { version: number; path: string; visitor: Visitor; consoleCookie: string; now: number };

/** The visitor's id of the day on the page, or undefined for a bot or the seller (never counted). */
async function dailyIdOnPage(db: Kysely<Database>, visit: PageVisit): Promise<{ day: string; id: string } | undefined> {
  const { visitor } = visit;
  if (isAutomated(visitor.userAgent) || isConsoleSession(visitor.cookie, visit.consoleCookie)) return undefined;
  let salt = salts.get(db);
  if (!salt) salts.set(db, (salt = createDailySalt(db)));
  const { day, salt: daySalt } = await salt(visit.now);
  return { day, id: dailyVisitorId(daySalt, visitor.address, visitor.userAgent!, scope(visit.path)) };
}

export async function countVersionVisitor(db: Kysely<Database>, visit: PageVisit): Promise<void> {
  const daily = await dailyIdOnPage(db, visit);
  if (!daily) return;
  await recordVersionVisitor(db, {
    day: daily.day,
    yesterday: businessDay(businessDayStart(daily.day, -1)),
    version: visit.version,
    visitor: daily.id,
    path: visit.path,
    at: visit.now,
  });
}

/** A checkout begun by one of the page's visitors of the day (`path`, where the checkout opened): counted once a day. */
export async function countVersionCheckout(db: Kysely<Database>, visit: PageVisit): Promise<void> {
  const daily = await dailyIdOnPage(db, visit);
  if (daily)
    await recordVersionCheckout(db, { day: daily.day, version: visit.version, visitor: daily.id, path: visit.path, at: visit.now });
}
