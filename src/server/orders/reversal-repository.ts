import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OrderRow } from './orders-repository.ts';

/** The paid order turns `reversed`; `onReversed` runs in the transaction only when this call made the change. */
export async function markOrderReversed(
  db: Kysely<Database>,
  id: string,
  now: number,
  onReversed?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const reversed = await trx
      .updateTable('orders')
      // Read again from now on a waiting charge's schedule, not a paid one's: its PIX may still be paid (listOrdersDueForCheck).
      .set({ status: 'reversed', updated_at: now, next_check_at: now, check_count: 0 })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirst();
    if (reversed && onReversed) await onReversed(trx, reversed);
    return reversed !== undefined;
  });
}

/** True for the one caller that claims the return of an order's PIX paid after its bank-app payment was refunded. */
export async function claimPixReturn(db: Kysely<Database>, orderId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ pix_returned_at: now })
    .where('id', '=', orderId)
    .where('pix_returned_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releasePixReturn(db: Kysely<Database>, orderId: string): Promise<void> {
  await db.updateTable('orders').set({ pix_returned_at: null }).where('id', '=', orderId).execute();
}
