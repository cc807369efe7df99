import type { ChargeRecord, ProviderDispute } from '../../pix-provider.ts';
import type { MercadoPagoPayment } from './mercadopago-parse.ts';

/**
 * A payment's contestation, from its status alone (Payments API reference, "Get payment",
 * mercadopago.com.br/developers/en/reference/payments/_payments_id/get): `in_mediation`, "the user started a dispute",
 * holds the money (the payment reads neither paid nor reversed); `charged_back` returned it to the payer, so the
 * dispute is lost and the whole amount went back by it, not by the seller (docs/disputes.md). Mercado Pago names no
 * deadline nor payer here, and its chargebacks API is for cards: the seller answers in its panel (no `defend`).
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
