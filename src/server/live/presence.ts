import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hitRateLimit } from '../access/access-repository.ts';
import type { Database } from '../db/schema.ts';
import { countPresentVisitors, prunePresence, prunePresenceRateLimits, touchPresence } from './presence-repository.ts';

/** A visitor counts as "vendo agora" for this long after a heartbeat (the page beats every ~30 s). */
export const VIEWER_WINDOW_MS = 60_000;
/** Rows older than this are deleted on the next heartbeat. */
export const PRESENCE_RETENTION_MS = 10 * 60_000;

const RATE_KEY_PREFIX = 'presence:ip:';
const RATE_WINDOW_MS = 60_000;
/**
 * A tab beats about twice a minute, so this allows ~60 open tabs behind one address (an office, a
 * carrier's NAT) while keeping one script from inflating the viewer count or the table without end.
 */
const HEARTBEATS_PER_ADDRESS_PER_WINDOW = 120;

/** Hashed like the access-resend limit: an IP address is personal data (LGPD) and is never stored. */
function addressKey(clientAddress: string): string {
  return `${RATE_KEY_PREFIX}${createHash('sha256').update(clientAddress).digest('base64url').slice(0, 22)}`;
}

export type HeartbeatResult = 'recorded' | 'rate_limited';

/** A heartbeat from a landing page that is open and visible; old rows are pruned on the way. */
export async function recordHeartbeat(
  db: Kysely<Database>,
  beat: { visitorId: string; clientAddress: string; now: number },
): Promise<HeartbeatResult> {
  const { visitorId, clientAddress, now } = beat;
  const hits = await hitRateLimit(db, addressKey(clientAddress), RATE_WINDOW_MS, now);
  // A first hit opens a new window for this address: a good moment to drop counters nobody can hit.
  if (hits === 1) await prunePresenceRateLimits(db, RATE_KEY_PREFIX, now - 2 * RATE_WINDOW_MS);
  if (hits > HEARTBEATS_PER_ADDRESS_PER_WINDOW) return 'rate_limited';
  await touchPresence(db, visitorId, now);
  await prunePresence(db, now - PRESENCE_RETENTION_MS);
  return 'recorded';
}

/** Distinct visitors with the landing page open right now, counted across every instance. */
export function countViewers(db: Kysely<Database>, now: number): Promise<number> {
  return countPresentVisitors(db, now - VIEWER_WINDOW_MS);
}
