import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Takes the order's one postback-triggered gateway read of the window: true for exactly one
 * caller across instances (the others' UPDATE finds `postback_read_at` inside the window). A
 * refused claim writes nothing, so a flood of valid postbacks costs no disk.
 */
export async function claimPostbackRead(db: Kysely<Database>, orderId: string, now: number, windowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ postback_read_at: now })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('postback_read_at', 'is', null), eb('postback_read_at', '<=', now - windowMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A postback came inside the window: the reconciler re-reads the order once the window ends, so
 * news the gateway sent (e.g. "paid" seconds after "waiting") is not left to the slower schedule.
 * Written only while no re-read is requested: a flood inside the window writes once.
 */
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
