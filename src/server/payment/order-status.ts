import type { OrderStatus } from '../../shared/checkout.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import { findOrderById } from '../orders/order-lookup.ts';
import { settleOrderBankPayments } from '../open-finance/open-finance-service.ts';
import { confirmBankPaid } from './charge-cancellation.ts';
import { recheckOrder } from './payment-confirmation.ts';
import { claimOrderCheck } from '../orders/reconciliation-repository.ts';
import type { OrderRow } from '../orders/orders-repository.ts';

/** A buyer's open modal may make the server ask the gateway at most this often per order. */
export const POLL_RECHECK_INTERVAL_MS = 10_000;

export function publicStatus(order: OrderRow, now: number): OrderStatus {
  if (order.status === 'creating') return 'pending';
  if (order.status === 'pending' && order.expires_at <= now) return 'expired';
  return order.status;
}

/**
 * At most once per POLL_RECHECK_INTERVAL_MS (docs/gateway.md#10-confirming-a-payment), retired charges too; each waiting
 * bank payment under its own claim, so a PIX read a moment before by someone else does not hold back the bank's.
 */
export async function refreshWaitingOrder(deps: OrdersDeps, order: OrderRow, now: number): Promise<OrderRow> {
  const payable = order.status === 'pending' || (order.status === 'failed' && order.provider_closed_at === null && order.expires_at > now);
  if (!payable || !order.charge_id) return order;
  const read = (await claimOrderCheck(deps.db, order.id, now, POLL_RECHECK_INTERVAL_MS)) ? await recheckOrder(deps, order) : order;
  if ((await settleOrderBankPayments(deps, order.id, now, POLL_RECHECK_INTERVAL_MS, confirmBankPaid)) === 0) return read;
  return (await findOrderById(deps.db, order.id)) ?? read;
}
