import { expect } from 'vitest';
import type { StandInRig } from '../../provider-rig.ts';
import { type MercadoPagoStandIn, mercadoPagoVariables, startMercadoPagoStandIn } from './mercadopago-stand-in.ts';

/** Mercado Pago's stand-in as the end-to-end tests through the real server drive it (tests/integration/checkout/provider-checkout.test.ts). */
export async function mercadoPagoRig(): Promise<StandInRig> {
  const standIn: MercadoPagoStandIn = await startMercadoPagoStandIn();
  const payment = (id: string) => standIn.payments.get(Number(id))!;
  return {
    env: mercadoPagoVariables(standIn),
    codeOf: (id) => payment(id).qrCode,
    charges: () => standIn.payments.size,
    async payAndNotify(_server, id) {
      standIn.pay(id);
      expect((await standIn.notify(id)).status).toBe(200);
    },
    readsOf: (id) => standIn.requests.filter((request) => request.method === 'GET' && request.path === `/v1/payments/${id}`).length,
    refundsOf: (id) => payment(id).refunds.map((refund) => refund.amountCents),
    stop: () => standIn.stop(),
  };
}
