import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { whatsappFailureReason } from '../../content/whatsapp.ts';
import type { AdminOrderWhatsapp, AdminWhatsappMessage, WhatsappMessageStatus } from '../../shared/whatsapp.ts';
import type { Config } from '../config/config.ts';
import { secretsMatch } from '../config/secrets.ts';
import type { Database } from '../db/schema.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { endsWhatsappForOrder, WHATSAPP_KIND_FAMILY } from './whatsapp-delivery.ts';
import { messageVariables, previewText, type AutomaticMessageKind } from './whatsapp-messages.ts';
import { phoneKey, whatsappRecipient } from './phone-key.ts';
import { isSignedByMeta, readWhatsappWebhook } from './webhook-payload.ts';
import { applyDeliveryStatus, findBlockingFailure, optedOutAt, recordOptOut, type WhatsappMessageRow } from './whatsapp-repository.ts';
import { deleteUnsentMessages } from '../outbox/outbox-queue.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { productNameOf } from '../purchase/purchase-items.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface WhatsappServiceDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'whatsapp'>;
  publicUrl: () => string;
}

/** Only a short numeric challenge is echoed back. */
export function answerVerification(
  config: Pick<Config, 'whatsapp'>,
  query: { mode?: string; token?: string; challenge?: string },
): string | null {
  const verifyToken = config.whatsapp.cloud?.verifyToken;
  if (!verifyToken || query.mode !== 'subscribe' || !secretsMatch(query.token, verifyToken)) return null;
  return query.challenge && /^[A-Za-z0-9_-]{1,200}$/.test(query.challenge) ? query.challenge : null;
}

export type WebhookOutcome = { kind: 'refused' } | { kind: 'received'; statuses: number; stops: number; ended: string[] };

/** A failure whose code ends WhatsApp for the order drops its other messages; statuses never go backwards. */
export async function receiveWhatsappWebhook(
  deps: Pick<WhatsappServiceDeps, 'db' | 'config'>,
  delivery: { rawBody: Uint8Array; signature: string | undefined },
  now: number,
): Promise<WebhookOutcome> {
  const appSecret = deps.config.whatsapp.cloud?.appSecret;
  if (!appSecret || !isSignedByMeta(delivery.rawBody, delivery.signature, appSecret)) return { kind: 'refused' };
  const events = readWhatsappWebhook(new TextDecoder().decode(delivery.rawBody), now);
  let statuses = 0;
  let stops = 0;
  const ended: string[] = [];
  for (const event of events) {
    if (event.kind === 'stop') {
      if (await recordOptOut(deps.db, phoneKey(event.from), 'reply', event.at)) stops += 1;
      continue;
    }
    const row = await applyDeliveryStatus(deps.db, event);
    if (!row) continue;
    statuses += 1;
    if (row.status === 'failed' && row.error_code !== null && endsWhatsappForOrder(Number(row.error_code))) {
      await deleteUnsentMessages(deps.db, row.order_id, { kinds: [], kindPrefixes: [WHATSAPP_KIND_FAMILY] });
      ended.push(row.order_id);
    }
  }
  return { kind: 'received', statuses, stops, ended };
}

/** The number gets no more messages, from this order or any other. */
export async function stopWhatsappByLink(db: Kysely<Database>, order: Pick<OrderRow, 'id' | 'buyer_phone'>, now: number): Promise<boolean> {
  await deleteUnsentMessages(db, order.id, { kinds: [], kindPrefixes: [WHATSAPP_KIND_FAMILY] });
  const to = whatsappRecipient(order.buyer_phone);
  return to ? recordOptOut(db, phoneKey(to), 'link', now) : false;
}

const AUTOMATIC: readonly string[] = ['pix', 'reminder', 'access'];

function adminMessage(row: WhatsappMessageRow, order: OrderRow, links: { publicUrl: string; productName: string }): AdminWhatsappMessage {
  const { publicUrl } = links;
  const code = row.error_code === null ? null : Number(row.error_code);
  // Rebuilt from the order now (the log keeps no text); gone with the buyer's data.
  const preview =
    AUTOMATIC.includes(row.kind) && order.buyer_name !== ''
      ? previewText(row.kind as AutomaticMessageKind, messageVariables(row.kind as AutomaticMessageKind, order, links), publicUrl)
      : null;
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    status: row.status,
    statusAt: Number(row.status_at),
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    template: row.template,
    errorCode: code,
    errorReason: row.status === 'failed' ? whatsappFailureReason(code) : null,
    preview,
  };
}

export async function describeOrderWhatsapp(deps: WhatsappServiceDeps, orderId: string): Promise<AdminOrderWhatsapp | undefined> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) return undefined;
  const to = whatsappRecipient(order.buyer_phone);
  const [rows, stoppedAt, blocking] = await Promise.all([
    listMessagesOfOrder(deps.db, order.id),
    to ? optedOutAt(deps.db, phoneKey(to)) : Promise.resolve(null),
    findBlockingFailure(deps.db, order.id, endsWhatsappForOrder),
  ]);
  const publicUrl = deps.publicUrl();
  const productName = await productNameOf(deps.db, order.id);
  const blockingCode = blocking?.error_code == null ? null : Number(blocking.error_code);
  return {
    mode: deps.config.whatsapp.cloud ? 'cloud_api' : 'simulated',
    consent:
      order.whatsapp_consent_at === null
        ? null
        : { at: Number(order.whatsapp_consent_at), text: order.whatsapp_consent_text ?? '', version: order.whatsapp_consent_version ?? '' },
    optedOutAt: stoppedAt,
    unavailable:
      blocking && blockingCode !== null
        ? { at: Number(blocking.status_at), errorCode: blockingCode, reason: whatsappFailureReason(blockingCode) }
        : null,
    messages: rows.map((row) => adminMessage(row, order, { publicUrl, productName })),
  };
}

export async function deleteMessagesOfOrders(trx: Executor, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await trx
    .deleteFrom('whatsapp_messages')
    .where('order_id', 'in', [...orderIds])
    .execute();
}

export function listMessagesOfOrder(db: Kysely<Database>, orderId: string): Promise<WhatsappMessageRow[]> {
  return db
    .selectFrom('whatsapp_messages')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('slot')
    .orderBy('id')
    .execute();
}

/** The orders' sent messages that touched the buyer: automatic ones in `reached`, console ones opened (the recovery figures). */
export function listRecoveryTouches(
  db: Kysely<Database>,
  orderIds: SelectQueryBuilder<Database, 'orders', { id: string }>,
  reached: readonly WhatsappMessageStatus[],
) {
  return db
    .selectFrom('whatsapp_messages')
    .select(['order_id', 'kind', 'sent_at'])
    .where('order_id', 'in', orderIds)
    .where('sent_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', 'in', ['pix', 'reminder']), eb('status', 'in', [...reached])]),
        eb.and([eb('kind', '=', 'console'), eb('status', '=', 'opened')]),
      ]),
    )
    .execute();
}

export async function listAutomaticSentTimes(
  db: Kysely<Database>,
  since: number,
  reached: readonly WhatsappMessageStatus[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('whatsapp_messages')
    .select('sent_at')
    .where('kind', '!=', 'console')
    .where('status', 'in', [...reached])
    .where('sent_at', '>=', since)
    .execute();
  return rows.map((row) => Number(row.sent_at));
}
