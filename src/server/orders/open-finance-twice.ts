import type { EfiProvider } from '../gateway/providers/efi/efi-provider.ts';
import { OpenFinanceError, refundOpenFinancePayment, type OpenFinanceApi } from '../gateway/providers/efi/open-finance-client.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { claimOpenFinanceReturn, findPaidOpenFinance, releaseOpenFinanceReturn } from './open-finance-repository.ts';

/** The Open Finance payment goes back through `…/devolver`, claimed once; the order stays one sale, paid by PIX. */
export async function returnBankPayment(deps: OrdersDeps, api: OpenFinanceApi, paymentId: string, cents: number, orderId: string) {
  if (!(await claimOpenFinanceReturn(deps.db, paymentId, deps.now?.() ?? Date.now()))) return;
  try {
    await refundOpenFinancePayment(api, paymentId, cents);
    deps.logger.warn('Paid twice (PIX and Open Finance): the Open Finance payment was returned', { order: orderId });
  } catch (error) {
    if (!(error instanceof OpenFinanceError)) throw error;
    if (!error.uncertain) await releaseOpenFinanceReturn(deps.db, paymentId);
    deps.logger.error('Open Finance payment paid twice not returned', { order: orderId, error: error.message });
  }
}

/** The order's PIX read paid after it was paid in the bank's app (the cancel lost): the Open Finance payment goes back. */
export async function returnIfPaidInBankAppToo(deps: OrdersDeps, orderId: string): Promise<void> {
  const api = (deps.payments.get('efi') as EfiProvider | undefined)?.openFinance;
  const row = api ? await findPaidOpenFinance(deps.db, orderId) : undefined;
  if (!api || !row) return;
  await returnBankPayment(deps, api, row.payment_id, row.amount_cents, orderId);
}
