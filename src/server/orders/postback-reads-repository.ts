import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The window's one postback-triggered read: true for exactly one caller; a refusal writes nothing. */
export async function claimPostbackRead(db: Kysely<Database>, orderId: string, now: number, windowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ postback_read_at: now })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('postback_read_at', 'is', null), eb('postback_read_at', '<=', now - windowMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A postback inside the window: the reconciler re-reads once it ends; written once per window. */
export async function deferRecheck(db: Kysely<Database>, orderId: string, now: number, dueAt: number): Promise<void> {
  await db
    .updateTable('orders')
    // A check due sooner keeps its time.
    .set({
      recheck_requested_at: now,
      next_check_at: sql<number>`case when next_check_at < ${dueAt} then next_check_at else ${dueAt} end`,
      check_count: 0,
    })
    .where('id', '=', orderId)
    .where('recheck_requested_at', 'is', null)
    .execute();
}

export async function countStoredPostbacks(db: Kysely<Database>, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
