import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hitRateLimit } from './rate-limit-repository.ts';

/** Keys over their limit are also remembered in memory, so a flood costs no write. */
export interface LimitPolicy {
  name: string;
  windowMs: number;
  max: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const limits = {
  orderCreate: { name: 'order', windowMs: HOUR, max: 10 },
  events: { name: 'event', windowMs: MINUTE, max: 60 },
  presence: { name: 'presence', windowMs: MINUTE, max: 60 },
  /** "Salvar para pagar com biometria": a vínculo charges nothing, so it never spends `orderCreate`. */
  bankLinkSave: { name: 'bank_link_save', windowMs: HOUR, max: 10 },
  /** Our own server's calls are not counted (sandbox/sandbox.ts). */
  sandboxCharge: { name: 'sandbox_charge', windowMs: HOUR, max: 10 },
  resend: { name: 'access_resend', windowMs: HOUR, max: 5 },
  /** /afiliados's request, /afiliado's "Receber link de acesso" and a PIX key change (docs/affiliates.md#the-affiliates-page). */
  affiliateRequest: { name: 'affiliate_request', windowMs: HOUR, max: 5 },
  affiliateSignIn: { name: 'affiliate_sign_in', windowMs: HOUR, max: 5 },
  affiliatePixKey: { name: 'affiliate_pix_key', windowMs: HOUR, max: 5 },
  webhookRejected: { name: 'webhook_rejected', windowMs: MINUTE, max: 20 },
  reviewWrite: { name: 'review_write', windowMs: HOUR, max: 20 },
  notFound: { name: 'not_found', windowMs: MINUTE, max: 1 },
  /** Each publish renders the pages again: a loop of publishes must not keep the server busy. */
  pagePublish: { name: 'page_publish', windowMs: HOUR, max: 30 },
  pageImageUpload: { name: 'page_image_upload', windowMs: HOUR, max: 40 },
  /** Per console session: a render loop in one browser must not fill the log. */
  consoleErrors: { name: 'console_error', windowMs: MINUTE, max: 20 },
} as const satisfies Record<string, LimitPolicy>;

export const MAX_OPEN_CHARGES_PER_CLIENT = 3;

/** An IPv6 host can pick any address in its /64. */
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

/** Addresses are personal data (LGPD): only a short-lived hash. */
export function clientKey(address: string): string {
  return createHash('sha256').update(clientGroup(address)).digest('base64url').slice(0, 22);
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

const LONGEST_WINDOW_MS = Math.max(...Object.values(limits).map((policy) => policy.windowMs));
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

export async function pruneRateLimits(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}
