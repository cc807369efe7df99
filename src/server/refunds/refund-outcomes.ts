// A refund ends on the order's `refunded`/`reversed` event (docs/refunds.md#when-the-money-went-back); a part publishes `part_refunded`.
import type { Kysely, Transaction } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { Database } from '../db/schema.ts';
import type { OrderEvent, OrderEventOf, OrderEvents } from '../orders/order-events.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { unaskedItems } from '../purchase/purchase-ledger.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { queueDoneEmail } from './refund-email.ts';
import { insertDoneRefund, markRefundDone, markRefundedAtProvider } from './refunds-repository.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { recordEvidence } from '../evidence/delivery-record.ts';

/** The order's money went back: its refund is done, and the buyer is told unless it was a chargeback nobody asked for. */
export async function endRefund(trx: Transaction<Database>, order: OrderRow, at: number, markedBySeller: boolean): Promise<void> {
  const finished = await markRefundDone(trx, order.id, at);
  if (finished.length === 0 && markedBySeller) {
    const purchase = await loadPurchase(trx, order.id);
    if (purchase) await insertDoneRefund(trx, order.id, unaskedItems(purchase, order.id, false), at);
  }
  const isRefund = finished.length > 0 || markedBySeller;
  await recordEvidence(trx, { orderId: order.id, at, kind: isRefund ? 'refunded' : 'access_revoked', detail: null });
  if (isRefund) await queueDoneEmail(trx, order.id, at);
}

/** Some items of a charge went back by hand (a duplicate's repeated item, a part refund): their refund is done, the order stays paid. */
export async function finishPartialRefund(
  deps: { db: Kysely<Database>; events: OrderEvents },
  orderId: string,
  keys: readonly OrderItemKey[],
  now: number,
): Promise<void> {
  const published: OrderEvent[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const done = await markRefundDone(trx, orderId, now, keys);
    if (done.length === 0) return;
    await recordEvidence(trx, { orderId, at: now, kind: 'refunded', detail: null });
    await queueDoneEmail(trx, orderId, now);
    const order = await findOrderById(trx, orderId);
    if (!order) return;
    const event: OrderEvent = {
      type: 'part_refunded',
      order,
      at: now,
      refund: { amountCents: done.reduce((sum, row) => sum + Number(row.amount_cents), 0), items: done.map((row) => row.item) },
    };
    await deps.events.publish(trx, event);
    published.push(event);
  });
  for (const event of published) await deps.events.committed(event);
}

/** A panel part refund: an item's price refunds that item, with its e-mail; any other amount is only recorded, the access kept. */
export async function endProviderRefund(trx: Transaction<Database>, event: OrderEventOf<'part_refunded'>): Promise<void> {
  if (!event.atProvider) return;
  const { order, at, refund } = event;
  const items = (await itemsOfOrder(trx, order.id)).filter((item) => refund.items.includes(item.key));
  await recordEvidence(trx, {
    orderId: order.id,
    at,
    kind: 'refunded',
    detail: items.length > 0 ? null : `provider:${refund.amountCents}`,
  });
  if (items.length === 0) return;
  await markRefundedAtProvider(trx, order.id, items, at);
  await queueDoneEmail(trx, order.id, at);
}
