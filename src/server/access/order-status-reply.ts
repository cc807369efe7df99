import { checkout as copy } from '../../content/checkout.ts';
import type { OrderStatusReply } from '../../shared/checkout.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { publicStatus, refreshWaitingOrder } from '../orders/order-status.ts';
import { findOrderById } from '../orders/orders-repository.ts';
import { modalAccessLink } from './access-service.ts';

/**
 * GET /api/orders/:id — and, while the order waits, a throttled re-check at the gateway. Once
 * paid, the access link goes only to the tab that created the order (`viewKey`), shortly after
 * payment; anyone else is told it went by e-mail.
 */
export async function describeOrderStatus(deps: OrdersDeps, orderId: string, viewKey?: string): Promise<OrderStatusReply | undefined> {
  const found = await findOrderById(deps.db, orderId);
  if (!found) return undefined;
  const now = deps.now?.() ?? Date.now();
  const order = await refreshWaitingOrder(deps, found, now);
  const status = publicStatus(order, now);
  if (status !== 'paid') return { status };
  const accessUrl = await modalAccessLink(deps.db, order, viewKey, now);
  return accessUrl ? { status, accessUrl } : { status, accessNote: copy.paid.sentByEmail };
}
