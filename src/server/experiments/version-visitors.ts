// Each page version's visitors in the A/B tests' unit (docs/experiments.md#what-is-counted, docs/editing.md#figures):
// a daily id from the day's salt, the address and the browser, never stored on the device; bots and the seller not counted.
// Here, beside the salt it shares: funnel/ keeps the counts and never reads experiments/.
import type { Kysely } from 'kysely';
import { businessDay, businessDayStart } from '../../shared/time.ts';
import type { Database } from '../db/schema.ts';
import { recordVersionVisitor } from '../funnel/version-visitor-counts.ts';
import { createDailySalt, dailyVisitorId, isAutomated, isConsoleSession } from './assignment.ts';
import type { Visitor } from './live-experiments.ts';

/** One id a day across versions: a visitor who sees two versions that day counts once for each. */
const SCOPE = 'page-version';

// One salt reader a database: it caches the day's salt, shared with the A/B tests through experiment_salts.
const salts = new WeakMap<Kysely<Database>, ReturnType<typeof createDailySalt>>();

export async function countVersionVisitor(
  db: Kysely<Database>,
  visit: { version: number; path: string; visitor: Visitor; consoleCookie: string; now: number },
): Promise<void> {
  const { visitor } = visit;
  if (isAutomated(visitor.userAgent) || isConsoleSession(visitor.cookie, visit.consoleCookie)) return;
  let salt = salts.get(db);
  if (!salt) salts.set(db, (salt = createDailySalt(db)));
  const { day, salt: daySalt } = await salt(visit.now);
  await recordVersionVisitor(db, {
    day,
    yesterday: businessDay(businessDayStart(day, -1)),
    version: visit.version,
    visitor: dailyVisitorId(daySalt, visitor.address, visitor.userAgent!, SCOPE),
    path: visit.path,
    at: visit.now,
  });
}
