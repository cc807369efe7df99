import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hitRateLimit, pruneRateLimits } from './rate-limit-repository.ts';

/**
 * Counters in the database hold across restarts and instances; keys already over their limit are
 * also remembered in memory, so a flood costs no write (N instances: at most N times the limit).
 */
export interface LimitPolicy {
  name: string;
  windowMs: number;
  max: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const limits = {
  /** Each charge is a real gateway request carrying personal data, so a script gets few. */
  orderCreate: { name: 'order', windowMs: HOUR, max: 10 },
  /** Funnel events: a visit sends a handful; a NATed office some dozens a minute. */
  events: { name: 'event', windowMs: MINUTE, max: 60 },
  /** About 30 tabs behind one NAT; a script cannot grow the table without end. */
  presence: { name: 'presence', windowMs: MINUTE, max: 60 },
  /** The sandbox's token is public; our own server's calls are not counted (gateway/sandbox.ts). */
  sandboxCharge: { name: 'sandbox_charge', windowMs: HOUR, max: 10 },
  resend: { name: 'access_resend', windowMs: HOUR, max: 5 },
  /** Postbacks whose order or secret does not match: a real gateway never sends many. */
  webhookRejected: { name: 'webhook_rejected', windowMs: MINUTE, max: 20 },
  /** Each write may re-render `/`, so a script gets few. */
  reviewWrite: { name: 'review_write', windowMs: HOUR, max: 20 },
  /** 404s counted in the funnel: one per client per minute says all the report needs. */
  notFound: { name: 'not_found', windowMs: MINUTE, max: 1 },
} as const satisfies Record<string, LimitPolicy>;

export const MAX_OPEN_CHARGES_PER_CLIENT = 3;

/** An IPv6 host can pick any address in its /64, so the limit applies to the /64. */
export function clientGroup(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const full = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return `${full
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Addresses are personal data (LGPD): only a hash, which must tell clients apart for an hour, not resist reversal. */
export function clientKey(address: string): string {
  return createHash('sha256').update(clientGroup(address)).digest('base64url').slice(0, 22);
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

const LONGEST_WINDOW_MS = Math.max(...Object.values(limits).map((policy) => policy.windowMs));
/** Bounds the in-memory list of blocked keys (a flood from many addresses cannot grow it without end). */
const MAX_BLOCKED_KEYS = 50_000;

export interface RateLimiter {
  consume(policy: LimitPolicy, address: string, now: number): Promise<LimitDecision>;
}

export function createRateLimiter(db: Kysely<Database>): RateLimiter {
  const blockedUntil = new Map<string, number>();
  let lastPrune = 0;

  return {
    async consume(policy, address, now) {
      const key = `${policy.name}:${clientKey(address)}`;
      const windowEnd = (Math.floor(now / policy.windowMs) + 1) * policy.windowMs;
      const blocked = blockedUntil.get(key);
      if (blocked !== undefined) {
        if (blocked > now) return { allowed: false, retryAfterMs: blocked - now };
        blockedUntil.delete(key);
      }
      const hits = await hitRateLimit(db, key, policy.windowMs, now);
      // At most once a minute per instance: drop counters whose window can no longer limit anything.
      if (now - lastPrune > MINUTE) {
        lastPrune = now;
        await pruneRateLimits(db, now - 2 * LONGEST_WINDOW_MS);
      }
      if (hits <= policy.max) return { allowed: true };
      if (blockedUntil.size >= MAX_BLOCKED_KEYS) blockedUntil.clear();
      blockedUntil.set(key, windowEnd);
      return { allowed: false, retryAfterMs: windowEnd - now };
    },
  };
}
