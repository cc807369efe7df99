import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import { orderIdOf, type OrderEvent, type OrderEvents, type OrderEventType } from '../orders/order-events.ts';
import type { OutboxKinds } from '../outbox/outbox-kinds.ts';
import { enqueueOutboxMessage, type OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { postJson } from '../lib/post-json.ts';
import { findOrderById, type OrderRow } from '../orders/orders-repository.ts';
import { itemsOfOrder } from '../purchases/purchase-items.ts';
import type { OrderItem } from '../../shared/checkout.ts';
import { webhookHeaders, webhookKey } from './webhook-signature.ts';

/**
 * The seller's outgoing webhooks (docs/payments.md#outgoing-webhooks) for Zapier, n8n, a CRM or an
 * NF-e issuer: each event is an outbox row written in the same transaction as the fact it reports, delivered
 * by the outbox worker with exponential backoff (the first retry after 30 s) for up to 3 days,
 * under the same `webhook-id` on every attempt so receivers can deduplicate.
 */
export const WEBHOOK_EVENT_TYPES = ['order.created', 'order.paid', 'order.refunded', 'order.duplicate', 'order.erased'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The outbox family of the webhook rows: `webhook:order.paid`… */
export const WEBHOOK_KIND_FAMILY = 'webhook:';
const DAY_MS = 24 * 60 * 60_000;

export function webhookKind(type: WebhookEventType): `webhook:${WebhookEventType}` {
  return `${WEBHOOK_KIND_FAMILY}${type}`;
}

// `order.created` is sent once the PIX exists (the `charged` event): an order whose charge failed never
// reached its buyer, so the seller's tools never hear of it.
const EVENT_TYPES: Partial<Record<OrderEventType, WebhookEventType>> = {
  charged: 'order.created',
  paid: 'order.paid',
  duplicate: 'order.duplicate',
  reversed: 'order.refunded',
  refunded: 'order.refunded',
  erased: 'order.erased',
};

/**
 * With webhooks configured, each of those events queues its webhook in the transition's
 * transaction; a second one for the same order and type changes nothing.
 */
export function subscribeWebhooks(events: OrderEvents, config: Pick<Config, 'webhook'>): void {
  if (!config.webhook) return;
  for (const [event, type] of Object.entries(EVENT_TYPES) as Array<[OrderEventType, WebhookEventType]>) {
    events.subscribe(event, (trx, published) => queueWebhookEvent(trx, published, type));
  }
}

async function queueWebhookEvent(trx: Transaction<Database>, event: OrderEvent, type: WebhookEventType): Promise<void> {
  await enqueueOutboxMessage(trx, { orderId: orderIdOf(event), kind: webhookKind(type), payload: { type }, now: event.at });
}

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

/**
 * The event's JSON: its type, when it happened, and the order as it is when sent (the buyer's
 * contact for a CRM or an invoice; empty once erased under the privacy rules), with its items
 * (docs/payments.md#outgoing-webhooks): an order with the bump lists both, and an add-on order (the
 * bump bought after payment, its own PIX and its own events) is `kind: "addon"` with its main
 * order's id in `parent_order_id`.
 */
export function webhookBody(message: Pick<OutboxMessage, 'kind' | 'createdAt'>, order: OrderRow, items: readonly OrderItem[]): string {
  const type = message.kind.slice(WEBHOOK_KIND_FAMILY.length);
  // The buyer had their data erased (LGPD art. 18): the seller's CRM learns which order to purge
  // and when, and nothing else.
  if (type === 'order.erased') {
    return JSON.stringify({ type, timestamp: iso(message.createdAt), data: { id: order.id, reference: order.public_ref } });
  }
  const attribution = Object.fromEntries(
    (['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'src', 'sck'] as const)
      .filter((key) => order[key] !== null)
      .map((key) => [key, order[key]]),
  );
  return JSON.stringify({
    type,
    timestamp: iso(message.createdAt),
    data: {
      id: order.id,
      reference: order.public_ref,
      status: order.status,
      amount_cents: Number(order.amount_cents),
      currency: 'BRL',
      kind: order.kind,
      parent_order_id: order.parent_order_id,
      items: items.map((item) => ({ key: item.key, title: item.title, price_cents: item.priceCents })),
      created_at: iso(order.created_at),
      paid_at: iso(order.paid_at),
      transaction: order.transaction_hash,
      duplicate_of: order.duplicate_of,
      customer: { name: order.buyer_name, email: order.buyer_email, phone: order.buyer_phone, document: order.buyer_document },
      attribution,
    },
  });
}

export function registerWebhooks(
  kinds: OutboxKinds,
  deps: {
    db: Kysely<Database>;
    webhook: NonNullable<Config['webhook']>;
    logger: Logger;
    /** Seconds for `webhook-timestamp`; the attempt's own time (receivers check it is recent). */
    now?: () => number;
  },
): void {
  const key = webhookKey(deps.webhook.secret);
  deps.logger.addSecret(deps.webhook.secret);
  kinds.register(WEBHOOK_KIND_FAMILY, {
    channel: 'webhook',
    retry: { baseBackoffMs: 30_000, maxBackoffMs: 12 * 60 * 60_000, giveUpAfterMs: 3 * DAY_MS },
    async deliver(message, signal) {
      const order = await findOrderById(deps.db, message.orderId);
      if (!order) throw new UndeliverableMessageError(`webhook for ${message.orderId}: order not found`);
      const body = webhookBody(message, order, await itemsOfOrder(deps.db, order.id));
      // The row's id never changes, so every retry of this event carries the same webhook-id.
      const id = `msg_${message.id}`;
      const timestamp = Math.floor((deps.now?.() ?? Date.now()) / 1000);
      await postJson(deps.webhook.url, body, { headers: webhookHeaders(key, id, timestamp, body), signal });
      return { recipient: new URL(deps.webhook.url).host };
    },
  });
}
