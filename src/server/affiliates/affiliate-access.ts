// The affiliate's own way in (docs/affiliates.md#the-affiliates-page): the request from /afiliados, the e-mailed links
// of /afiliado (hashed, one use, with an expiry, as the console's invitations), its session, and a PIX key changed by
// e-mail confirmation.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { affiliateTerms } from '../../content/affiliates.ts';
import type { AffiliateForm, AffiliatePage, AffiliateSale, CommissionState, PixKey } from '../../shared/affiliates.ts';
import type { Database } from '../db/schema.ts';
import { limits, type RateLimiter } from '../http/rate-limit.ts';
import { newId } from '../orders/ids.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { registerAffiliate } from './affiliate-service.ts';
import {
  confirmPixChange,
  deleteSession,
  dropPendingPixChanges,
  findAffiliate,
  findAffiliateByEmail,
  findPixChange,
  findSession,
  insertLink,
  insertPixChange,
  insertSession,
  pendingPixChange,
  pruneLinks,
  pruneSessions,
  updateAffiliate,
  useLink,
  type AffiliateRow,
} from './affiliates-repository.ts';
import { balanceOf, commissionsOf, type CommissionDeps, type CommissionView } from './commissions.ts';
import { nextPayoutDate } from './payout-schedule.ts';
import { payoutSettings } from './payouts.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Receber link de acesso": short, as it is asked for on the spot. */
export const SIGN_IN_LINK_TTL_MS = 30 * MINUTE;
/** The invitation and the approval are read on another day, as the console's invitations are. */
export const WELCOME_LINK_TTL_MS = 72 * HOUR;
export const PIX_KEY_LINK_TTL_MS = 2 * HOUR;
export const SESSION_TTL_MS = 30 * DAY;
/** A confirmed new PIX key holds payouts this long: a stolen session or mailbox gets a day to be noticed. */
export const PIX_KEY_HOLD_MS = DAY;
/** At most one sign-in e-mail per affiliate and window (the outbox's uniqueness), however often it is asked. */
export const SIGN_IN_WINDOW_MS = 10 * MINUTE;

/** The outbox family of the affiliate's e-mails; the row's order id is the affiliate's id. */
export const AFFILIATE_EMAIL_FAMILY = 'affiliate_email:';
export const affiliateEmailKinds = {
  invite: `${AFFILIATE_EMAIL_FAMILY}invite`,
  approved: `${AFFILIATE_EMAIL_FAMILY}approved`,
  refused: `${AFFILIATE_EMAIL_FAMILY}refused`,
  signIn: (now: number) => `${AFFILIATE_EMAIL_FAMILY}sign_in:${Math.floor(now / SIGN_IN_WINDOW_MS)}`,
  pixKey: (changeId: string) => `${AFFILIATE_EMAIL_FAMILY}pix_key:${changeId}`,
} as const;

/** 192 random bits: one SHA-256 is enough, and a copy of the database holds no working link or session. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

const mayEnter = (affiliate: AffiliateRow | undefined): affiliate is AffiliateRow =>
  affiliate?.state === 'active' || affiliate?.state === 'paused';

export async function queueAffiliateEmail(db: Executor, affiliateId: string, kind: string, now: number): Promise<boolean> {
  return enqueueOutboxMessage(db, { orderId: affiliateId, kind, payload: null, now });
}

export type JoinResult = { kind: 'accepted' } | { kind: 'rate_limited'; retryAfterMs: number } | { kind: 'terms_outdated' };

/**
 * The request from /afiliados: a pending affiliate with the terms' version and date. An address already known answers
 * the same (no one learns who is an affiliate); an active or paused one is sent a sign-in link instead.
 */
export async function requestToJoin(
  db: Kysely<Database>,
  limiter: RateLimiter,
  request: { form: AffiliateForm; termsVersion: string; clientAddress: string; now: number },
): Promise<JoinResult> {
  const { form, termsVersion, clientAddress, now } = request;
  const decision = await limiter.consume(limits.affiliateRequest, clientAddress, now);
  if (!decision.allowed) return { kind: 'rate_limited', retryAfterMs: decision.retryAfterMs };
  if (termsVersion !== affiliateTerms.version) return { kind: 'terms_outdated' };
  const registered = await registerAffiliate(db, form, 'pending', now, { version: termsVersion, at: now });
  if (!registered.ok) {
    const known = await findAffiliateByEmail(db, form.email);
    if (mayEnter(known)) await queueAffiliateEmail(db, known.id, affiliateEmailKinds.signIn(now), now);
  }
  return { kind: 'accepted' };
}

export type SignInRequest = { kind: 'accepted'; queued: boolean } | { kind: 'rate_limited'; retryAfterMs: number };

/** "Receber link de acesso": the caller answers the same whether or not the address is an affiliate who may enter. */
export async function requestSignIn(
  db: Kysely<Database>,
  limiter: RateLimiter,
  request: { email: string; clientAddress: string; now: number },
): Promise<SignInRequest> {
  const { email, clientAddress, now } = request;
  const decision = await limiter.consume(limits.affiliateSignIn, clientAddress, now);
  if (!decision.allowed) return { kind: 'rate_limited', retryAfterMs: decision.retryAfterMs };
  const affiliate = await findAffiliateByEmail(db, email);
  const queued = mayEnter(affiliate) && (await queueAffiliateEmail(db, affiliate.id, affiliateEmailKinds.signIn(now), now));
  return { kind: 'accepted', queued };
}

/** Issued when the e-mail is rendered: the link exists in clear only in the message. */
export async function issueLink(
  db: Kysely<Database>,
  link: { affiliateId: string; purpose: 'sign_in' | 'pix_key'; ttlMs: number; changeId?: string | undefined; now: number },
): Promise<{ token: string; expiresAt: number }> {
  const token = newId('afl', 24);
  const expiresAt = link.now + link.ttlMs;
  await pruneLinks(db, link.now - DAY);
  await insertLink(db, {
    token_hash: hashSecret(token),
    affiliate_id: link.affiliateId,
    purpose: link.purpose,
    change_id: link.changeId ?? null,
    created_at: link.now,
    expires_at: expiresAt,
    used_at: null,
  });
  return { token, expiresAt };
}

export type LinkOpening =
  | { kind: 'signed_in'; affiliateId: string; cookieValue: string }
  | { kind: 'pix_key_confirmed'; affiliateId: string; heldUntil: number }
  | { kind: 'invalid' };

/** `/afiliado/{token}`: used once, before it expires, by an affiliate who may still enter. */
export async function openLink(db: Kysely<Database>, token: string, now: number): Promise<LinkOpening> {
  if (token.length === 0 || token.length > 128) return { kind: 'invalid' };
  return db.transaction().execute(async (trx) => {
    const link = await useLink(trx, hashSecret(token), now);
    const affiliate = link && (await findAffiliate(trx, link.affiliate_id));
    if (!link || !mayEnter(affiliate)) return { kind: 'invalid' } as const;
    if (link.purpose === 'pix_key') {
      const change = link.change_id ? await findPixChange(trx, link.change_id) : undefined;
      if (!change || change.affiliate_id !== affiliate.id || !(await confirmPixChange(trx, change.id, now)))
        return { kind: 'invalid' } as const;
      const heldUntil = now + PIX_KEY_HOLD_MS;
      await updateAffiliate(trx, affiliate.id, {
        pix_key_type: change.pix_key_type,
        pix_key: change.pix_key,
        payouts_held_until: heldUntil,
        updated_at: now,
      });
      return { kind: 'pix_key_confirmed', affiliateId: affiliate.id, heldUntil } as const;
    }
    const cookieValue = randomBytes(32).toString('base64url');
    await pruneSessions(trx, now);
    await insertSession(trx, { idHash: hashSecret(cookieValue), affiliateId: affiliate.id, now, expiresAt: now + SESSION_TTL_MS });
    return { kind: 'signed_in', affiliateId: affiliate.id, cookieValue } as const;
  });
}

/** The session's affiliate while they may enter: a removed or refused one is signed out at once. */
export async function sessionAffiliate(
  db: Kysely<Database>,
  cookieValue: string | undefined,
  now: number,
): Promise<AffiliateRow | undefined> {
  if (!cookieValue || cookieValue.length > 100) return undefined;
  const session = await findSession(db, hashSecret(cookieValue), now);
  const affiliate = session && (await findAffiliate(db, session.affiliate_id));
  return mayEnter(affiliate) ? affiliate : undefined;
}

export async function endSession(db: Kysely<Database>, cookieValue: string): Promise<void> {
  if (cookieValue.length <= 100) await deleteSession(db, hashSecret(cookieValue));
}

export type PixKeyRequest = { kind: 'sent' } | { kind: 'same_key' } | { kind: 'rate_limited'; retryAfterMs: number };

/** The new key waits, and applies only from the link e-mailed to the affiliate's address; a newer request replaces it. */
export async function requestPixKeyChange(
  db: Kysely<Database>,
  limiter: RateLimiter,
  request: { affiliate: AffiliateRow; pixKey: PixKey; clientAddress: string; now: number },
): Promise<PixKeyRequest> {
  const { affiliate, pixKey, clientAddress, now } = request;
  const decision = await limiter.consume(limits.affiliatePixKey, clientAddress, now);
  if (!decision.allowed) return { kind: 'rate_limited', retryAfterMs: decision.retryAfterMs };
  if (pixKey.type === affiliate.pix_key_type && pixKey.value === affiliate.pix_key) return { kind: 'same_key' };
  const id = newId('afpix');
  await db.transaction().execute(async (trx) => {
    await dropPendingPixChanges(trx, affiliate.id);
    await insertPixChange(trx, {
      id,
      affiliate_id: affiliate.id,
      pix_key_type: pixKey.type,
      pix_key: pixKey.value,
      created_at: now,
      confirmed_at: null,
    });
    await queueAffiliateEmail(trx, affiliate.id, affiliateEmailKinds.pixKey(id), now);
  });
  return { kind: 'sent' };
}

/** An invited affiliate accepts the terms on their page; a request accepted them on /afiliados already. */
export async function acceptTerms(db: Kysely<Database>, affiliate: AffiliateRow, version: string, now: number): Promise<boolean> {
  if (version !== affiliateTerms.version) return false;
  await updateAffiliate(db, affiliate.id, { terms_version: version, terms_accepted_at: now, updated_at: now });
  return true;
}

const SALE_STATE_ORDER: readonly CommissionState[] = ['pendente', 'disponivel', 'cancelada'];

/**
 * A purchase's state on the page: pending while any item is; available while any item earns, and paid once all it earns
 * has gone out in payouts; else cancelled.
 */
export function saleOf(views: readonly CommissionView[]): AffiliateSale {
  const states = new Set(views.map((view) => view.state));
  const state = SALE_STATE_ORDER.find((candidate) => states.has(candidate)) ?? 'cancelada';
  const paidOut = views.every((view) => view.state !== 'disponivel' || view.paidCents >= view.amountCents);
  return {
    at: Math.min(...views.map((view) => view.createdAt)),
    saleCents: views.reduce((sum, view) => sum + view.keptCents, 0),
    commissionCents: views.reduce((sum, view) => sum + view.amountCents, 0),
    state: state === 'disponivel' && paidOut ? 'paga' : state,
  };
}

/** The affiliate's page: money as commissions.ts reads it, sales by purchase, and nothing of any buyer. */
export async function affiliatePageOf(deps: CommissionDeps, affiliate: AffiliateRow, now: number): Promise<AffiliatePage> {
  const [views, pending, payouts] = await Promise.all([
    commissionsOf(deps, [affiliate.id], now),
    pendingPixChange(deps.db, affiliate.id),
    payoutSettings(deps.db),
  ]);
  const purchases = new Map<string, CommissionView[]>();
  for (const view of views) purchases.set(view.mainOrderId, [...(purchases.get(view.mainOrderId) ?? []), view]);
  const { pendingCents, availableCents, paidCents, debtCents } = balanceOf(views);
  const held = affiliate.payouts_held_until === null ? null : Number(affiliate.payouts_held_until);
  return {
    name: affiliate.name,
    email: affiliate.email,
    code: affiliate.code,
    state: affiliate.state === 'paused' ? 'paused' : 'active',
    sales: [...purchases.values()].map(saleOf).sort((a, b) => b.at - a.at),
    pendingCents,
    availableCents,
    paidCents,
    debtCents,
    pixKey: { type: affiliate.pix_key_type, value: affiliate.pix_key },
    pixKeyPending: pending !== undefined,
    payoutsHeldUntil: held !== null && held > now ? held : null,
    nextPayout: { date: nextPayoutDate(payouts, now).date, minCents: payouts.minCents },
    terms:
      affiliate.terms_version !== null && affiliate.terms_accepted_at !== null
        ? { version: affiliate.terms_version, acceptedAt: Number(affiliate.terms_accepted_at) }
        : null,
  };
}
