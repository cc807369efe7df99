import type { Kysely } from 'kysely';
import type { ClientEventName } from '../../shared/event-names.ts';
import { routeKey } from '../../shared/route-lookup.ts';
import type { Database } from '../db/schema.ts';
import type { EventWiring } from '../orders/order-events.ts';
import { recordFunnelEvent, recordVersionFunnelEvent } from './funnel-repository.ts';

/** Events counted again under the page version served (funnel/version-sales.ts): visitors and checkouts begun. */
const COUNTED_BY_VERSION: ReadonlySet<ClientEventName> = new Set(['page_view', 'begin_checkout']);

/** Counted on the page's route, never the path as sent (it may carry an access token); `version`: the page served. */
export async function countClientEvent(
  db: Kysely<Database>,
  event: { name: ClientEventName; path: string },
  version?: number,
): Promise<void> {
  const path = routeKey(event.path);
  await recordFunnelEvent(db, { name: event.name, path });
  if (version !== undefined && COUNTED_BY_VERSION.has(event.name)) await recordVersionFunnelEvent(db, { version, name: event.name, path });
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
