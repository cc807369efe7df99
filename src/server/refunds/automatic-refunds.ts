// Refunds nobody asked for: money the shop cannot keep (docs/money.md#invariants), approved at once where settings allow, else listed.
import type { Transaction } from 'kysely';
import type { OrderItemKey } from '../../shared/checkout.ts';
import type { Database } from '../db/schema.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import { findPaidOrdersSharingItems } from '../orders/order-lookup.ts';
import { itemsOfOrder } from '../purchase/purchase-items.ts';
import { ledgerOf, mainNeverPaid, refundsOf, unaskedItems } from '../purchase/purchase-ledger.ts';
import { loadPurchase } from '../purchase/purchase-service.ts';
import { approveAtOnce, askRefund, gatewayTakes, recordApproval, type Approvals } from './refund-approval.ts';
import { approveRefund, insertRefundRequest, reopenDeclinedRefunds } from './refunds-repository.ts';
import { recordEvidence } from '../evidence/delivery-record.ts';

/** An add-on paid before its main, whose PIX expired (docs/money.md#one-payable-pix), goes back whole. */
export async function refundAddonsOfUnpaidMain(
  trx: Transaction<Database>,
  approvals: Approvals,
  orderId: string,
  at: number,
): Promise<void> {
  const purchase = await loadPurchase(trx, orderId);
  if (!purchase || purchase.main.id !== orderId || !mainNeverPaid(purchase.main)) return;
  for (const addon of purchase.addons) {
    if (addon.status === 'paid') await refundAddonOfRefundedPurchase(trx, approvals, addon, at);
  }
}

/** A paid charge always ends delivered or refunded (docs/money.md#invariants): a late add-on goes back with its purchase. */
export async function refundAddonOfRefundedPurchase(
  trx: Transaction<Database>,
  approvals: Approvals,
  order: OrderRow,
  at: number,
): Promise<void> {
  if (order.kind !== 'addon' || !order.parent_order_id) return;
  const purchase = await loadPurchase(trx, order.id);
  if (!purchase) return;
  const parentRefunds = refundsOf(purchase, purchase.main.id).filter((row) => row.status !== 'declined');
  const parentGone = purchase.main.status === 'reversed' || parentRefunds.length > 0 || mainNeverPaid(purchase.main);
  if (!parentGone) return;
  const asked = parentRefunds.find((row) => row.status === 'requested');
  await askRefund(trx, approvals, purchase, {
    orderId: order.id,
    items: unaskedItems(purchase, order.id, false),
    reason: asked?.reason ?? parentRefunds[0]?.reason ?? null,
    note: null,
    now: at,
    autoApprove: !asked,
    detail: null,
  });
}

/** A reversed main takes its paid add-ons (docs/money.md#invariants): auto-approved in auto mode, else listed. */
export async function refundAddonsOfReversedMain(
  trx: Transaction<Database>,
  approvals: Approvals,
  order: OrderRow,
  at: number,
): Promise<void> {
  if (order.kind !== 'main') return;
  const purchase = await loadPurchase(trx, order.id);
  if (!purchase) return;
  const auto = approvals.config.refundMode === 'auto';
  for (const addon of purchase.addons) {
    if (addon.status !== 'paid') continue;
    const fresh = unaskedItems(purchase, addon.id, true);
    if (fresh.length === 0) continue;
    const atGateway = gatewayTakes(
      purchase,
      addon.id,
      fresh.map((item) => item.key),
    );
    if (auto) {
      await approveAtOnce(trx, approvals, addon.id, fresh, atGateway, 'reversal', at);
      continue;
    }
    const reopened = await reopenDeclinedRefunds(trx, addon.id, at);
    const keys = await insertRefundRequest(trx, {
      orderId: addon.id,
      items: fresh,
      origin: 'reversal',
      reason: null,
      note: null,
      now: at,
      autoApprove: false,
      gateway: false,
    });
    if (keys.length > 0 || reopened > 0) await recordEvidence(trx, { orderId: addon.id, at, kind: 'refund_requested', detail: null });
  }
}

/** Items already owned are refunded (docs/money.md#duplicates): at the gateway with GATEWAY_REFUNDS=1 where it can, else listed. */
export async function refundOwnedItems(
  trx: Transaction<Database>,
  approvals: Approvals,
  { order, original, at }: { order: OrderRow; original: OrderRow; at: number },
): Promise<void> {
  const owned = await ownedItems(trx, order, original);
  const purchase = await loadPurchase(trx, order.id);
  if (owned.length === 0 || !purchase) return;
  const items = (purchase.items.get(order.id) ?? []).filter((item) => owned.includes(item.key));
  const atGateway = gatewayTakes(
    purchase,
    order.id,
    items.map((item) => item.key),
  );
  const rows = await approveRefund(trx, {
    orderId: order.id,
    items,
    origin: 'duplicate',
    by: 'auto',
    gateway: approvals.config.gatewayRefunds && atGateway,
    now: at,
  });
  if (rows.length > 0)
    await recordApproval(trx, approvals, order.id, { approver: { by: 'auto' }, attempt: 0, now: at, byHand: !atGateway });
}

/** What the buyer holds through any paid order since the original, not only the original (docs/money.md#duplicates). */
async function ownedItems(trx: Transaction<Database>, order: OrderRow, original: OrderRow): Promise<OrderItemKey[]> {
  const have = new Set<OrderItemKey>();
  for (const earlier of await findPaidOrdersSharingItems(trx, order, Number(original.paid_at ?? 0))) {
    const purchase = await loadPurchase(trx, earlier.id);
    if (!purchase) continue;
    for (const item of ledgerOf(purchase, { guaranteeDays: 0 }).items)
      if (item.orderId !== order.id && item.state !== 'unpaid' && item.state !== 'refunded') have.add(item.key);
  }
  return (await itemsOfOrder(trx, order.id)).map((item) => item.key).filter((key) => have.has(key));
}

/** A payment nobody can be given (its buyer was erased) goes back whole: at the gateway where allowed, else listed. */
export async function refundUndeliverable(trx: Transaction<Database>, approvals: Approvals, order: OrderRow, at: number): Promise<void> {
  const purchase = await loadPurchase(trx, order.id);
  if (!purchase) return;
  const items = unaskedItems(purchase, order.id, true);
  if (items.length === 0) return;
  const atGateway = gatewayTakes(
    purchase,
    order.id,
    items.map((item) => item.key),
  );
  await approveAtOnce(trx, approvals, order.id, items, atGateway, 'seller', at);
}
