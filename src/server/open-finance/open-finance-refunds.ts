/** Refunds of an order paid in the buyer's bank app go back through that payment, never the cancelled PIX (docs/payments.md#open-finance). */
import { OpenFinanceError, type ChargeRefunder, type OpenFinancePayment } from '../gateway/open-finance.ts';
import type { ChargeRecord, RefundRecord } from '../gateway/pix-provider.ts';
import { GatewayError } from '../gateway/types.ts';
import { railOf } from './open-finance-rails.ts';
import { findPaidOpenFinance } from './open-finance-repository.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';

function asGatewayError(error: unknown): never {
  if (!(error instanceof OpenFinanceError)) throw error;
  // Only a refusal is final; anything else is read again before another call.
  throw new GatewayError(error.message, 'refund', error.status ?? undefined, error.failure !== 'refused');
}

const CHARGE_STATES = {
  paid: 'paid',
  pending: 'pending',
  unknown: 'unknown',
  failed: 'failed',
  expired: 'failed',
  cancelled: 'failed',
} as const;

/** The payment as a charge: reversed once its done refunds cover it, refunding while one is pending. */
function chargeOf(paymentId: string, read: OpenFinancePayment | null, fallbackCents: number): ChargeRecord {
  const amountCents = read?.amountCents ?? fallbackCents;
  const done = (read?.refunds ?? [])
    .filter((refund) => refund.state === 'done')
    .reduce((sum, refund) => sum + (refund.amountCents ?? 0), 0);
  const pending = (read?.refunds ?? []).some((refund) => refund.state === 'pending');
  let state: ChargeRecord['state'] = read ? CHARGE_STATES[read.state] : 'unknown';
  if (state === 'paid' && done >= amountCents) state = 'reversed';
  else if (state === 'paid' && pending) state = 'refunding';
  return {
    chargeId: paymentId,
    amountCents,
    state,
    rawStatus: read?.rawStatus ?? null,
    endToEndId: read?.endToEndId ?? null,
    refundedCents: done,
  };
}

/** A return is answered without its id (Efí): the latest refund of the payment stands for the one asked for. */
function latestRefund(read: OpenFinancePayment | null, refundId: string): RefundRecord {
  const refund = read?.refunds.at(-1);
  return { refundId, amountCents: refund?.amountCents ?? null, state: refund?.state ?? 'pending', rawStatus: refund?.rawStatus ?? null };
}

/** Null unless the order was paid through Open Finance (and that payment not returned) and its provider's mode is on. */
export async function openFinanceRefunder(deps: OrdersDeps, orderId: string): Promise<ChargeRefunder | null> {
  const row = await findPaidOpenFinance(deps.db, orderId);
  const rail = row ? railOf(deps, row) : null;
  if (!row || !rail) return null;
  if (rail.refunder) return rail.refunder;
  const read = () => rail.read().catch(asGatewayError);
  return {
    async getCharge() {
      return chargeOf(row.payment_id, await read(), row.amount_cents);
    },
    async refund(_charge, input) {
      const answer = await rail.refund(input.amountCents, input.refundId).catch(asGatewayError);
      return { refundId: input.refundId, amountCents: answer.amountCents, state: answer.state, rawStatus: answer.rawStatus };
    },
    async getRefund(_charge, refundId) {
      return latestRefund(await read(), refundId);
    },
  };
}
