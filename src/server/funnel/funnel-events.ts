import type { Kysely } from 'kysely';
import type { ClientEventName } from '../../shared/event-names.ts';
import { routeKey } from '../../shared/route-lookup.ts';
import type { Database } from '../db/schema.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { recordFunnelEvent } from './funnel-repository.ts';

/** Counted on the page's route, never the path as sent (it may carry an access token). */
export async function countClientEvent(db: Kysely<Database>, event: { name: ClientEventName; path: string }): Promise<void> {
  await recordFunnelEvent(db, { name: event.name, path: routeKey(event.path) });
}

/** Created and paid, counted after commit (a failed count never undoes a sale); main orders only. */
export function registerFunnelEvents({ events, deps }: EventWiring): void {
  events.afterCommit('created', ({ order }) =>
    order.kind === 'main' ? recordFunnelEvent(deps.db, { name: 'order_created', path: '/' }) : undefined,
  );
  events.afterCommit('paid', ({ order }) =>
    order.kind === 'main' ? recordFunnelEvent(deps.db, { name: 'order_paid', path: '/' }) : undefined,
  );
}
