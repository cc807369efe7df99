import type { Kysely } from 'kysely';
import type { ClientEventName } from '../../shared/event-names.ts';
import { routeKey } from '../../shared/route-lookup.ts';
import type { Database } from '../db/schema.ts';
import { recordFunnelEvent } from './funnel-repository.ts';

/**
 * A step the browser reported (POST /api/events), counted on its page's route and never on the
 * path as sent: that may carry an access token, or be any address a visitor typed.
 */
export async function countClientEvent(db: Kysely<Database>, event: { name: ClientEventName; path: string }): Promise<void> {
  await recordFunnelEvent(db, { name: event.name, path: routeKey(event.path) });
}
