import type { EventWiring } from '../orders/order-events.ts';
import { PUSH_FAMILY, pushEventHandler, pushHandler } from './push-delivery.ts';
import { PUSH_EVENT_FAMILY, queuePushEvent } from '../outbox/push-queue.ts';

/** A paid order rings the sellers' phones; disputes/, refunds/ and background-reads/ queue their own events (push-queue.ts). */
export function registerPushEvents({ events, kinds, deps }: EventWiring): void {
  events.subscribe('paid', async (trx, { order, at }) => {
    await queuePushEvent(trx, { type: 'sale' }, { orderId: order.id, key: 'sale', now: at });
  });
  kinds.register(PUSH_EVENT_FAMILY, pushEventHandler(deps));
  kinds.register(PUSH_FAMILY, pushHandler(deps));
}
