import type { Transaction } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { RefundOrigin } from '../../shared/refunds.ts';
import type { Database } from '../db/schema.ts';
import { chargesOf, refundsOf, type PurchaseRecord } from '../purchase/purchase-ledger.ts';
import { isProviderId, providerDescriptor } from '../gateway/provider-registry.ts';
import { gatewayRefundKind } from './gateway-refund.ts';
import { approveRefund, insertRefundRequest } from './refunds-repository.ts';
import type { RefundsConfig } from './refunds-deps.ts';
import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import { recordEvidence } from '../evidence/delivery-record.ts';

/** These items are the whole charge, with no refund of any of them before: the gateway can give the transaction back. */
export function isWholeCharge(purchase: PurchaseRecord, orderId: string, keys: readonly OrderItemKey[]): boolean {
  const items = purchase.items.get(orderId) ?? [];
  const approvedBefore = refundsOf(purchase, orderId).some((row) => row.status === 'approved' || row.status === 'refunded');
  return !approvedBefore && items.length > 0 && items.every((item) => keys.includes(item.key));
}

/** The charge's provider refunds part of a charge through its API (capability `partialRefunds`: Woovi, Mercado Pago, Efí). */
export function refundsPartAtGateway(purchase: PurchaseRecord, orderId: string): boolean {
  const order = chargesOf(purchase).find((charge) => charge.id === orderId);
  return order !== undefined && isProviderId(order.provider) && providerDescriptor(order.provider).capabilities.partialRefunds;
}

/** The whole charge anywhere, part of it where the provider refunds parts; else by hand (docs/refunds.md#at-the-gateway). */
export function gatewayTakes(purchase: PurchaseRecord, orderId: string, keys: readonly OrderItemKey[]): boolean {
  return keys.length > 0 && (isWholeCharge(purchase, orderId, keys) || refundsPartAtGateway(purchase, orderId));
}

export async function recordApproval(
  trx: Transaction<Database>,
  config: RefundsConfig,
  orderId: string,
  input: { by: 'seller' | 'auto'; attempt: number; now: number; byHand?: boolean },
): Promise<void> {
  await recordEvidence(trx, { orderId, at: input.now, kind: 'refund_approved', detail: input.by === 'auto' ? 'auto' : 'seller' });
  // What the gateway cannot give back (part of a charge at a provider that refunds whole ones only) is refunded by hand.
  if (config.gatewayRefunds && !input.byHand) {
    await enqueueOutboxMessage(trx, { orderId, kind: gatewayRefundKind(input.attempt), payload: {}, now: input.now });
  }
}

/** Approved with no one asked: at the gateway when the charge goes back whole and the settings allow, else listed. */
export async function approveAtOnce(
  trx: Transaction<Database>,
  config: RefundsConfig,
  orderId: string,
  items: Parameters<typeof approveRefund>[1]['items'],
  atGateway: boolean,
  origin: RefundOrigin,
  at: number,
): Promise<void> {
  const rows = await approveRefund(trx, { orderId, items, origin, by: 'auto', gateway: config.gatewayRefunds && atGateway, now: at });
  if (rows.length > 0) await recordApproval(trx, config, orderId, { by: 'auto', attempt: 0, now: at, byHand: !atGateway });
}

/** One charge's items asked back, approved at once when `autoApprove`; the keys newly asked (none: already asked). */
export async function askRefund(
  trx: Transaction<Database>,
  config: RefundsConfig,
  purchase: PurchaseRecord,
  request: Omit<Parameters<typeof insertRefundRequest>[1], 'gateway' | 'origin'> & { detail: string | null },
): Promise<OrderItemKey[]> {
  const { orderId, items, now, autoApprove, detail, ...asked } = request;
  const atGateway = gatewayTakes(
    purchase,
    orderId,
    items.map((item) => item.key),
  );
  const keys = await insertRefundRequest(trx, { ...asked, orderId, items, now, autoApprove, gateway: config.gatewayRefunds && atGateway });
  if (keys.length === 0) return keys;
  await recordEvidence(trx, { orderId, at: now, kind: 'refund_requested', detail });
  if (autoApprove) await recordApproval(trx, config, orderId, { by: 'auto', attempt: 0, now, byHand: !atGateway });
  return keys;
}
