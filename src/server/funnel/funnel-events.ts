import type { Kysely } from 'kysely';
import type { ClientEventName } from '../../shared/event-names.ts';
import { routeKey } from '../../shared/route-lookup.ts';
import type { Database } from '../db/schema.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { recordFunnelEvent } from './funnel-repository.ts';

/**
 * A step the browser reported (POST /api/events), counted on its page's route and never on the
 * path as sent: that may carry an access token, or be any address a visitor typed.
 */
export async function countClientEvent(db: Kysely<Database>, event: { name: ClientEventName; path: string }): Promise<void> {
  await recordFunnelEvent(db, { name: event.name, path: routeKey(event.path) });
}

/**
 * The funnel's server-side steps: an order created and an order paid, counted once the transition
 * committed (a count that fails is logged and never undoes a sale). Main orders only: an add-on
 * order (the bump bought after payment) is no new checkout, and its steps are read from the orders
 * (bump-funnel.ts).
 */
export function registerFunnelEvents({ events, deps }: EventWiring): void {
  events.afterCommit('created', ({ order }) =>
    order.kind === 'main' ? recordFunnelEvent(deps.db, { name: 'order_created', path: '/' }) : undefined,
  );
  events.afterCommit('paid', ({ order }) =>
    order.kind === 'main' ? recordFunnelEvent(deps.db, { name: 'order_paid', path: '/' }) : undefined,
  );
}
