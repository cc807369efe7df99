import type { Kysely, Transaction } from 'kysely';
import { refundApi, refundReasonLabels } from '../../content/refunds.ts';
import { paths } from '../../shared/routes.ts';
import { guaranteeEndsAt, type GuaranteeView, type RefundReason, type RefundRequestInput } from '../../shared/refunds.ts';
import { recordEvidence } from '../access/evidence-repository.ts';
import { revokeOrderTokens } from '../access/access-repository.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { emailHandler } from '../mail/email-handler.ts';
import type { OrderEvents } from '../orders/order-events.ts';
import { findOrderById, type OrderRow } from '../orders/orders-repository.ts';
import { paidAddonIds } from '../orders/order-items.ts';
import type { OutboxKinds } from '../outbox/outbox-kinds.ts';
import { enqueueOutboxMessage, type OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { site } from '../../content/site.ts';
import { renderRefundEmail, type RefundEmailKind } from './refund-emails.ts';
import {
  approveRefund,
  declineRefund,
  findRefund,
  insertDoneRefund,
  insertRefundRequest,
  markRefundDone,
  retryGatewayRefund,
  type RefundRow,
} from './refunds-repository.ts';
import { gatewayRefundKind } from './gateway-refund.ts';

/**
 * The guarantee made real (docs/refunds.md): the buyer asks inside the window, the seller (or
 * REFUND_MODE=auto) approves or declines, the money goes back through the gateway when it can
 * (gateway-refund.ts) or by hand, and the order's refund event ends the access and tells everyone.
 */
export type RefundsConfig = Pick<Config, 'guaranteeDays' | 'refundMode' | 'gatewayRefunds'>;

export interface RefundsDeps {
  db: Kysely<Database>;
  config: RefundsConfig & Pick<Config, 'mail'>;
  /** Sends what a decision queued now rather than at the outbox's next poll. */
  runOutbox: () => void;
}

/** Outbox kinds of the buyer's refund e-mails (one each per order). */
const EMAIL_KINDS = {
  received: 'refund_received',
  declined: 'refund_declined',
  done: 'refund_done',
} as const;

export function describeGuarantee(
  order: Pick<OrderRow, 'status' | 'paid_at'>,
  refund: RefundRow | undefined,
  config: RefundsConfig,
  now: number,
): GuaranteeView {
  const days = config.guaranteeDays;
  const endsAt = guaranteeEndsAt(Number(order.paid_at ?? now), days);
  return {
    days,
    endsAt,
    canRequest: order.status === 'paid' && order.paid_at !== null && now < endsAt && refund === undefined,
    request: refund ? { requestedAt: Number(refund.requested_at), status: refund.status, declineReason: refund.decline_reason } : null,
  };
}

export async function loadGuarantee(
  deps: Pick<RefundsDeps, 'db' | 'config'>,
  orderId: string,
  now: number,
): Promise<GuaranteeView | undefined> {
  const [order, refund] = await Promise.all([findOrderById(deps.db, orderId), findRefund(deps.db, orderId)]);
  return order ? describeGuarantee(order, refund, deps.config, now) : undefined;
}

export type RefundRequestResult = { kind: 'ok'; guarantee: GuaranteeView } | { kind: 'refused'; status: 409 | 422; message: string };

function reasonText(reason: RefundReason | null, note: string | null): string {
  return [reason ? refundReasonLabels[reason] : null, note].filter(Boolean).join(' — ');
}

/**
 * The buyer's "Pedir reembolso": inside the window, once per order. The request, its e-mail and
 * (REFUND_MODE=auto) its approval and gateway call commit together.
 */
export async function requestRefund(
  deps: RefundsDeps,
  orderId: string,
  input: RefundRequestInput,
  now: number,
): Promise<RefundRequestResult> {
  const order = await findOrderById(deps.db, orderId);
  if (!order || order.status !== 'paid' || order.paid_at === null) return { kind: 'refused', status: 422, message: refundApi.notPaid };
  const { config } = deps;
  if (now >= guaranteeEndsAt(Number(order.paid_at), config.guaranteeDays)) {
    return { kind: 'refused', status: 422, message: refundApi.windowClosed(config.guaranteeDays, config.mail.supportEmail) };
  }
  const reason = input.reason ?? null;
  const note = input.note ? input.note : null;
  const auto = config.refundMode === 'auto';
  const created = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertRefundRequest(trx, { orderId, reason, note, now, autoApprove: auto, gateway: config.gatewayRefunds });
    if (!inserted) return false;
    await enqueueOutboxMessage(trx, { orderId, kind: EMAIL_KINDS.received, payload: { auto }, now });
    // The whole purchase (docs/offers.md#refunds): the order and the bump bought after it in a PIX
    // of its own, each with its own request.
    for (const id of [orderId, ...(await paidAddonIds(trx, orderId))]) {
      if (
        id !== orderId &&
        !(await insertRefundRequest(trx, { orderId: id, reason, note, now, autoApprove: auto, gateway: config.gatewayRefunds }))
      )
        continue;
      await recordEvidence(trx, { orderId: id, at: now, kind: 'refund_requested', detail: reasonText(reason, note) || null });
      if (auto) await approved(trx, deps, id, { by: 'auto', attempt: 0, now });
    }
    return true;
  });
  if (!created) return { kind: 'refused', status: 409, message: refundApi.alreadyRequested };
  deps.runOutbox();
  const guarantee = await loadGuarantee(deps, orderId, now);
  return guarantee ? { kind: 'ok', guarantee } : { kind: 'refused', status: 422, message: refundApi.notPaid };
}

/** What an approval sets going, in its transaction: the record, and the gateway call when refunds go through it. */
async function approved(
  trx: Transaction<Database>,
  deps: { config: RefundsConfig },
  orderId: string,
  input: { by: 'seller' | 'auto'; attempt: number; now: number },
): Promise<void> {
  await recordEvidence(trx, { orderId, at: input.now, kind: 'refund_approved', detail: input.by === 'auto' ? 'auto' : 'seller' });
  if (deps.config.gatewayRefunds) {
    await enqueueOutboxMessage(trx, { orderId, kind: gatewayRefundKind(input.attempt), payload: {}, now: input.now });
  }
}

export type SellerRefundResult = 'ok' | 'not_found' | 'not_paid' | 'in_progress';

/**
 * "Reembolsar" in the console: approves the order's refund (the buyer's request, or the seller's
 * own). With GATEWAY_REFUNDS=1 the gateway call is queued; without it the console shows the steps
 * to refund by hand. Pressed again after the gateway failed, it tries the gateway once more.
 */
export async function startRefund(deps: RefundsDeps, orderId: string, now: number): Promise<SellerRefundResult> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) return 'not_found';
  if (order.status !== 'paid') return 'not_paid';
  const result = await deps.db.transaction().execute(async (trx): Promise<SellerRefundResult> => {
    const row = await approveRefund(trx, { orderId, origin: 'seller', by: 'seller', gateway: deps.config.gatewayRefunds, now });
    if (row) {
      await approved(trx, deps, orderId, { by: 'seller', attempt: Number(row.attempt), now });
      // The bump bought after payment goes back with the order (its own PIX, its own refund).
      for (const addonId of await paidAddonIds(trx, orderId)) {
        const addon = await approveRefund(trx, {
          orderId: addonId,
          origin: 'seller',
          by: 'seller',
          gateway: deps.config.gatewayRefunds,
          now,
        });
        if (addon) await approved(trx, deps, addonId, { by: 'seller', attempt: Number(addon.attempt), now });
      }
      return 'ok';
    }
    if (!deps.config.gatewayRefunds) return 'in_progress';
    const attempt = await retryGatewayRefund(trx, orderId, now);
    if (attempt === undefined) return 'in_progress';
    await enqueueOutboxMessage(trx, { orderId, kind: gatewayRefundKind(attempt), payload: {}, now });
    return 'ok';
  });
  if (result === 'ok') deps.runOutbox();
  return result;
}

export type DeclineResult = 'ok' | 'not_found' | 'not_requested';

/** "Recusar": only a request still waiting; the buyer is e-mailed the reason. */
export async function declineRefundRequest(deps: RefundsDeps, orderId: string, reason: string, now: number): Promise<DeclineResult> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) return 'not_found';
  const declined = await deps.db.transaction().execute(async (trx) => {
    if (!(await declineRefund(trx, orderId, reason, now))) return false;
    await recordEvidence(trx, { orderId, at: now, kind: 'refund_declined', detail: reason });
    for (const addonId of await paidAddonIds(trx, orderId)) {
      if (await declineRefund(trx, addonId, reason, now))
        await recordEvidence(trx, { orderId: addonId, at: now, kind: 'refund_declined', detail: reason });
    }
    await enqueueOutboxMessage(trx, { orderId, kind: EMAIL_KINDS.declined, payload: {}, now });
    return true;
  });
  if (!declined) return 'not_requested';
  deps.runOutbox();
  return 'ok';
}

/**
 * The order's money went back (orders/ publishes `refunded` when the seller marks it or our
 * gateway refund is read back, `reversed` when a re-read finds it refunded or charged back): every
 * link dies, the refund is done, and the buyer hears of it unless it was a chargeback nobody asked
 * for (the bank returned that money, not us). All in the transition's transaction.
 */
export function subscribeRefunds(events: OrderEvents, config: RefundsConfig): void {
  const ended = async (trx: Transaction<Database>, order: OrderRow, at: number, markedBySeller: boolean) => {
    await revokeOrderTokens(trx, order.id, at);
    const finished = await markRefundDone(trx, order.id, at);
    if (!finished && markedBySeller) await insertDoneRefund(trx, order.id, at);
    const isRefund = finished !== undefined || markedBySeller;
    await recordEvidence(trx, { orderId: order.id, at, kind: isRefund ? 'refunded' : 'access_revoked', detail: null });
    if (isRefund) await enqueueOutboxMessage(trx, { orderId: order.id, kind: EMAIL_KINDS.done, payload: {}, now: at });
  };
  events.subscribe('refunded', (trx, { order, at }) => ended(trx, order, at, true));
  events.subscribe('reversed', (trx, { order, at }) => ended(trx, order, at, false));
  // A buyer who paid twice gets the second payment back with no one deciding (GATEWAY_REFUNDS=1 only).
  events.subscribe('duplicate', async (trx, { order, at }) => {
    if (!config.gatewayRefunds) return;
    const row = await approveRefund(trx, { orderId: order.id, origin: 'duplicate', by: 'auto', gateway: true, now: at });
    if (row) await approved(trx, { config }, order.id, { by: 'auto', attempt: 0, now: at });
  });
}

/** The buyer's refund e-mails, rendered at send time from the order and its refund. */
export function registerRefundEmails(
  kinds: OutboxKinds,
  mailer: Mailer,
  deps: { db: Kysely<Database>; config: Pick<Config, 'mail' | 'demoMode'>; publicUrl: () => string },
): void {
  const render = async (row: OutboxMessage): Promise<MailMessage> => {
    const [order, refund] = await Promise.all([findOrderById(deps.db, row.orderId), findRefund(deps.db, row.orderId)]);
    if (!order || !refund || !order.buyer_email)
      throw new UndeliverableMessageError(`refund e-mail for ${row.orderId}: order or refund gone`);
    const kind = emailKindOf(row, refund);
    const email = renderRefundEmail({
      kind,
      buyerName: order.buyer_name,
      amountCents: Number(order.amount_cents),
      requestedAt: Number(refund.requested_at),
      ...(refund.decline_reason ? { declineReason: refund.decline_reason } : {}),
      recoverUrl: `${deps.publicUrl().replace(/\/+$/, '')}${paths.access}`,
      supportEmail: deps.config.mail.supportEmail,
      productName: site.productName,
      demoMode: deps.config.demoMode,
    });
    const localPart = `${row.kind}-${row.orderId}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 180);
    return { to: order.buyer_email, ...email, messageId: `<${localPart}@vitrine>` };
  };
  const handler = emailHandler(mailer, render);
  for (const kind of Object.values(EMAIL_KINDS)) kinds.register(kind, handler);
}

/** The console's timeline tells these apart from the access e-mail. */
export function isRefundEmailKind(kind: string): boolean {
  return (Object.values(EMAIL_KINDS) as string[]).includes(kind);
}

function emailKindOf(row: OutboxMessage, refund: RefundRow): RefundEmailKind {
  if (row.kind === EMAIL_KINDS.declined) return 'declined';
  if (row.kind === EMAIL_KINDS.done) return refund.origin === 'duplicate' ? 'done_duplicate' : 'done';
  const auto =
    typeof row.payload === 'object' &&
    row.payload !== null &&
    Object.hasOwn(row.payload, 'auto') &&
    (row.payload as { auto: unknown }).auto === true;
  return auto ? 'received_auto' : 'received';
}
