import { expect } from '@playwright/test';
import type { JourneyRig } from '../../provider-rig.ts';
import { MP_STAND_IN_TOKEN, MP_STAND_IN_WEBHOOK_SECRET, startMercadoPagoStandIn, type MercadoPagoStandIn } from './mercadopago-stand-in.ts';

/** Mercado Pago's stand-in as the browser journeys (tests/e2e/) drive it. */
export function mercadoPagoEnv(standIn: { url: string }, token = MP_STAND_IN_TOKEN): Record<string, string> {
  return { MERCADOPAGO_ACCESS_TOKEN: token, MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET, MERCADOPAGO_API_URL: standIn.url };
}

export async function mercadoPagoRig(): Promise<JourneyRig & { standIn: MercadoPagoStandIn }> {
  const standIn = await startMercadoPagoStandIn();
  const payment = (chargeId: string) => standIn.payments.get(Number(chargeId))!;
  return {
    standIn,
    env: { PAYMENT_PROVIDERS: 'mercadopago', ...mercadoPagoEnv(standIn) },
    pixCode: (chargeId) => payment(chargeId).qrCode,
    async pay(chargeId) {
      standIn.pay(chargeId);
      // To the payment's notification_url, which the server built from PUBLIC_URL.
      expect((await standIn.notify(chargeId)).status).toBe(200);
    },
    // Mercado Pago approves the refund in its answer.
    settleRefund: async () => undefined,
    refundsInCents: (chargeId) => payment(chargeId).refunds.map((refund) => refund.amountCents),
    chargeIds: () => [...standIn.payments.keys()].map(String),
    stop: () => standIn.stop(),
  };
}
