/** "Pagar no app do banco" at Efí or Mercado Pago (docs/payments.md#open-finance): each payment read and given back by its provider. */
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { ChargeRecord, PixProvider } from '../gateway/pix-provider.ts';
import type { EfiProvider } from '../gateway/providers/efi/efi-provider.ts';
import { OpenFinanceError, readOpenFinancePayment, refundOpenFinancePayment } from '../gateway/providers/efi/open-finance-client.ts';
import type { OpenFinancePayment } from '../gateway/providers/efi/open-finance-parse.ts';
import type { MercadoPagoOpenFinance, MercadoPagoProvider } from '../gateway/providers/mercadopago/mercadopago-provider.ts';
import { GatewayError } from '../gateway/types.ts';
import type { OrdersDeps } from './orders-deps.ts';

/** `participant_id` of a Mercado Pago payment: the bank is chosen on Mercado Pago's page, never known to us. */
export const MERCADOPAGO_BANK_CHOICE = 'mercadopago';

type Refunder = Pick<PixProvider, 'getCharge' | 'refund' | 'getRefund'>;

export interface BankPaymentRef {
  payment_id: string;
  participant_id: string;
  created_at: number;
  jsr: number | string;
}

export interface BankRail {
  read(): Promise<OpenFinancePayment | null>;
  /** `attempt`: 0, or after Efí rejected that many devoluções, so a new one is not taken for the rejected one. */
  giveBack(cents: number, attempt: number): Promise<void>;
  /** Null: the refund goes through `open-finance-refunds.ts`'s reading of `read()`. */
  refunder: Refunder | null;
}

export type BankRailFailure = OpenFinanceError | GatewayError;

export function isBankRailFailure(error: unknown): error is BankRailFailure {
  return error instanceof OpenFinanceError || error instanceof GatewayError;
}

export function mercadoPagoOpenFinance(deps: OrdersDeps): { provider: MercadoPagoProvider; openFinance: MercadoPagoOpenFinance } | null {
  const provider: MercadoPagoProvider | undefined = deps.payments.get('mercadopago');
  return provider?.openFinance ? { provider, openFinance: provider.openFinance } : null;
}

export function bankRailsOn(deps: OrdersDeps): boolean {
  return Boolean((deps.payments.get('efi') as EfiProvider | undefined)?.openFinance) || mercadoPagoOpenFinance(deps) !== null;
}

/** The one automatic return of a payment made both ways: the same key on a retry, so at most one goes back. */
const returnKey = (paymentId: string, attempt: number) => `openfinance-return-${paymentId}${attempt > 0 ? `-${attempt}` : ''}`;

function mercadoPagoRail(mp: { provider: MercadoPagoProvider; openFinance: MercadoPagoOpenFinance }, paymentId: string): BankRail {
  const charge = (amountCents: number | null): ChargeRecord => ({
    chargeId: paymentId,
    amountCents,
    state: 'paid',
    rawStatus: null,
    endToEndId: null,
    refundedCents: null,
  });
  return {
    read: () => mp.openFinance.read(paymentId),
    async giveBack(cents, attempt) {
      await mp.provider.refund(charge(cents), { refundId: returnKey(paymentId, attempt), amountCents: cents });
    },
    refunder: {
      getCharge: () => mp.provider.getCharge(paymentId),
      refund: (read, input) => mp.provider.refund({ ...read, chargeId: paymentId }, input),
      getRefund: (read, refundId) => mp.provider.getRefund({ ...read, chargeId: paymentId }, refundId),
    },
  };
}

/** The provider a bank payment is read from: its health and pauses are that provider's (background-reads/). */
export function bankRailProvider(row: Pick<BankPaymentRef, 'participant_id'>): ProviderId {
  return row.participant_id === MERCADOPAGO_BANK_CHOICE ? 'mercadopago' : 'efi';
}

export function railOf(deps: OrdersDeps, row: BankPaymentRef): BankRail | null {
  if (row.participant_id === MERCADOPAGO_BANK_CHOICE) {
    const mp = mercadoPagoOpenFinance(deps);
    return mp ? mercadoPagoRail(mp, row.payment_id) : null;
  }
  const api = (deps.payments.get('efi') as EfiProvider | undefined)?.openFinance;
  if (!api) return null;
  return {
    read: () => readOpenFinancePayment(api, row.payment_id, row.created_at, Number(row.jsr) === 1),
    async giveBack(cents, attempt) {
      await refundOpenFinancePayment(api, row.payment_id, cents, returnKey(row.payment_id, attempt));
    },
    refunder: null,
  };
}
