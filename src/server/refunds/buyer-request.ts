import type { Transaction } from 'kysely';
import { disputeRefundGuard } from '../../content/disputes.ts';
import { refundApi, refundReasonLabels } from '../../content/refunds.ts';
import type { OrderItem } from '../../shared/checkout.ts';
import type { GuaranteeView, RefundReason, RefundRequestInput } from '../../shared/refunds.ts';
import type { Database } from '../db/schema.ts';
import { closeUnpaidOrder } from '../orders/order-transitions.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { chargesOf, refundableItems, unaskedItems, type PurchaseRecord } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { loadGuarantee } from './buyer-guarantee.ts';
import { askDisputeGuard, askRefund, RefundHeldForDispute } from './refund-approval.ts';
import { queueReceivedEmail } from './refund-email.ts';
import type { RefundsDeps } from './refunds-deps.ts';

export type RefundRequestResult = { kind: 'ok'; guarantee: GuaranteeView } | { kind: 'refused'; status: 409 | 422; message: string };

function reasonText(reason: RefundReason | null, note: string | null): string {
  return [reason ? refundReasonLabels[reason] : null, note].filter(Boolean).join(' — ');
}

const priceOf = (items: readonly Pick<OrderItem, 'priceCents'>[]) => items.reduce((sum, item) => sum + item.priceCents, 0);

/** The buyer's "Pedir reembolso" (docs/money.md#refunds): every paid item still inside its own window, in one transaction. */
export async function requestRefund(
  deps: RefundsDeps,
  orderId: string,
  input: RefundRequestInput,
  now: number,
): Promise<RefundRequestResult> {
  const { config } = deps;
  const reason = input.reason ?? null;
  const note = input.note ? input.note : null;
  const auto = config.refundMode === 'auto';
  const outcome = await deps.db
    .transaction()
    .execute(async (trx) => {
      await askDisputeGuard(trx, deps, orderId, { by: 'buyer' });
      const purchase = await loadPurchase(trx, orderId);
      if (!purchase || !chargesOf(purchase).some((order) => order.status === 'paid')) return 'not_paid' as const;
      const due = refundableItems(purchase, config, now);
      if (due.length === 0) {
        const unasked = chargesOf(purchase).some((order) => order.status === 'paid' && unaskedItems(purchase, order.id, false).length > 0);
        return unasked ? ('window_closed' as const) : ('already' as const);
      }
      const asked: OrderRow[] = [];
      let amountCents = 0;
      for (const { order, items } of due) {
        const keys = await askRefund(trx, deps, purchase, {
          orderId: order.id,
          items,
          reason,
          note,
          now,
          autoApprove: auto,
          detail: reasonText(reason, note) || null,
        });
        if (keys.length === 0) continue;
        asked.push(order);
        amountCents += priceOf(items.filter((item) => keys.includes(item.key)));
      }
      if (asked.length === 0) return 'already' as const;
      await closeAddonOffer(trx, purchase, now);
      await queueReceivedEmail(trx, { mainId: purchase.main.id, orders: asked, auto, amountCents, now });
      return 'ok' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof RefundHeldForDispute) return 'disputed' as const;
      throw error;
    });
  // The truth, and no refund call: the buyer's bank is already deciding whether the money goes back (docs/disputes.md).
  if (outcome === 'disputed') return { kind: 'refused', status: 409, message: disputeRefundGuard.buyerAnswer };
  if (outcome === 'not_paid') return { kind: 'refused', status: 422, message: refundApi.notPaid };
  if (outcome === 'window_closed')
    return { kind: 'refused', status: 422, message: refundApi.windowClosed(config.guaranteeDays, config.mail.supportEmail) };
  if (outcome === 'already') return { kind: 'refused', status: 409, message: refundApi.alreadyRequested };
  deps.runOutbox();
  const guarantee = await loadGuarantee(deps, orderId, now);
  return guarantee ? { kind: 'ok', guarantee } : { kind: 'refused', status: 422, message: refundApi.notPaid };
}

/** A refund request closes the add-on offer (docs/money.md#invariants); if paid anyway, it is refunded with the rest. */
async function closeAddonOffer(trx: Transaction<Database>, purchase: PurchaseRecord, now: number): Promise<void> {
  for (const addon of purchase.addons) {
    if (addon.status === 'pending' || addon.status === 'creating') {
      await closeUnpaidOrder(trx, addon.id, now);
    }
  }
}
