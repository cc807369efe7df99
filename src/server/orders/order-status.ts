import { checkout as copy } from '../../content/checkout.ts';
import type { OrderStatus, OrderStatusReply } from '../../shared/checkout.ts';
import { modalAccessLink } from '../access/access-service.ts';
import { recheckOrder, type ConfirmationDeps } from './payment-confirmation.ts';
import { claimOrderCheck, findOrderById, type OrderRow } from './orders-repository.ts';

/** A buyer's open modal may make the server ask the gateway at most this often per order. */
export const POLL_RECHECK_INTERVAL_MS = 10_000;

/** The status a buyer sees: a pending charge past its lifetime reads as expired. */
export function publicStatus(order: OrderRow, now: number): OrderStatus {
  if (order.status === 'creating') return 'pending';
  if (order.status === 'pending' && order.expires_at <= now) return 'expired';
  return order.status;
}

/**
 * A buyer's page waits on this order: while it is pending, ask the gateway again, at most once per
 * POLL_RECHECK_INTERVAL_MS per order across every instance and page (docs/gateway.md#10-confirming-a-payment).
 */
export async function refreshWaitingOrder(deps: ConfirmationDeps, order: OrderRow, now: number): Promise<OrderRow> {
  if (order.status === 'pending' && order.transaction_hash && (await claimOrderCheck(deps.db, order.id, now, POLL_RECHECK_INTERVAL_MS))) {
    return recheckOrder(deps, order);
  }
  return order;
}

/**
 * GET /api/orders/:id — and, while the order waits, a throttled re-check at the gateway. Once
 * paid, the access link goes only to the tab that created the order (`viewKey`), shortly after
 * payment; anyone else is told it went by e-mail.
 */
export async function describeOrderStatus(
  deps: ConfirmationDeps,
  orderId: string,
  viewKey?: string,
): Promise<OrderStatusReply | undefined> {
  const found = await findOrderById(deps.db, orderId);
  if (!found) return undefined;
  const now = deps.now?.() ?? Date.now();
  const order = await refreshWaitingOrder(deps, found, now);
  const status = publicStatus(order, now);
  if (status !== 'paid') return { status };
  const accessUrl = await modalAccessLink(deps.db, order, viewKey, now);
  return accessUrl ? { status, accessUrl } : { status, accessNote: copy.paid.sentByEmail };
}
