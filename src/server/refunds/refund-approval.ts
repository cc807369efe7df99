import type { Transaction } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { RefundOrigin } from '../../shared/refunds.ts';
import type { Database } from '../db/schema.ts';
import { refundsOf, type PurchaseRecord } from '../purchases/purchase-ledger.ts';
import { gatewayRefundKind } from './gateway-refund.ts';
import { approveRefund, insertRefundRequest } from './refunds-repository.ts';
import type { RefundsConfig } from './refunds-deps.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { recordEvidence } from './delivery-record.ts';

/** These items are the whole charge, with no refund of any of them before: the gateway can give the transaction back. */
export function isWholeCharge(purchase: PurchaseRecord, orderId: string, keys: readonly OrderItemKey[]): boolean {
  const items = purchase.items.get(orderId) ?? [];
  const approvedBefore = refundsOf(purchase, orderId).some((row) => row.status === 'approved' || row.status === 'refunded');
  return !approvedBefore && items.length > 0 && items.every((item) => keys.includes(item.key));
}

/** What an approval sets going, in its transaction: the record, and the gateway call when refunds go through it. */
export async function recordApproval(
  trx: Transaction<Database>,
  config: RefundsConfig,
  orderId: string,
  input: { by: 'seller' | 'auto'; attempt: number; now: number; partial?: boolean },
): Promise<void> {
  await recordEvidence(trx, { orderId, at: input.now, kind: 'refund_approved', detail: input.by === 'auto' ? 'auto' : 'seller' });
  // The gateway refunds a whole transaction: part of one is refunded by hand.
  if (config.gatewayRefunds && !input.partial) {
    await enqueueOutboxMessage(trx, { orderId, kind: gatewayRefundKind(input.attempt), payload: {}, now: input.now });
  }
}

/** Approved with no one asked: at the gateway when the charge goes back whole and the settings allow, else listed. */
export async function approveAtOnce(
  trx: Transaction<Database>,
  config: RefundsConfig,
  orderId: string,
  items: Parameters<typeof approveRefund>[1]['items'],
  whole: boolean,
  origin: RefundOrigin,
  at: number,
): Promise<void> {
  const rows = await approveRefund(trx, { orderId, items, origin, by: 'auto', gateway: config.gatewayRefunds && whole, now: at });
  if (rows.length > 0) await recordApproval(trx, config, orderId, { by: 'auto', attempt: 0, now: at, partial: !whole });
}

/** One charge's items asked back, approved at once when `autoApprove`; the keys newly asked (none: already asked). */
export async function askRefund(
  trx: Transaction<Database>,
  config: RefundsConfig,
  purchase: PurchaseRecord,
  request: Omit<Parameters<typeof insertRefundRequest>[1], 'gateway' | 'origin'> & { detail: string | null },
): Promise<OrderItemKey[]> {
  const { orderId, items, now, autoApprove, detail, ...asked } = request;
  const whole = isWholeCharge(
    purchase,
    orderId,
    items.map((item) => item.key),
  );
  const keys = await insertRefundRequest(trx, { ...asked, orderId, items, now, autoApprove, gateway: config.gatewayRefunds && whole });
  if (keys.length === 0) return keys;
  await recordEvidence(trx, { orderId, at: now, kind: 'refund_requested', detail });
  if (autoApprove) await recordApproval(trx, config, orderId, { by: 'auto', attempt: 0, now, partial: !whole });
  return keys;
}
