import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FunnelEventName } from '../../shared/event-names.ts';
import { businessDay } from '../../shared/time.ts';

/** Adds one to the day's count for the event on that route (an upsert both dialects accept). */
export async function recordFunnelEvent(db: Kysely<Database>, event: { name: FunnelEventName; path: string; at?: number }): Promise<void> {
  await db
    .insertInto('funnel')
    .values({ day: businessDay(event.at ?? Date.now()), event: event.name, path: event.path, count: 1 })
    .onConflict((conflict) => conflict.columns(['day', 'event', 'path']).doUpdateSet({ count: sql`funnel.count + 1` }))
    .execute();
}

export interface FunnelRow {
  day: string;
  event: string;
  path: string;
  count: number;
}

export async function recordVersionFunnelEvent(
  db: Kysely<Database>,
  event: { version: number; name: string; path: string },
): Promise<void> {
  await db
    .insertInto('page_version_funnel')
    .values({ version: event.version, event: event.name, path: event.path, count: 1 })
    .onConflict((conflict) => conflict.columns(['version', 'event', 'path']).doUpdateSet({ count: sql`page_version_funnel.count + 1` }))
    .execute();
}

/** Each version's landing visitors (its daily visitors on `landingPath`) and checkouts begun. */
export async function versionFunnelCounts(db: Kysely<Database>, landingPath: string) {
  return db
    .selectFrom('page_version_funnel')
    .select((eb) => ['version', 'event', eb.fn.sum<number>('count').as('count')])
    .where((eb) =>
      eb.or([eb.and([eb('event', '=', VERSION_VISITOR_EVENT), eb('path', '=', landingPath)]), eb('event', '=', 'begin_checkout')]),
    )
    .groupBy(['version', 'event'])
    .execute();
}

/** The row of page_version_funnel that counts a version's daily visitors (beside its page views, kept as they were). */
export const VERSION_VISITOR_EVENT = 'visitor';
