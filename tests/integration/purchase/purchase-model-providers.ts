import type { Db } from '../../../src/server/db/database.ts';
import { startAbacatepayStandIn, type AbacatepayStandIn } from '../../support/providers/abacatepay/abacatepay-stand-in.ts';
import { EfiStandIn, makeTestPki } from '../../support/providers/efi/efi-stand-in.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { REAL_GATEWAY_TEST_ENV } from '../../support/real-gateway-env.ts';
import { orderRow } from '../../support/db-reads.ts';
import { sandboxSays } from '../../support/purchase.ts';
import type { TestServer } from '../../support/test-server.ts';

/**
 * Where the model's buyers pay (the purchase contract holds for each provider): the
 * demo's sandbox (TriboPay's API), or a provider's stand-in configured as the shop's only PIX
 * provider. `pay` is the buyer paying the order's charge at the provider and the provider's
 * webhook reaching the running server (its port changes at each restart).
 */
export interface ModelProvider {
  name: string;
  env: Record<string, string>;
  /** What the in-process server needs besides its settings (Efí: trust the stand-in's CA). */
  serverOptions?: { efiCa?: string };
  pay(server: Pick<TestServer, 'url' | 'background'>, db: Db, orderId: string): Promise<void>;
  /** After each start of the server: points the provider's callbacks at it, its clock at the shop's. */
  attach?(server: TestServer, now: () => number): Promise<void>;
  stop(): Promise<void>;
}

export const sandboxProvider: ModelProvider = {
  name: 'sandbox',
  env: {},
  pay: (server, db, orderId) => sandboxSays(server, db, orderId, 'paid'),
  stop: async () => undefined,
};

async function chargeOf(db: Db, orderId: string): Promise<{ provider: string; charge_id: string | null }> {
  const { provider, charge_id } = await orderRow(db, orderId);
  return { provider, charge_id };
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
      const { provider, charge_id: id } = await chargeOf(db, orderId);
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
      const { provider, charge_id: id } = await chargeOf(db, orderId);
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

/**
 * Efí's stand-in over mTLS. Its webhook is posted straight to the running server as nginx would
 * pass it on after checking Efí's client certificate (`X-Client-Verified: SUCCESS` from loopback,
 * a trusted proxy): the mTLS itself is tested in tests/faults/provider-efi-process.test.ts.
 */
export async function startEfiModel(): Promise<ModelProvider & { standIn: EfiStandIn; pki: ReturnType<typeof makeTestPki> }> {
  const pki = makeTestPki();
  const credentials = { clientId: 'Client_Id_model', clientSecret: 'Client_Secret_model', pixKey: '5f0b8f44-2a53-4c4e-9d57-0b1c2d3e4f50' };
  // The process's `Date` read at each call: a test that makes it the shop's clock moves Efí's with it.
  const standIn = new EfiStandIn({ pki, ...credentials, now: () => Date.now() });
  await standIn.start();
  return {
    standIn,
    pki,
    name: 'Efí',
    env: {
      ...REAL_GATEWAY_TEST_ENV,
      PAYMENT_PROVIDERS: 'efi',
      EFI_CLIENT_ID: credentials.clientId,
      EFI_CLIENT_SECRET: credentials.clientSecret,
      EFI_CERTIFICATE: pki.sellerP12Path,
      EFI_PIX_KEY: credentials.pixKey,
      EFI_API_URL: standIn.url,
      CUSTOMER_DOCUMENT: '52998224725',
    },
    serverOptions: { efiCa: pki.caCert },
    async pay(server, db, orderId) {
      const { provider, charge_id: txid } = await chargeOf(db, orderId);
      if (provider !== 'efi' || !txid) throw new Error(`order ${orderId} has no Efí charge`);
      const cob = standIn.cob(txid);
      if (!cob) throw new Error(`stand-in has no cob ${txid}`);
      if (cob.status === 'ATIVA') standIn.pay(txid);
      const response = await fetch(`${server.url}/api/webhooks/efi/pix`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Client-Verified': 'SUCCESS' },
        body: JSON.stringify({ pix: cob.pix }),
      });
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
      await server.background.idle();
    },
    async stop() {
      await standIn.stop();
      pki.cleanup();
    },
  };
}
