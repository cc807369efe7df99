import type { Kysely, Transaction } from 'kysely';
import { disputeRefundGuard } from '../../content/disputes.ts';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { RefundOrigin } from '../../shared/refunds.ts';
import type { Database } from '../db/schema.ts';
import { chargesOf, refundsOf, type PurchaseRecord } from '../purchase/purchase-ledger.ts';
import { isProviderId, providerDescriptor } from '../gateway/provider-registry.ts';
import { queueGatewayRefund } from './gateway-refund.ts';
import { approveRefund, insertRefundRequest, setGatewayState } from './refunds-repository.ts';
import type { RefundsConfig, RefundsDeps } from './refunds-deps.ts';
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

/** What an approval needs: the settings, and the dispute guard disputes/ answers (refunds/ may not import it). */
export type Approvals = Pick<RefundsDeps, 'hasOpenDispute'> & { config: RefundsConfig };

/** Who approves or asks: the buyer, the seller (`disputeConfirmed`: confirmed a second time while a dispute is open), the shop. */
export type Approver = { by: 'buyer' } | { by: 'seller'; disputeConfirmed: boolean } | { by: 'auto' };

/** Thrown inside the approval's transaction, so nothing of it is written: the buyer's request or an unconfirmed seller's. */
export class RefundHeldForDispute extends Error {
  constructor(readonly approver: 'buyer' | 'seller') {
    super(`refund by the ${approver} held: the purchase has a dispute open`);
    this.name = 'RefundHeldForDispute';
  }
}

/**
 * The one dispute guard of refunds (docs/disputes.md#never-twice), asked in the approval's transaction: the MED may
 * return the money too. The buyer's request and the seller's unconfirmed decision are refused (thrown); the shop's own
 * approval stands, listed for the seller, but its gateway call is held (`hold`). The buyer's request asks it first, even
 * where the seller decides; every approval asks it in `recordApproval`.
 */
export async function askDisputeGuard(
  trx: Kysely<Database> | Transaction<Database>,
  approvals: Approvals,
  orderId: string,
  approver: Approver,
) {
  if (approver.by === 'seller' && approver.disputeConfirmed) return 'go';
  if (!(await approvals.hasOpenDispute(trx, orderId))) return 'go';
  if (approver.by === 'auto') return 'hold';
  throw new RefundHeldForDispute(approver.by);
}

/**
 * Every approval of a refund goes through here, in the transaction that wrote its rows: the dispute guard first, then
 * its fact on the record and, with GATEWAY_REFUNDS=1, the gateway call. `again`: the seller's "try again" after a
 * failed call, a new attempt of rows approved before (no new fact).
 */
export async function recordApproval(
  trx: Transaction<Database>,
  approvals: Approvals,
  orderId: string,
  input: { approver: Approver; attempt: number; now: number; byHand?: boolean; again?: boolean },
): Promise<void> {
  const guard = await askDisputeGuard(trx, approvals, orderId, input.approver);
  if (!input.again) {
    const detail = input.approver.by === 'auto' ? 'auto' : 'seller';
    await recordEvidence(trx, { orderId, at: input.now, kind: 'refund_approved', detail });
  }
  // What the gateway cannot give back (part of a charge at a provider that refunds whole ones only) is refunded by hand.
  if (!approvals.config.gatewayRefunds || input.byHand) return;
  if (guard === 'hold') await setGatewayState(trx, orderId, 'failed', disputeRefundGuard.automaticSkipped, input.now);
  else await queueGatewayRefund(trx, orderId, input.attempt, input.now);
}

/** Approved with no one asked: at the gateway when the charge goes back whole and the settings allow, else listed. */
export async function approveAtOnce(
  trx: Transaction<Database>,
  approvals: Approvals,
  orderId: string,
  items: Parameters<typeof approveRefund>[1]['items'],
  atGateway: boolean,
  origin: RefundOrigin,
  at: number,
): Promise<void> {
  const gateway = approvals.config.gatewayRefunds && atGateway;
  const rows = await approveRefund(trx, { orderId, items, origin, by: 'auto', gateway, now: at });
  if (rows.length > 0) await recordApproval(trx, approvals, orderId, { approver: { by: 'auto' }, attempt: 0, now: at, byHand: !atGateway });
}

/** One charge's items asked back, approved at once when `autoApprove`; the keys newly asked (none: already asked). */
export async function askRefund(
  trx: Transaction<Database>,
  approvals: Approvals,
  purchase: PurchaseRecord,
  request: Omit<Parameters<typeof insertRefundRequest>[1], 'gateway' | 'origin'> & { detail: string | null },
): Promise<OrderItemKey[]> {
  const { orderId, items, now, autoApprove, detail, ...asked } = request;
  const { config } = approvals;
  const atGateway = gatewayTakes(
    purchase,
    orderId,
    items.map((item) => item.key),
  );
  const keys = await insertRefundRequest(trx, { ...asked, orderId, items, now, autoApprove, gateway: config.gatewayRefunds && atGateway });
  if (keys.length === 0) return keys;
  await recordEvidence(trx, { orderId, at: now, kind: 'refund_requested', detail });
  if (autoApprove) await recordApproval(trx, approvals, orderId, { approver: { by: 'auto' }, attempt: 0, now, byHand: !atGateway });
  return keys;
}
