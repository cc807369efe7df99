import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clientKey, limits, type RateLimiter } from '../http/rate-limit.ts';
import { countPresentVisitors, prunePresence, touchPresence } from './presence-repository.ts';

/** A visitor counts as "vendo agora" for this long after a heartbeat (the page beats every ~30 s). */
export const VIEWER_WINDOW_MS = 60_000;
/** Rows older than this are deleted on the next heartbeat. */
export const PRESENCE_RETENTION_MS = 10 * 60_000;
/**
 * One client address counts as at most this many viewers: two people on one home connection are
 * two viewers, while a script inventing visitor ids from one address cannot inflate the number.
 */
export const MAX_VIEWERS_PER_CLIENT = 2;

export type HeartbeatResult = 'recorded' | 'rate_limited';

/** A heartbeat from a landing page that is open and visible; old rows are pruned on the way. */
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

/** Visitors with the landing page open right now, counted across every instance. */
export function countViewers(db: Kysely<Database>, now: number): Promise<number> {
  return countPresentVisitors(db, now - VIEWER_WINDOW_MS, MAX_VIEWERS_PER_CLIENT);
}
