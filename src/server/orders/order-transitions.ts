import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { refundMovementOf } from '../purchases/purchase-repository.ts';
import type { OrderEvent, OrderEvents } from './order-events.ts';
import { markOrderReversed } from './reversal-repository.ts';

/**
 * A paid order's money went back (`reversed` by the provider, `refunded` by the seller); published once, with what
 * this movement gave back: the order's items not already refunded one by one, and their price.
 */
export async function reverseOrder(
  deps: { db: Kysely<Database>; events: OrderEvents },
  orderId: string,
  type: 'reversed' | 'refunded',
  now: number,
): Promise<boolean> {
  const published: OrderEvent[] = [];
  const reversed = await markOrderReversed(deps.db, orderId, now, async (trx, order) => {
    const event: OrderEvent = { type, order, at: now, refund: await refundMovementOf(trx, order) };
    await deps.events.publish(trx, event);
    published.push(event);
  });
  for (const event of published) await deps.events.committed(event);
  return reversed;
}
