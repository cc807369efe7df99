import type { Db } from '../../src/server/db/database.ts';
import { startAbacatepayStandIn, type AbacatepayStandIn } from '../support/stand-ins/abacatepay-stand-in.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../support/stand-ins/mercadopago-stand-in.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';
import { sandboxSays } from './sandbox-payment.ts';
import type { TestServer } from './test-server.ts';

/**
 * Where the model's buyers pay (issue 44: the purchase contract holds for each provider): the
 * demo's sandbox (TriboPay's API), or a provider's stand-in configured as the shop's only PIX
 * provider. `pay` is the buyer paying the order's charge at the provider and the provider's
 * webhook reaching the running server (its port changes at each restart).
 */
export interface ModelProvider {
  name: string;
  env: Record<string, string>;
  pay(server: Pick<TestServer, 'url' | 'background'>, db: Db, orderId: string): Promise<void>;
  stop(): Promise<void>;
}

export const sandboxProvider: ModelProvider = {
  name: 'sandbox',
  env: {},
  pay: (server, db, orderId) => sandboxSays(server, db, orderId, 'paid'),
  stop: async () => undefined,
};

async function chargeOf(db: Db, orderId: string): Promise<{ provider: string; transaction_hash: string | null }> {
  return db.db.selectFrom('orders').select(['provider', 'transaction_hash']).where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function startMercadoPagoModel(): Promise<ModelProvider> {
  const standIn: MercadoPagoStandIn = await startMercadoPagoStandIn();
  return {
    name: 'Mercado Pago',
    env: {
      ...REAL_GATEWAY_TEST_ENV,
      PAYMENT_PROVIDERS: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: MP_STAND_IN_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET,
      MERCADOPAGO_API_URL: standIn.url,
      CUSTOMER_DOCUMENT: '52998224725',
    },
    async pay(server, db, orderId) {
      const { provider, transaction_hash: id } = await chargeOf(db, orderId);
      if (provider !== 'mercadopago' || !id) throw new Error(`order ${orderId} has no Mercado Pago charge`);
      const payment = standIn.payments.get(Number(id));
      if (!payment) throw new Error(`stand-in has no payment ${id}`);
      if (payment.status === 'pending') standIn.pay(id);
      // The notification goes where the running server listens now.
      payment.notificationUrl = `${server.url}/api/webhooks/mercadopago`;
      const { status } = await standIn.notify(id);
      if (status !== 200) throw new Error(`webhook answered ${status}`);
      await server.background.idle();
    },
    stop: () => standIn.stop(),
  };
}

export async function startAbacatepayModel(): Promise<ModelProvider> {
  const standIn: AbacatepayStandIn = await startAbacatepayStandIn();
  const secret = 'model-webhook-secret';
  return {
    name: 'AbacatePay',
    env: {
      ...REAL_GATEWAY_TEST_ENV,
      PAYMENT_PROVIDERS: 'abacatepay',
      ABACATEPAY_API_KEY: standIn.apiKey,
      ABACATEPAY_WEBHOOK_SECRET: secret,
      ABACATEPAY_API_URL: standIn.url,
      CUSTOMER_DOCUMENT: '52998224725',
    },
    async pay(server, db, orderId) {
      const { provider, transaction_hash: id } = await chargeOf(db, orderId);
      if (provider !== 'abacatepay' || !id) throw new Error(`order ${orderId} has no AbacatePay charge`);
      standIn.webhook = { url: `${server.url}/api/webhooks/abacatepay`, secret };
      const before = standIn.deliveries.length;
      await standIn.markPaid(id);
      const delivery = standIn.deliveries[before];
      if (delivery?.status !== 200) throw new Error(`webhook answered ${delivery?.status ?? 'nothing'}`);
      await server.background.idle();
    },
    stop: () => standIn.stop(),
  };
}
