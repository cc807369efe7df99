import type { Transaction } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { Database } from '../db/schema.ts';

/** Keyed by the provider's total: a webhook and a read of the same refund, on any instance, insert it once. */
export async function insertProviderRefund(
  trx: Transaction<Database>,
  refund: { orderId: string; totalCents: number; amountCents: number; item: OrderItemKey | null; seenAt: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('provider_refunds')
    .values({
      order_id: refund.orderId,
      total_cents: refund.totalCents,
      amount_cents: refund.amountCents,
      item: refund.item,
      seen_at: refund.seenAt,
    })
    .onConflict((conflict) => conflict.columns(['order_id', 'total_cents']).doNothing())
    .returning('order_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
