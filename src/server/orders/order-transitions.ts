import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OrderEvent, OrderEvents } from './order-events.ts';
import { markOrderReversed } from './reversal-repository.ts';

/**
 * A paid order's money went back: `reversed` when the gateway reports a refund or chargeback,
 * `refunded` when the seller marks it in the console. Its access ends either way. The event is
 * published in the transition's transaction, once however many re-reads see the refund.
 */
export async function reverseOrder(
  deps: { db: Kysely<Database>; events: OrderEvents },
  orderId: string,
  type: 'reversed' | 'refunded',
  now: number,
): Promise<boolean> {
  const published: OrderEvent[] = [];
  const reversed = await markOrderReversed(deps.db, orderId, now, async (trx, order) => {
    const event: OrderEvent = { type, order, at: now };
    await deps.events.publish(trx, event);
    published.push(event);
  });
  for (const event of published) await deps.events.committed(event);
  return reversed;
}
