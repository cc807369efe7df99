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

/** Counts from `fromDay` to `toDay` inclusive (YYYY-MM-DD). */
export async function readFunnel(db: Kysely<Database>, fromDay: string, toDay: string): Promise<FunnelRow[]> {
  return db
    .selectFrom('funnel')
    .select(['day', 'event', 'path', 'count'])
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .orderBy('event')
    .orderBy('path')
    .execute();
}
