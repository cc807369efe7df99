import { enqueueOutboxMessage } from '../outbox/outbox-queue.ts';
import type { BankRail } from './open-finance-rails.ts';
import { isBankRailFailure, railOf } from './open-finance-rails.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { chargesOf, refundsOf } from './purchase-ledger.ts';
import { loadPurchase } from './purchase-service.ts';
import { claimOpenFinanceReturn, findPaidOpenFinance, releaseOpenFinanceReturn } from './open-finance-repository.ts';

/** The buyer's e-mail that one of the two payments goes back (bank-returns/bank-return-email.ts), once per order. */
export const BANK_RETURN_KIND = 'bank_return';

/** The Open Finance payment goes back (Efí's `…/devolver`, Mercado Pago's refund), claimed once; the order stays one sale, paid by PIX. */
export async function returnBankPayment(deps: OrdersDeps, rail: BankRail, paymentId: string, cents: number, orderId: string) {
  const now = deps.now?.() ?? Date.now();
  if (!(await claimOpenFinanceReturn(deps.db, paymentId, now))) return;
  try {
    await rail.giveBack(cents);
    deps.logger.warn('Paid twice (PIX and Open Finance): the Open Finance payment was returned', { order: orderId });
    await enqueueOutboxMessage(deps.db, { orderId, kind: BANK_RETURN_KIND, payload: { amountCents: cents }, now });
  } catch (error) {
    if (!isBankRailFailure(error)) throw error;
    if (!error.uncertain) await releaseOpenFinanceReturn(deps.db, paymentId);
    deps.logger.error('Open Finance payment paid twice not returned', { order: orderId, error: error.message });
  }
}

/**
 * The order's PIX read paid after it was paid in the bank's app (the cancel lost): the Open Finance payment goes back.
 * Also when the seller had already given the money back by hand ("Marcar como reembolsado": nothing asked of the provider):
 * the provider then holds both payments for a purchase the buyer no longer has, and one of them is still owed back.
 */
export async function returnIfPaidInBankAppToo(deps: OrdersDeps, orderId: string): Promise<void> {
  if (!(await holdsBothPayments(deps, orderId))) return;
  const row = await findPaidOpenFinance(deps.db, orderId);
  const rail = row ? railOf(deps, row) : null;
  if (!row || !rail) return;
  await returnBankPayment(deps, rail, row.payment_id, row.amount_cents, orderId);
}

/** Paid, or returned only by the seller's own hand: every refund recorded was marked, none asked of the provider. */
async function holdsBothPayments(deps: Pick<OrdersDeps, 'db'>, orderId: string): Promise<boolean> {
  const purchase = await loadPurchase(deps.db, orderId);
  const order = purchase ? chargesOf(purchase).find((charge) => charge.id === orderId) : undefined;
  if (!purchase || !order) return false;
  if (order.status === 'paid') return true;
  if (order.status !== 'reversed' || Number(order.med_returned_cents) > 0) return false;
  const refunds = refundsOf(purchase, orderId).filter((refund) => refund.status === 'refunded');
  return refunds.length > 0 && refunds.every((refund) => refund.gateway_called_at === null);
}
