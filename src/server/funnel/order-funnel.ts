import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import { recordFunnelEvent } from './funnel-repository.ts';

/**
 * The funnel's server-side steps: an order created and an order paid, counted once the transition
 * committed (a count that fails is logged and never undoes a sale).
 */
export function subscribeOrderFunnel(events: OrderEvents, db: Kysely<Database>): void {
  events.afterCommit('created', () => recordFunnelEvent(db, { name: 'order_created', path: '/' }));
  events.afterCommit('paid', () => recordFunnelEvent(db, { name: 'order_paid', path: '/' }));
}
