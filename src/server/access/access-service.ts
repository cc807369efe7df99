import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { firstName } from '../../shared/text.ts';
import { clientKey, limits, type RateLimiter } from '../http/rate-limit.ts';
import { findOrderByTokenHash, recordMemberPageOpen, storeAccessTokenHash } from './access-repository.ts';
import { findAccessOrderById, listPaidOrderIdsByEmail, type AccessOrder } from '../orders/order-access.ts';
import { hashViewKey } from '../orders/view-key.ts';
import { hashAccessToken, modalAccessToken, newAccessToken } from './access-token.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { paths } from '../../shared/routes.ts';
import type { MemberArea, MemberList, MemberSupplier } from '../../shared/access.ts';
import type { ListKey } from '../../shared/suppliers.ts';
import { mainOffer } from '../../content/offers.ts';
import { entitledLists } from '../purchase/purchase-service.ts';
import { secretsMatch } from '../config/secrets.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { getSupplierListMeta, listSuppliers } from '../suppliers/supplier-lists.ts';

export const RESEND_ORDER_WINDOW_MS = 10 * 60_000;

/** One row per order and window, so the outbox's uniqueness throttles it. */
export function resendKind(now: number): string {
  return `access_resend:${Math.floor(now / RESEND_ORDER_WINDOW_MS)}`;
}

export type TokenLookup =
  { kind: 'active'; order: AccessOrder } | { kind: 'revoked'; orderId: string; ended: boolean } | { kind: 'unknown' };

export async function lookUpAccessToken(db: Kysely<Database>, token: string): Promise<TokenLookup> {
  if (token.length === 0 || token.length > 128) return { kind: 'unknown' };
  const found = await findOrderByTokenHash(db, hashAccessToken(token));
  if (!found) return { kind: 'unknown' };
  return found.order.hasAccess && !found.tokenRevoked
    ? { kind: 'active', order: found.order }
    : { kind: 'revoked', orderId: found.order.id, ended: found.order.status === 'reversed' };
}

/** Recorded with the hashed client group, never the address; bounded per order (access-repository.ts recordMemberPageOpen). */
export async function openMemberPage(
  db: Kysely<Database>,
  token: string,
  input: { now: number; clientAddress: string },
): Promise<TokenLookup> {
  const access = await lookUpAccessToken(db, token);
  if (access.kind === 'active') await recordMemberPageOpen(db, access.order.id, input.now, clientKey(input.clientAddress));
  return access;
}

/** The token exists in clear only in the e-mail; the database keeps its hash. */
export async function issueAccessToken(db: Kysely<Database>, orderId: string, now: number): Promise<string> {
  const token = newAccessToken();
  await storeAccessTokenHash(db, orderId, hashAccessToken(token), now);
  return token;
}

export const MODAL_LINK_WINDOW_MS = 30 * 60_000;

/** ORDER_VIEW_KEY_HEADER */
export function viewKeyMatches(order: Pick<OrderRow, 'view_key_hash'>, viewKey: string | undefined): boolean {
  return Boolean(viewKey && order.view_key_hash && secretsMatch(hashViewKey(viewKey), order.view_key_hash));
}

export async function modalAccessLink(
  db: Kysely<Database>,
  order: OrderRow,
  viewKey: string | undefined,
  now: number,
): Promise<string | undefined> {
  if (order.status !== 'paid' || order.paid_at === null || order.access_revoked_at !== null) return undefined;
  if (now - order.paid_at > MODAL_LINK_WINDOW_MS) return undefined;
  if (!viewKey || !viewKeyMatches(order, viewKey)) return undefined;
  const token = modalAccessToken(viewKey);
  return (await storeAccessTokenHash(db, order.id, hashAccessToken(token), now)) ? `${paths.access}/${token}` : undefined;
}

// A telegram value that is not a t.me link is dropped: it becomes an href.
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

async function loadMemberList(db: Kysely<Database>, list: ListKey): Promise<MemberList> {
  const [suppliers, meta] = await Promise.all([listSuppliers(db, list), getSupplierListMeta(db, list)]);
  return { key: list, updatedAt: meta?.updatedAt ?? null, example: meta?.example ?? false, suppliers: suppliers.map(toMemberSupplier) };
}

/** purchase/purchase-service.ts `entitledLists` decides the lists. */
export async function loadMemberArea(
  db: Kysely<Database>,
  order: AccessOrder,
  supportEmail: string,
): Promise<Omit<MemberArea, 'guarantee' | 'review'>> {
  const entitled = await entitledLists(db, order.id);
  const others = entitled.filter((list) => list !== mainOffer.delivers);
  const [main, ...extraLists] = await Promise.all([mainOffer.delivers, ...others].map((list) => loadMemberList(db, list)));
  return {
    firstName: firstName(order.buyerName),
    updatedAt: main!.updatedAt,
    suppliers: main!.suppliers,
    example: main!.example,
    extraLists,
    supportEmail,
  };
}

export type ResendResult = { kind: 'accepted'; queued: number } | { kind: 'rate_limited'; retryAfterMs: number };

/** The caller answers the same whatever happens, so the form never tells whether an address bought. */
export async function requestAccessResend(
  db: Kysely<Database>,
  limiter: RateLimiter,
  request: { email: string; clientAddress: string; now: number },
): Promise<ResendResult> {
  const { email, clientAddress, now } = request;
  const decision = await limiter.consume(limits.resend, clientAddress, now);
  if (!decision.allowed) return { kind: 'rate_limited', retryAfterMs: decision.retryAfterMs };

  return { kind: 'accepted', queued: await queueResends(db, await listPaidOrderIdsByEmail(db, email), now) };
}

async function queueResends(db: Kysely<Database>, orderIds: string[], now: number): Promise<number> {
  const kind = resendKind(now);
  let queued = 0;
  for (const orderId of orderIds) {
    if (await enqueueOutboxMessage(db, { orderId, kind, payload: {}, now })) queued += 1;
  }
  return queued;
}

export async function requestOrderAccessResend(
  db: Kysely<Database>,
  limiter: RateLimiter,
  request: { order: Pick<OrderRow, 'id' | 'status' | 'access_revoked_at'>; clientAddress: string; now: number },
): Promise<ResendResult> {
  const { order, clientAddress, now } = request;
  const decision = await limiter.consume(limits.resend, clientAddress, now);
  if (!decision.allowed) return { kind: 'rate_limited', retryAfterMs: decision.retryAfterMs };
  const deliverable = order.status === 'paid' && order.access_revoked_at === null;
  return { kind: 'accepted', queued: deliverable ? await queueResends(db, [order.id], now) : 0 };
}

export async function listAccessLinkDates(db: Kysely<Database>, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('access_tokens')
    .select(['order_id', 'created_at', 'revoked_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('created_at')
    .execute();
}

export async function pruneMemberPageOpens(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('member_page_opens').where('at', '<', before).executeTakeFirst();
  // A day's count goes once its first opening is past the retention: never kept longer than an opening's row.
  const tallies = await db.deleteFrom('member_page_open_tallies').where('first_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows) + Number(tallies.numDeletedRows);
}

/** Whether the order's buyer may open the member page now: paid, and its access not taken back. */
export async function orderHasAccess(db: Kysely<Database>, orderId: string): Promise<boolean> {
  return (await findAccessOrderById(db, orderId))?.hasAccess ?? false;
}
