import type { Kysely } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrdersQuery,
  type EmailTimelineLabels,
  type TimelineEntry,
} from '../../shared/admin.ts';
import { businessDayStart } from '../../shared/time.ts';
import { providerName } from '../../content/providers.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxKinds } from '../outbox/outbox-kinds.ts';
import { restoreOrderAccess, revokeOrderAccess } from '../access/access-revocation.ts';
import { listLatestMemberPageOpens } from '../access/member-page-opens.ts';
import {
  findAdminOrder,
  listAddonOrders,
  listOrderPostbacks,
  searchOrders,
  type AdminOrderRow,
  type ConsoleRefunds,
  type OrderSearch,
} from '../reads/order-console-lookup.ts';
import { updateBuyerEmail } from '../orders/order-transitions.ts';
import { listAudit, recordAudit } from './admin-audit.ts';
import type { Config } from '../config/config.ts';
import { guaranteeEndsAt } from '../../shared/refunds.ts';
import { loadAdminRefund, manualRefundSteps } from '../refunds/refund-admin.ts';
import { orderIdsWithRefund, refundStatusesOf } from '../refunds/refund-lookup.ts';
import { loadPurchaseView } from '../purchase/purchase-service.ts';
import { recordedBuyerLink } from '../open-finance/open-finance-links.ts';
import { enqueueOutboxMessage, listOrderMessages, retryOutboxMessage, type OrderMessage } from '../outbox/outbox-queue.ts';

export type ActionResult = 'ok' | 'not_found' | 'not_paid';

export type NamedOrderRow = AdminOrderRow & { providerName: string };

const CSV_MAX_ROWS = 50_000;

export const CONSOLE_REFUNDS: ConsoleRefunds = {
  statusesOf: refundStatusesOf,
  openRefundOrderIds: () => orderIdsWithRefund(['requested', 'approved']),
};

function orderSearch(query: AdminOrdersQuery, page: { offset: number; limit: number }, now: number): OrderSearch {
  return {
    status: query.status,
    ...(query.from ? { from: businessDayStart(query.from) } : {}),
    ...(query.to ? { to: businessDayStart(query.to, 1) } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...page,
    now,
  };
}

/** In the demo, TriboPay is the sandbox. */
function withProviderName<Order extends Pick<AdminOrderRow, 'provider'>>(
  order: Order,
  config: Pick<Config, 'demoMode'>,
): Order & { providerName: string } {
  return { ...order, providerName: providerName(order.provider, { sandbox: config.demoMode }) };
}

export async function listOrders(
  db: Kysely<Database>,
  query: AdminOrdersQuery,
  now: number,
  config: Pick<Config, 'demoMode'>,
): Promise<AdminOrderList> {
  const page = { offset: (query.page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE };
  const { orders, total } = await searchOrders(db, orderSearch(query, page, now), CONSOLE_REFUNDS);
  return {
    orders: orders.map(({ chargedAt: _charged, expiresAt: _expires, failureReason: _reason, ...order }) => withProviderName(order, config)),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** The audit keeps how many, not which. */
export async function exportOrders(
  db: Kysely<Database>,
  query: AdminOrdersQuery,
  input: { session: string; now: number },
  config: Pick<Config, 'demoMode'>,
): Promise<NamedOrderRow[]> {
  const { orders } = await searchOrders(db, orderSearch(query, { offset: 0, limit: CSV_MAX_ROWS }, input.now), CONSOLE_REFUNDS);
  await recordAudit(db, { session: input.session, action: 'export_orders', detail: { rows: orders.length }, now: input.now });
  return orders.map((order) => withProviderName(order, config));
}

export async function loadOrderDetail(
  db: Kysely<Database>,
  orderId: string,
  now: number,
  config: Pick<Config, 'guaranteeDays' | 'gatewayRefunds' | 'demoMode'>,
  kinds: OutboxKinds,
): Promise<AdminOrderDetail | undefined> {
  const order = await findAdminOrder(db, orderId, now, CONSOLE_REFUNDS);
  if (!order) return undefined;
  const [postbacks, emails, audit, opens, refund, addons, bankLink] = await Promise.all([
    listOrderPostbacks(db, orderId),
    listOrderMessages(db, orderId, timelineKindsOf(kinds)),
    listAudit(db, { orderId, limit: 100, exceptActions: ['view_order', 'view_order_whatsapp'] }),
    listLatestMemberPageOpens(db, orderId, 100),
    loadAdminRefund(db, orderId),
    order.kind === 'main' ? listAddonOrders(db, orderId, now) : [],
    recordedBuyerLink(db, order.buyerEmail),
  ]);
  const timeline: TimelineEntry[] = [{ at: order.createdAt, kind: 'created' }];
  if (order.chargedAt !== null) timeline.push({ at: order.chargedAt, kind: 'charged' });
  for (const postback of postbacks) timeline.push({ at: postback.at, kind: 'postback' });
  if (order.paidAt !== null) timeline.push({ at: order.paidAt, kind: 'paid' });
  for (const email of emails) {
    const entry = emailTimelineEntry(email, kinds.handlerOf(email.kind)?.facts?.timeline ?? null);
    if (entry) timeline.push(entry);
  }
  for (const at of opens) timeline.push({ at, kind: 'member_page' });
  for (const entry of audit) timeline.push({ at: entry.at, kind: 'admin', detail: entry.action });
  timeline.push(...(refund?.timeline ?? []));
  // Stable for equal times: the order of the pushes above.
  timeline.sort((a, b) => a.at - b.at);
  const { chargedAt: _charged, expiresAt: _expires, ...rest } = order;
  return {
    ...withProviderName(rest, config),
    timeline,
    bankLink,
    refund: refund?.refund ?? null,
    guaranteeEndsAt: order.paidAt === null ? null : guaranteeEndsAt(order.paidAt, config.guaranteeDays),
    gatewayRefunds: config.gatewayRefunds,
    manualRefund: await manualRefundSteps(db, orderId, { sandbox: config.demoMode }),
    addons,
    purchase: await loadPurchaseView(db, orderId, config),
  };
}

/** A kind of its own per request, so it is never merged with an earlier one. */
async function queueAccessEmail(db: Kysely<Database>, orderId: string, now: number): Promise<void> {
  // The revoked links stay dead.
  await restoreOrderAccess(db, orderId, now);
  await enqueueOutboxMessage(db, { orderId, kind: `access_resend:${now}`, payload: {}, now });
}

export async function resendAccess(db: Kysely<Database>, input: { orderId: string; session: string; now: number }): Promise<ActionResult> {
  const order = await findAdminOrder(db, input.orderId, input.now, CONSOLE_REFUNDS);
  if (!order) return 'not_found';
  if (order.status !== 'paid') return 'not_paid';
  await queueAccessEmail(db, order.id, input.now);
  await recordAudit(db, { session: input.session, action: 'resend_access', orderId: order.id, now: input.now });
  return 'ok';
}

export async function correctEmailAndResend(
  db: Kysely<Database>,
  input: { orderId: string; email: string; session: string; now: number },
): Promise<ActionResult> {
  const order = await findAdminOrder(db, input.orderId, input.now, CONSOLE_REFUNDS);
  if (!order) return 'not_found';
  if (order.status !== 'paid') return 'not_paid';
  const previous = await updateBuyerEmail(db, order.id, input.email, input.now);
  if (previous === undefined) return 'not_found';
  await queueAccessEmail(db, order.id, input.now);
  // Both addresses are kept so a mistaken correction can be undone.
  await recordAudit(db, {
    session: input.session,
    action: 'correct_email',
    orderId: order.id,
    detail: { from: previous, to: input.email },
    now: input.now,
  });
  return 'ok';
}

export async function revokeAccess(db: Kysely<Database>, input: { orderId: string; session: string; now: number }): Promise<ActionResult> {
  const order = await findAdminOrder(db, input.orderId, input.now, CONSOLE_REFUNDS);
  if (!order) return 'not_found';
  await revokeOrderAccess(db, order.id, input.now);
  await recordAudit(db, { session: input.session, action: 'revoke_access', orderId: order.id, now: input.now });
  return 'ok';
}

/** The outbox kinds sent by e-mail, exact and families (subscribers.ts's table). */
export function emailKindsOf(kinds: OutboxKinds): string[] {
  return kinds.kindsWhere((handler) => handler.channel === 'e-mail');
}

/** The outbox kinds with steps on the order's timeline: the e-mails, and the return of a payment made twice. */
function timelineKindsOf(kinds: OutboxKinds): string[] {
  return kinds.kindsWhere((handler) => handler.facts?.timeline != null);
}

/** An e-mail's step in its kind's words; a step its words leave out (a PIX reminder still waiting) is not shown. */
function emailTimelineEntry(email: OrderMessage, words: EmailTimelineLabels | null): TimelineEntry | undefined {
  const state: keyof EmailTimelineLabels = email.sentAt !== null ? 'sent' : email.lastError ? 'failed' : 'queued';
  const label = words?.[state];
  if (words && !label) return undefined;
  const at = email.sentAt ?? email.createdAt;
  const detail = state === 'failed' && email.lastError ? { detail: email.lastError.slice(0, 200) } : {};
  return { at, kind: `email_${state}` as const, ...(label ? { label } : {}), ...detail };
}

export async function retryEmail(
  db: Kysely<Database>,
  input: { messageId: string; session: string; now: number },
): Promise<'ok' | 'not_found'> {
  const orderId = await retryOutboxMessage(db, input.messageId, input.now);
  if (!orderId) return 'not_found';
  await recordAudit(db, { session: input.session, action: 'retry_email', orderId, now: input.now });
  return 'ok';
}
