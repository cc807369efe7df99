import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { orderIdOf, type EventWiring, type OrderEvent, type OrderEventType } from '../orders/order-events.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { postJson } from '../lib/post-json.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import { movementSuffix } from '../purchase/purchase-ledger.ts';
import { z } from 'zod';
import type { OrderItem } from '../../shared/checkout.ts';
import { webhookHeaders, webhookKey } from './webhook-signature.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { findOrderById } from '../orders/order-lookup.ts';

/** docs/payments.md#outgoing-webhooks: the same `webhook-id` on every attempt, so receivers can deduplicate. */
export const WEBHOOK_EVENT_TYPES = ['order.created', 'order.paid', 'order.refunded', 'order.duplicate', 'order.erased'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_KIND_FAMILY = 'webhook:';

export function webhookKind(type: WebhookEventType): `webhook:${WebhookEventType}` {
  return `${WEBHOOK_KIND_FAMILY}${type}`;
}

// An order whose charge failed never reached its buyer, so the seller's tools never hear of it.
const EVENT_TYPES: Partial<Record<OrderEventType, WebhookEventType>> = {
  charged: 'order.created',
  paid: 'order.paid',
  duplicate: 'order.duplicate',
  reversed: 'order.refunded',
  refunded: 'order.refunded',
  part_refunded: 'order.refunded',
  erased: 'order.erased',
};

/** A refund carries what it gave back; each money movement of an order is a row of its own (movementSuffix). */
async function queueWebhookEvent(trx: Transaction<Database>, event: OrderEvent, type: WebhookEventType): Promise<void> {
  const refund = 'refund' in event ? event.refund : undefined;
  const kind = refund && 'order' in event ? `${webhookKind(type)}${movementSuffix(event.order, refund)}` : webhookKind(type);
  await enqueueOutboxMessage(trx, { orderId: orderIdOf(event), kind, payload: refund ? { type, refund } : { type }, now: event.at });
}

const WebhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES).optional(),
  refund: z.object({ amountCents: z.number().int(), items: z.array(z.enum(['main', 'bump'])) }).optional(),
});

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

export function webhookBody(
  message: Pick<OutboxMessage, 'kind' | 'createdAt'> & Partial<Pick<OutboxMessage, 'payload'>>,
  order: OrderRow,
  items: readonly OrderItem[],
): string {
  const payload = WebhookPayloadSchema.safeParse(message.payload).data ?? {};
  const type = payload.type ?? message.kind.slice(WEBHOOK_KIND_FAMILY.length);
  const refund = payload.refund;
  // LGPD art. 18: the seller's CRM learns which order to purge, and nothing else.
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
      transaction: order.charge_id,
      duplicate_of: order.duplicate_of,
      customer: { name: order.buyer_name, email: order.buyer_email, phone: order.buyer_phone, document: order.buyer_document },
      attribution,
      // What this refund gave back: the whole order, or part of it (the order then stays paid).
      ...(refund
        ? {
            refund: {
              amount_cents: refund.amountCents,
              items: items
                .filter((item) => refund.items.includes(item.key))
                .map((item) => ({ key: item.key, title: item.title, price_cents: item.priceCents })),
            },
          }
        : {}),
    },
  });
}

export function registerOutgoingWebhooksEvents({ events, kinds, deps }: EventWiring): void {
  const webhook = deps.config.webhook;
  if (!webhook) return;
  for (const [event, type] of Object.entries(EVENT_TYPES) as Array<[OrderEventType, WebhookEventType]>) {
    events.subscribe(event, (trx, published) => queueWebhookEvent(trx, published, type));
  }

  const key = webhookKey(webhook.secret);
  deps.logger.addSecret(webhook.secret);
  kinds.register(WEBHOOK_KIND_FAMILY, {
    channel: 'webhook',
    async deliver(message, signal) {
      const order = await findOrderById(deps.db, message.orderId);
      if (!order) throw new UndeliverableMessageError(`webhook for ${message.orderId}: order not found`);
      const body = webhookBody(message, order, await itemsOfOrder(deps.db, order.id));
      const id = `msg_${message.id}`;
      // The attempt's own time, not a test's clock: receivers check that it is recent.
      const timestamp = Math.floor(Date.now() / 1000);
      await postJson(webhook.url, body, { headers: webhookHeaders(key, id, timestamp, body), signal });
      return { recipient: new URL(webhook.url).host };
    },
  });
}
