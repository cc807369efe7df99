import type { ChargeRecord, ProviderDispute } from '../../pix-provider.ts';
import type { MercadoPagoPayment } from './mercadopago-parse.ts';

/**
 * From the payment's status alone ("Get payment", mercadopago.com.br/developers/en/reference/payments/_payments_id/get): `in_mediation`
 * holds the money; `charged_back` returned it, so the dispute is lost. No deadline nor payer; its chargebacks API is for cards.
 */
export function paymentDispute(payment: MercadoPagoPayment): Pick<ChargeRecord, 'dispute' | 'disputeReturnedCents'> {
  const state = payment.rawStatus === 'in_mediation' ? 'open' : payment.rawStatus === 'charged_back' ? 'lost' : null;
  if (state === null) return {};
  const dispute: ProviderDispute = {
    disputeId: payment.id,
    chargeId: payment.id,
    endToEndId: null,
    amountCents: payment.amountCents,
    state,
    rawStatus: payment.rawStatus!,
    defenceDueAt: null,
    payer: null,
  };
  return state === 'lost' ? { dispute, disputeReturnedCents: payment.amountCents } : { dispute };
}
