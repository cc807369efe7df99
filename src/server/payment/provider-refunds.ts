// A refund the seller made in the provider's panel, whole or part, recorded once from the read-back (docs/money.md#provider-side).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ChargeRecord } from '../gateway/pix-provider.ts';
import { refundsOf, unrefundedItems, untiedRefundCents, refundedPartCents } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import type { OrderEvent, OrderEvents } from '../orders/order-events.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { insertProviderRefund } from '../orders/provider-refunds-repository.ts';

/** What the seller gave back at the provider: the provider's total less what a MED or a chargeback returned. */
function sellerRefundedCents(record: Pick<ChargeRecord, 'refundedCents' | 'disputeReturnedCents'>): number {
  return (record.refundedCents ?? 0) - (record.disputeReturnedCents ?? 0);
}

/** The items or amount first seen now: the rise since the last read, tied to an item when it is exactly one item's price. */
export async function recordProviderRefund(
  deps: { db: Kysely<Database>; events: OrderEvents },
  order: Pick<OrderRow, 'id'>,
  record: Pick<ChargeRecord, 'refundedCents' | 'disputeReturnedCents'>,
  now: number,
): Promise<boolean> {
  const totalCents = sellerRefundedCents(record);
  if (totalCents <= 0) return false;
  const published: OrderEvent[] = [];
  await deps.db.transaction().execute(async (trx) => {
    const purchase = await loadPurchase(trx, order.id);
    const charge = purchase && [purchase.main, ...purchase.addons].find((row) => row.id === order.id);
    if (!purchase || charge?.status !== 'paid') return;
    const rows = refundsOf(purchase, charge.id);
    // Our own refund on its way at the gateway: its flow settles it, and a later read sees what is left.
    if (rows.some((row) => row.status === 'approved' && (row.gateway_state === 'calling' || row.gateway_state === 'pending'))) return;
    const amountCents = totalCents - refundedPartCents(purchase, charge.id) - untiedRefundCents(purchase, charge.id);
    if (amountCents <= 0) return;
    const item = unrefundedItems(purchase, charge.id).find((each) => each.priceCents === amountCents);
    const inserted = await insertProviderRefund(trx, {
      orderId: charge.id,
      totalCents,
      amountCents,
      item: item?.key ?? null,
      seenAt: now,
    });
    if (!inserted) return;
    const event: OrderEvent = {
      type: 'part_refunded',
      order: charge,
      at: now,
      refund: { amountCents, items: item ? [item.key] : [], providerTotalCents: totalCents },
      atProvider: true,
    };
    await deps.events.publish(trx, event);
    published.push(event);
  });
  for (const event of published) await deps.events.committed(event);
  return published.length > 0;
}
