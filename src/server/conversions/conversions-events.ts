import type { Kysely, Transaction } from 'kysely';
import { site } from '../../content/site.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxMessage } from '../outbox/outbox-repository.ts';
import type { EventWiring, RefundMovement } from '../orders/order-events.ts';
import { z } from 'zod';
import type { OutboxHandler } from '../outbox/outbox-kinds.ts';
import { UndeliverableMessageError } from '../outbox/outbox-worker.ts';
import { postJson } from '../lib/post-json.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import { movementSuffix } from '../purchase/purchase-ledger.ts';
import type { OrderItem } from '../../shared/checkout.ts';
import { ga4CollectUrl, ga4PurchaseBody, ga4RefundBody } from './ga4-measurement.ts';
import { metaEventsUrl, metaPurchaseBody, metaRefundBody } from './meta-conversions.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { findOrderById } from '../orders/order-lookup.ts';

/** Server-side conversions (docs/tracking.md#server-side-conversions): queued with the payment, only with consent. */
export const CONVERSION_KIND_FAMILY = 'conversion:';
const META_CONVERSION_KIND = `${CONVERSION_KIND_FAMILY}meta`;
const GA4_CONVERSION_KIND = `${CONVERSION_KIND_FAMILY}ga4`;
/** A reported purchase that was refunded (or charged back) is reported as a refund. */
const META_REFUND_KIND = `${CONVERSION_KIND_FAMILY}meta_refund`;
const GA4_REFUND_KIND = `${CONVERSION_KIND_FAMILY}ga4_refund`;

async function queueConversions(
  trx: Transaction<Database>,
  config: Pick<Config, 'conversions'>,
  order: OrderRow,
  now: number,
  event: 'purchase' | RefundMovement,
): Promise<void> {
  if (order.tracking_consent !== 'granted') return;
  const [metaKind, ga4Kind] = event === 'purchase' ? [META_CONVERSION_KIND, GA4_CONVERSION_KIND] : [META_REFUND_KIND, GA4_REFUND_KIND];
  // The refund carries its time and what went back: the row is sent later, and a part refund is one of several.
  const payload = event === 'purchase' ? {} : { at: now, amountCents: event.amountCents, items: event.items };
  // Each money movement is a row of its own: a part refund, then the rest.
  const suffix = event === 'purchase' ? '' : movementSuffix(order, event);
  if (config.conversions.meta) await enqueueOutboxMessage(trx, { orderId: order.id, kind: `${metaKind}${suffix}`, payload, now });
  // GA4 ties an event to the browser's client id; without the _ga cookie there is nobody to credit.
  if (config.conversions.ga4 && order.ga_client_id) {
    await enqueueOutboxMessage(trx, { orderId: order.id, kind: `${ga4Kind}${suffix}`, payload, now });
  }
}

const RefundPayloadSchema = z.object({
  at: z.number().optional(),
  amountCents: z.number().int().optional(),
  items: z.array(z.enum(['main', 'bump'])).optional(),
});

function refundPayload(message: OutboxMessage): z.infer<typeof RefundPayloadSchema> {
  return RefundPayloadSchema.safeParse(message.payload).data ?? {};
}

function refundedAt(message: OutboxMessage): number {
  return refundPayload(message).at ?? message.createdAt;
}

/** What the refund gave back: the movement's items and amount; rows queued before part refunds carry the whole order. */
function refundedPart(order: OrderRow, items: readonly OrderItem[], message: OutboxMessage) {
  const payload = refundPayload(message);
  const keys = payload.items ?? items.map((item) => item.key);
  const given = items.filter((item) => keys.includes(item.key));
  return {
    items: given,
    amountCents: payload.amountCents ?? Number(order.amount_cents),
    part: given.length < items.length,
  };
}

async function paidOrder(db: Kysely<Database>, orderId: string): Promise<OrderRow> {
  const order = await findOrderById(db, orderId);
  if (!order || order.paid_at === null) throw new UndeliverableMessageError(`conversion for ${orderId}: no paid order`);
  if (order.tracking_consent !== 'granted') throw new UndeliverableMessageError(`conversion for ${orderId}: tracking was not accepted`);
  return order;
}

/** The order's items; one line of the whole amount should an order have none stored (none should). */
async function purchasedItems(db: Kysely<Database>, order: OrderRow): Promise<OrderItem[]> {
  const items = await itemsOfOrder(db, order.id);
  return items.length > 0 ? items : [{ key: 'main', title: site.productName, priceCents: Number(order.amount_cents) }];
}

export function registerConversionsEvents({ events, kinds, deps }: EventWiring): void {
  const { config } = deps;
  events.subscribe('paid', (trx, { order, at }) => queueConversions(trx, config, order, at, 'purchase'));
  events.subscribe('refunded', (trx, { order, at, refund }) => queueConversions(trx, config, order, at, refund));
  events.subscribe('reversed', (trx, { order, at, refund }) => queueConversions(trx, config, order, at, refund));
  events.subscribe('part_refunded', (trx, { order, at, refund }) => queueConversions(trx, config, order, at, refund));

  const { meta, ga4 } = config.conversions;
  if (meta) {
    deps.logger.addSecret(meta.token);
    // PUBLIC_URL has no trailing slash (config/env-schema.ts trims it).
    const siteUrl = () => `${deps.publicUrl()}/`;
    const metaKind = (channel: string, bodyOf: (order: OrderRow, message: OutboxMessage) => Promise<unknown>): OutboxHandler => ({
      channel,
      async deliver(message, signal) {
        const body = await bodyOf(await paidOrder(deps.db, message.orderId), message);
        await postJson(metaEventsUrl(meta), JSON.stringify(body), { signal });
        return { recipient: new URL(meta.baseUrl).host };
      },
    });
    kinds.register(
      META_CONVERSION_KIND,
      metaKind('Meta conversion', async (order) => metaPurchaseBody(order, siteUrl())),
    );
    const metaRefund = metaKind('Meta refund', async (order, message) => {
      const part = refundedPart(order, await purchasedItems(deps.db, order), message);
      return metaRefundBody(order, siteUrl(), refundedAt(message), { ...part, items: part.items.map((item) => item.key) });
    });
    // The plain kind for a whole refund, the family for each part of one.
    kinds.register(META_REFUND_KIND, metaRefund);
    kinds.register(`${META_REFUND_KIND}:`, metaRefund);
  }
  if (ga4) {
    deps.logger.addSecret(ga4.apiSecret);
    kinds.register(GA4_CONVERSION_KIND, {
      channel: 'GA4 conversion',
      async deliver(message, signal) {
        const order = await paidOrder(deps.db, message.orderId);
        if (!order.ga_client_id) throw new UndeliverableMessageError(`GA4 conversion for ${order.id}: no client id`);
        const body = ga4PurchaseBody(order, order.ga_client_id, await purchasedItems(deps.db, order));
        await postJson(ga4CollectUrl(ga4), JSON.stringify(body), { signal });
        return { recipient: new URL(ga4.baseUrl).host };
      },
    });
    const ga4Refund: OutboxHandler = {
      channel: 'GA4 refund',
      async deliver(message, signal) {
        const order = await paidOrder(deps.db, message.orderId);
        if (!order.ga_client_id) throw new UndeliverableMessageError(`GA4 refund for ${order.id}: no client id`);
        const part = refundedPart(order, await purchasedItems(deps.db, order), message);
        const body = ga4RefundBody(order, order.ga_client_id, part.items, refundedAt(message), part.amountCents);
        await postJson(ga4CollectUrl(ga4), JSON.stringify(body), { signal });
        return { recipient: new URL(ga4.baseUrl).host };
      },
    };
    kinds.register(GA4_REFUND_KIND, ga4Refund);
    kinds.register(`${GA4_REFUND_KIND}:`, ga4Refund);
  }
}
