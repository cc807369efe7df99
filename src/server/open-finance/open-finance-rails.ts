/** "Pagar no app do banco" (docs/payments.md#open-finance): each payment read and given back through its provider's capability. */
import { isOpenFinanceFailure, type ChargeRefunder, type OpenFinancePayment, type OpenFinanceRefund } from '../gateway/open-finance.ts';
import { bankPaymentProvider, openFinanceProviders } from '../gateway/open-finance-providers.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { OrdersDeps } from '../orders/orders-deps.ts';

export interface BankPaymentRef {
  payment_id: string;
  participant_id: string;
  created_at: number;
  jsr: number | string;
}

export interface BankRail {
  /** The provider the payment is read from: its health and pauses are that provider's (background-reads/). */
  provider: ProviderId;
  read(): Promise<OpenFinancePayment | null>;
  /** `attempt`: 0, or after the provider rejected that many returns, so a new one is not taken for the rejected one. */
  giveBack(cents: number, attempt: number): Promise<void>;
  /** A refund the seller asked for, under its own key. */
  refund(cents: number, key: string): Promise<OpenFinanceRefund>;
  /** Null: the refund goes through `open-finance-refunds.ts`'s reading of `read()`. */
  refunder: ChargeRefunder | null;
}

export const isBankRailFailure = isOpenFinanceFailure;

export function bankRailsOn(deps: OrdersDeps): boolean {
  return openFinanceProviders(deps.payments).length > 0;
}

/** The one automatic return of a payment made both ways: the same key on a retry, so at most one goes back. */
const returnKey = (paymentId: string, attempt: number) => `openfinance-return-${paymentId}${attempt > 0 ? `-${attempt}` : ''}`;

/** The payment's rail at its provider; null while that provider's Open Finance mode is off. */
export function railOf(deps: OrdersDeps, row: BankPaymentRef): BankRail | null {
  const found = bankPaymentProvider(deps.payments, row.participant_id);
  if (!found) return null;
  const { openFinance } = found;
  const payment = { paymentId: row.payment_id, startedAt: Number(row.created_at), jsr: Number(row.jsr) === 1 };
  return {
    provider: found.id,
    read: () => openFinance.readPayment(payment),
    async giveBack(cents, attempt) {
      await openFinance.returnPayment(payment, cents, returnKey(row.payment_id, attempt));
    },
    refund: (cents, key) => openFinance.returnPayment(payment, cents, key),
    refunder: openFinance.chargeRefunder?.(row.payment_id) ?? null,
  };
}
