import { expect } from 'vitest';
import type { ProviderId } from '../../src/server/gateway/provider-registry.ts';
import { startGatewayStandIn, type ChargeLedger, type GatewayStandIn } from './gateway-stand-in.ts';
import { startAbacatepayStandIn, type AbacatepayStandIn } from './stand-ins/abacatepay-stand-in.ts';
import { startMercadoPagoStandIn, type MercadoPagoStandIn } from './stand-ins/mercadopago-stand-in.ts';
import { startWooviStandIn, type WooviStandIn } from './stand-ins/woovi-stand-in.ts';
import { abacatepayVariables, ABACATEPAY_WEBHOOK_SECRET, mercadoPagoVariables, tribopayVariables } from './provider-rig.ts';
import type { TestServer } from './test-server.ts';

/** One provider's stand-in, as these tests drive it. */
export interface StandInRig {
  env: Record<string, string>;
  /** The PIX code the stand-in made for the charge. */
  codeOf(chargeId: string): string;
  /** The charges it holds. */
  charges(): number;
  /** The buyer pays; the provider's webhook reaches the server (through the URL the server gave with the charge). */
  payAndNotify(server: TestServer, chargeId: string): Promise<void>;
  /** Reads of the charge it answered. */
  readsOf(chargeId: string): number;
  /** The refunds it made of the charge, in centavos. */
  refundsOf(chargeId: string): number[];
  stop(): Promise<void>;
}

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

export async function abacatepayRig(): Promise<StandInRig & { standIn: AbacatepayStandIn }> {
  const standIn: AbacatepayStandIn = await startAbacatepayStandIn();
  return {
    standIn,
    env: abacatepayVariables(standIn),
    codeOf: (id) => standIn.charges.get(id)!.brCode,
    charges: () => standIn.charges.size,
    async payAndNotify(server, id) {
      // The webhook registered in AbacatePay's dashboard: our route, with the seller's secret.
      standIn.webhook = { url: `${server.url}/api/webhooks/abacatepay`, secret: ABACATEPAY_WEBHOOK_SECRET };
      await standIn.markPaid(id);
      expect(standIn.deliveries.at(-1)?.status).toBe(200);
    },
    readsOf: (id) => standIn.requests.filter((request) => request.path === '/v2/transparents/list' && request.query.id === id).length,
    refundsOf: (id) =>
      standIn.requests
        .filter((request) => request.path === '/v2/transparents/refund' && (request.body as { id?: string }).id === id)
        .map(() => standIn.charges.get(id)!.amount),
    stop: () => standIn.stop(),
  };
}

export async function wooviRig(): Promise<StandInRig & { standIn: WooviStandIn }> {
  const standIn: WooviStandIn = await startWooviStandIn();
  // Confirmed in the refund's answer (a documented ChargeRefund status), so the queue's one run sees it end.
  standIn.refundsConfirm = 'in_answer';
  return {
    standIn,
    // Its webhooks are signed with the stand-in's own key pair: the server gets its public half.
    env: { WOOVI_APP_ID: standIn.appId, WOOVI_WEBHOOK_PUBLIC_KEY: standIn.publicKey, WOOVI_API_URL: standIn.url },
    codeOf: (id) => standIn.charges.get(id)!.brCode,
    charges: () => standIn.charges.size,
    async payAndNotify(server, id) {
      // The webhook registered in Woovi's panel: our route.
      standIn.webhookUrl = `${server.url}/api/webhooks/woovi`;
      await standIn.pay(id);
      expect(standIn.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:CHARGE_COMPLETED', status: 200 });
    },
    readsOf: (id) => standIn.requests.filter((request) => request.method === 'GET' && request.path === `/api/v1/charge/${id}`).length,
    refundsOf: (id) =>
      standIn.charges
        .get(id)!
        .refunds.filter((refund) => refund.status !== 'REJECTED')
        .map((refund) => refund.value),
    stop: () => standIn.stop(),
  };
}

export async function tribopayRig(): Promise<StandInRig & { ledger: ChargeLedger; gateway: GatewayStandIn }> {
  const gateway = await startGatewayStandIn();
  const ledger = gateway.rememberCharges();
  return {
    gateway,
    ledger,
    // TriboPay sells the bump as its own product and offer (the demo's hashes are the sandbox's).
    env: { ...tribopayVariables(gateway), BUMP_PRODUCT_HASH: 'prd_bump_standin', BUMP_OFFER_HASH: 'off_bump_standin' },
    codeOf: (hash) => ledger.transactions.get(hash)!.pixCode,
    charges: () => ledger.charges(),
    async payAndNotify(_server, hash) {
      const transaction = ledger.pay(hash);
      // TriboPay's postback, to the URL (with the order's secret) the server gave with the charge.
      const response = await fetch(transaction.postbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ledger.toJson(transaction)),
      });
      expect(response.status).toBe(200);
    },
    readsOf: (hash) =>
      gateway.requests.filter((request) => request.method === 'GET' && decodeURIComponent(request.path).endsWith(`/transactions/${hash}`))
        .length,
    refundsOf: (hash) => Array.from({ length: gateway.refundCalls(hash) }, () => ledger.transactions.get(hash)!.amount),
    stop: () => gateway.stop(),
  };
}

export const rigs: Array<{ id: ProviderId; start: () => Promise<StandInRig> }> = [
  { id: 'mercadopago', start: mercadoPagoRig },
  { id: 'abacatepay', start: abacatepayRig },
  { id: 'woovi', start: wooviRig },
  { id: 'tribopay', start: tribopayRig },
];
