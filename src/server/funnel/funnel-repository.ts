import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FunnelEventName } from '../../shared/event-names.ts';
import { businessDay } from '../../shared/time.ts';
import { hasPaidAddon, holdsBump } from '../orders/order-items.ts';

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

/** What became of the bump in each main order created in [from, to) (the report's bump steps, bump-funnel.ts). */
export async function mainOrderBumpFacts(
  db: Kysely<Database>,
  from: number,
  to: number,
): Promise<Array<{ paid: boolean; bump: boolean; answer: 'accepted' | 'declined' | null; addonPaid: boolean }>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', 'addon_answer', holdsBump(eb).as('has_bump'), hasPaidAddon(eb).as('addon_paid')])
    .where('kind', '=', 'main')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  // SQLite answers 0/1 for `exists`, PostgreSQL a boolean.
  return rows.map((row) => ({
    paid: row.status === 'paid',
    bump: Boolean(Number(row.has_bump)),
    answer: row.addon_answer,
    addonPaid: Boolean(Number(row.addon_paid)),
  }));
}
