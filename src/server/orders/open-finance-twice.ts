import type { BankRail } from './open-finance-rails.ts';
import { isBankRailFailure, railOf } from './open-finance-rails.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { claimOpenFinanceReturn, findPaidOpenFinance, releaseOpenFinanceReturn } from './open-finance-repository.ts';

/** The Open Finance payment goes back (Efí's `…/devolver`, Mercado Pago's refund), claimed once; the order stays one sale, paid by PIX. */
export async function returnBankPayment(deps: OrdersDeps, rail: BankRail, paymentId: string, cents: number, orderId: string) {
  if (!(await claimOpenFinanceReturn(deps.db, paymentId, deps.now?.() ?? Date.now()))) return;
  try {
    await rail.giveBack(cents);
    deps.logger.warn('Paid twice (PIX and Open Finance): the Open Finance payment was returned', { order: orderId });
  } catch (error) {
    if (!isBankRailFailure(error)) throw error;
    if (!error.uncertain) await releaseOpenFinanceReturn(deps.db, paymentId);
    deps.logger.error('Open Finance payment paid twice not returned', { order: orderId, error: error.message });
  }
}

/** The order's PIX read paid after it was paid in the bank's app (the cancel lost): the Open Finance payment goes back. */
export async function returnIfPaidInBankAppToo(deps: OrdersDeps, orderId: string): Promise<void> {
  const row = await findPaidOpenFinance(deps.db, orderId);
  const rail = row ? railOf(deps, row) : null;
  if (!row || !rail) return;
  await returnBankPayment(deps, rail, row.payment_id, row.amount_cents, orderId);
}
