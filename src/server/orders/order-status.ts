import type { OrderStatus } from '../../shared/checkout.ts';
import { paths } from '../../shared/routes.ts';
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

export interface OrderStatusView {
  status: OrderStatus;
  /** Present once paid: the member page link (the buyer's browser is the only one knowing the order id). */
  accessUrl?: string;
}

/** GET /api/orders/:id — and, while the order waits, a throttled re-check at the gateway. */
export async function describeOrderStatus(deps: ConfirmationDeps, orderId: string): Promise<OrderStatusView | undefined> {
  let order = await findOrderById(deps.db, orderId);
  if (!order) return undefined;
  const now = deps.now?.() ?? Date.now();
  if (order.status === 'pending' && order.transaction_hash && (await claimOrderCheck(deps.db, order.id, now, POLL_RECHECK_INTERVAL_MS))) {
    order = await recheckOrder(deps, order);
  }
  const status = publicStatus(order, now);
  return status === 'paid' && order.access_token
    ? { status, accessUrl: `${paths.access}/${order.access_token}` }
    : { status };
}
