import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import { recordFunnelEvent } from './funnel-repository.ts';

/**
 * The funnel's server-side steps: an order created and an order paid, counted once the transition
 * committed (a count that fails is logged and never undoes a sale). Main orders only: an add-on
 * order (the bump bought after payment) is no new checkout, and its steps are read from the orders
 * (bump-funnel.ts).
 */
export function subscribeOrderFunnel(events: OrderEvents, db: Kysely<Database>): void {
  events.afterCommit('created', ({ order }) =>
    order.kind === 'main' ? recordFunnelEvent(db, { name: 'order_created', path: '/' }) : undefined,
  );
  events.afterCommit('paid', ({ order }) => (order.kind === 'main' ? recordFunnelEvent(db, { name: 'order_paid', path: '/' }) : undefined));
}
