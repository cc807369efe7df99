import { GatewayError } from '../gateway/types.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';
import type { OrderRow } from '../orders/orders-repository.ts';
import type { ConfirmBankPaid } from '../open-finance/open-finance-service.ts';
import { confirmOrderPaid, recheckOrder } from './payment-confirmation.ts';
import { markCancelSent, markChargeClosed } from '../orders/reconciliation-repository.ts';

/**
 * `paid`: the payment won the race and went to the payment confirmation; `unsupported`: payable until it expires;
 * `unknown`: no answer, the reconciler tries again.
 */
export type CancelOutcome = 'cancelled' | 'paid' | 'unsupported' | 'unknown';

/** Retiring a charge in our database is not enough: "one payable PIX" must hold at the provider too (docs/money.md). */
export async function cancelAtProvider(deps: OrdersDeps, order: OrderRow): Promise<CancelOutcome> {
  const provider = deps.payments.get(order.provider);
  if (!provider || !order.charge_id) return 'unknown';
  if (!provider.cancelCharge) return 'unsupported';
  // Before the call: its answer may be lost after the provider acted (payment-confirmation.ts reads it so).
  await markCancelSent(deps.db, order.id, deps.now?.() ?? Date.now());
  try {
    const record = await provider.cancelCharge(order.charge_id);
    if (record.state === 'paid') {
      await recheckOrder(deps, order);
      return 'paid';
    }
    if (record.state === 'failed') {
      await markChargeClosed(deps.db, order.id, deps.now?.() ?? Date.now());
      return 'cancelled';
    }
    return 'unknown';
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.logger.warn('Cancel at the provider failed; retried later', { order: order.id, provider: order.provider, error: error.message });
    return 'unknown';
  }
}

export const confirmBankPaid: ConfirmBankPaid = async (deps, order, now, paymentId) => {
  const paid = await confirmOrderPaid(deps, order, now, paymentId);
  return paid ? (await cancelAtProvider(deps, paid)) === 'paid' : true;
};
