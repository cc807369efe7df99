import { guaranteeEndsAt, type GuaranteeView } from '../../shared/refunds.ts';
import { chargesOf, ledgerOf, refundableItems, refundsOf, type PurchaseRecord } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import type { RefundRow } from './refunds-repository.ts';
import type { RefundsDeps, RefundsConfig } from './refunds-deps.ts';

/**
 * The whole purchase's guarantee: open while a paid item is in its own window with nothing asked and no dispute open;
 * ends at the latest such window.
 */
export function describeGuarantee(purchase: PurchaseRecord, config: RefundsConfig, now: number, disputeOpen: boolean): GuaranteeView {
  const days = config.guaranteeDays;
  const due = refundableItems(purchase, config, now);
  const main = purchase.main;
  const ends = due.map(({ order }) => guaranteeEndsAt(Number(order.paid_at), days));
  const endsAt = ends.length > 0 ? Math.max(...ends) : guaranteeEndsAt(Number(main.paid_at ?? now), days);
  const refund = latestRefund(purchase);
  const items = ledgerOf(purchase, config).items.flatMap((item) =>
    item.state === 'unpaid' || item.guaranteeEndsAt === null
      ? []
      : [{ title: item.title, state: item.state, endsAt: item.guaranteeEndsAt, windowOpen: now < item.guaranteeEndsAt }],
  );
  return {
    days,
    endsAt,
    // The same answer the request itself would get (buyer-request.ts): the bank, not the seller, returns it now.
    canRequest: due.length > 0 && !disputeOpen,
    disputeOpen,
    request: refund ? { requestedAt: Number(refund.requested_at), status: refund.status, declineReason: refund.decline_reason } : null,
    items,
  };
}

/** The purchase's refund the buyer follows: the latest one they or the seller started (a duplicate's is the shop's own). */
export function latestRefund(purchase: PurchaseRecord): RefundRow | undefined {
  const rows = chargesOf(purchase)
    .flatMap((order) => refundsOf(purchase, order.id))
    .filter((row) => row.origin !== 'duplicate');
  return rows.sort((a, b) => Number(b.requested_at) - Number(a.requested_at))[0];
}

export async function loadGuarantee(
  deps: Pick<RefundsDeps, 'db' | 'config' | 'hasOpenDispute'>,
  orderId: string,
  now: number,
): Promise<GuaranteeView | undefined> {
  const [purchase, disputeOpen] = await Promise.all([loadPurchase(deps.db, orderId), deps.hasOpenDispute(deps.db, orderId)]);
  return purchase ? describeGuarantee(purchase, deps.config, now, disputeOpen) : undefined;
}
