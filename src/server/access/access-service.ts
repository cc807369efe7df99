import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { firstName } from '../mail/access-email.ts';
import { enqueueOutboxMessage, type OutboxKind } from '../mail/outbox-repository.ts';
import { getSupplierListMeta, listSuppliers } from '../suppliers/suppliers-repository.ts';
import { limits, type RateLimiter } from '../rate-limit.ts';
import { findOrderByToken, listPaidOrderIdsByEmail, type AccessOrder } from './access-repository.ts';
import type { MemberArea, MemberSupplier } from '../../shared/access.ts';

/** Resends: per client address (`limits.resend`), and per order in fixed 10-minute windows. */
export const RESEND_ORDER_WINDOW_MS = 10 * 60_000;

/** The outbox kind of a resend: one row per order and window, so the outbox's uniqueness throttles it. */
export function resendKind(now: number): OutboxKind {
  return `access_resend:${Math.floor(now / RESEND_ORDER_WINDOW_MS)}`;
}

export type TokenLookup = { kind: 'active'; order: AccessOrder } | { kind: 'revoked'; orderId: string } | { kind: 'unknown' };

/** What an access token opens: only a paid order's token opens the member area. */
export async function lookUpAccessToken(db: Kysely<Database>, token: string): Promise<TokenLookup> {
  // Real tokens are `acc_` + 32 characters; anything far longer is not worth a query.
  if (token.length === 0 || token.length > 128) return { kind: 'unknown' };
  const order = await findOrderByToken(db, token);
  if (!order) return { kind: 'unknown' };
  return order.status === 'paid' ? { kind: 'active', order } : { kind: 'revoked', orderId: order.id };
}

// Only what the page shows: never a telegram value that is not a t.me link, since it becomes an href.
function toMemberSupplier(row: MemberSupplier): MemberSupplier {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    offer: row.offer,
    whatsapp: row.whatsapp ? row.whatsapp.replace(/\D/g, '') || null : null,
    telegram: row.telegram && /^https:\/\/t\.me\/[\w+/-]+$/.test(row.telegram) ? row.telegram : null,
    notes: row.notes,
  };
}

export async function loadMemberArea(db: Kysely<Database>, order: AccessOrder, supportEmail: string): Promise<MemberArea> {
  const [suppliers, meta] = await Promise.all([listSuppliers(db), getSupplierListMeta(db)]);
  return {
    firstName: firstName(order.buyerName),
    updatedAt: meta?.updatedAt ?? null,
    suppliers: suppliers.map(toMemberSupplier),
    supportEmail,
  };
}

export type ResendResult = { kind: 'accepted'; queued: number } | { kind: 'rate_limited'; retryAfterMs: number };

/**
 * "I lost my e-mail": queues the access e-mail again for every paid order of that address. The
 * caller answers the same whatever happens here (besides the per-address limit), so the form
 * never tells whether an address bought.
 */
export async function requestAccessResend(
  db: Kysely<Database>,
  limiter: RateLimiter,
  request: { email: string; clientAddress: string; now: number },
): Promise<ResendResult> {
  const { email, clientAddress, now } = request;
  const decision = await limiter.consume(limits.resend, clientAddress, now);
  if (!decision.allowed) return { kind: 'rate_limited', retryAfterMs: decision.retryAfterMs };

  const kind = resendKind(now);
  let queued = 0;
  for (const orderId of await listPaidOrderIdsByEmail(db, email)) {
    // A second request in the same window finds the row there and changes nothing.
    if (await enqueueOutboxMessage(db, { orderId, kind, payload: {}, now })) queued += 1;
  }
  return { kind: 'accepted', queued };
}
