import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OrderRow } from './orders-repository.ts';

/**
 * A refund or chargeback: the paid order turns `reversed` (its access is revoked). `onReversed`
 * runs in the same transaction when this call made the change (one `order.refunded` webhook
 * however many re-reads see the refund).
 */
export async function markOrderReversed(
  db: Kysely<Database>,
  id: string,
  now: number,
  onReversed?: (trx: Transaction<Database>, order: OrderRow) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const reversed = await trx
      .updateTable('orders')
      .set({ status: 'reversed', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .returningAll()
      .executeTakeFirst();
    if (reversed && onReversed) await onReversed(trx, reversed);
    return reversed !== undefined;
  });
}
