import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clientKey, limits, type RateLimiter } from '../http/rate-limit.ts';
import { countPresentVisitors, touchPresence } from './presence-repository.ts';

/** The page beats every ~30 s. */
export const VIEWER_WINDOW_MS = 60_000;
export const PRESENCE_RETENTION_MS = 10 * 60_000;
/** Two people on one connection count; a script inventing visitor ids cannot inflate the number. */
export const MAX_VIEWERS_PER_CLIENT = 2;

export type HeartbeatResult = 'recorded' | 'rate_limited';

export async function recordHeartbeat(
  db: Kysely<Database>,
  limiter: RateLimiter,
  beat: { visitorId: string; clientAddress: string; now: number },
): Promise<HeartbeatResult> {
  const { visitorId, clientAddress, now } = beat;
  const decision = await limiter.consume(limits.presence, clientAddress, now);
  if (!decision.allowed) return 'rate_limited';
  await touchPresence(db, { visitorId, clientKey: clientKey(clientAddress), now });
  await prunePresence(db, now - PRESENCE_RETENTION_MS);
  return 'recorded';
}

export function countViewers(db: Kysely<Database>, now: number): Promise<number> {
  return countPresentVisitors(db, now - VIEWER_WINDOW_MS, MAX_VIEWERS_PER_CLIENT);
}

export async function prunePresence(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('presence').where('last_seen', '<', before).execute();
}
