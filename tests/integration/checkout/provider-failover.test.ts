import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SKIP_MS } from '../../../src/server/gateway/payments.ts';
import {
  type ChargeLedger,
  gatewayReplies,
  type GatewayStandIn,
  startGatewayStandIn,
  tribopayVariables,
} from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { uniqueBuyer } from '../../support/clients.ts';
import { refusedUrl } from '../../support/loopback.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  mpError,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { orderRow, ordersBy } from '../../support/db-reads.ts';
import { databases, type TestDb } from '../test-db.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * With the first provider down, a buyer still gets one PIX, from the second, in one tap — and never
 * two payable charges. Through the real server and its API, over real HTTP to TriboPay's and
 * Mercado Pago's stand-ins, on SQLite and PostgreSQL, for PAYMENT_PROVIDERS=tribopay,mercadopago
 * and mercadopago,tribopay: each way the first can be down, whether the buyer's one POST
 * /api/orders gets one PIX from the second, what the first is left holding, and how the next
 * checkouts skip the first until its skip ends (the server's clock is the test's). A hang (Mercado
 * Pago's 15 s timeout) is in provider-failover-hang.test.ts; Mercado Pago then Efí in
 * tests/faults/provider-efi-process.test.ts.
 */

for (const database of databases) {
  describe(`failover on ${database.name}`, () => {
    let db: TestDb;
    let tribopay: GatewayStandIn;
    let ledger: ChargeLedger;
    let mercadoPago: MercadoPagoStandIn;
    const clock = { now: Date.now() };
    const servers: TestServer[] = [];

    beforeAll(async () => {
      db = await database.create();
      tribopay = await startGatewayStandIn();
      mercadoPago = await startMercadoPagoStandIn();
    });
    afterEach(async () => {
      for (const server of servers.splice(0)) {
        await server.background.idle();
        await server.stop();
      }
    });
    afterAll(async () => {
      await tribopay?.stop();
      await mercadoPago?.stop();
      await db?.close();
    });

    /** A server with its own providers' state (skips are per instance), on the shared database. */
    async function serverWith(order: Array<'tribopay' | 'mercadopago'>, urls: { tribopay?: string; mercadopago?: string } = {}) {
      ledger = tribopay.rememberCharges();
      clock.now = Date.now();
      const env = providersEnv(
        order,
        tribopayVariables({ url: urls.tribopay ?? tribopay.url }),
        mercadoPagoVariables({ url: urls.mercadopago ?? mercadoPago.url }),
      );
      const server = await startTestServer(db, env, { now: () => clock.now, ownPublicUrl: true });
      servers.push(server);
      return server;
    }

    /** What each stand-in has been asked, from here on. */
    function traffic() {
      const [tribopayBefore, mercadoPagoBefore, paymentsBefore] = [
        tribopay.requests.length,
        mercadoPago.requests.length,
        mercadoPago.payments.size,
      ];
      return {
        tribopayRequests: () => tribopay.requests.length - tribopayBefore,
        tribopayCreates: () => tribopay.requests.slice(tribopayBefore).filter((request) => request.method === 'POST').length,
        mercadoPagoCreates: () =>
          mercadoPago.requests.slice(mercadoPagoBefore).filter((request) => request.method === 'POST' && request.path === '/v1/payments'),
        mercadoPagoSearches: () =>
          mercadoPago.requests
            .slice(mercadoPagoBefore)
            .filter((request) => request.method === 'GET' && request.path === '/v1/payments/search'),
        newPayments: () => mercadoPago.payments.size - paymentsBefore,
      };
    }

    async function expectPixFrom(server: TestServer, provider: 'tribopay' | 'mercadopago') {
      const created = await checkout(server.url);
      expect(created.status).toBe(201);
      const order = await orderRow(db, created.body.orderId!);
      expect(order).toMatchObject({ provider, status: 'pending', amount_cents: 1990 });
      const code =
        provider === 'tribopay'
          ? ledger.transactions.get(order.charge_id!)?.pixCode
          : mercadoPago.payments.get(Number(order.charge_id))?.qrCode;
      expect(created.body.pix?.code).toBe(code);
      return order;
    }

    async function expectFailure(server: TestServer, message: string) {
      const created = await checkout(server.url);
      expect([created.status, created.body.error]).toEqual([502, message]);
    }

    describe('TriboPay first (tribopay,mercadopago)', () => {
      it('TriboPay refuses the connection (its server is down): one PIX from Mercado Pago in the same tap', async () => {
        const server = await serverWith(['tribopay', 'mercadopago'], { tribopay: await refusedUrl() });
        const seen = traffic();
        await expectPixFrom(server, 'mercadopago');
        expect(seen.newPayments()).toBe(1);
        expect(server.payments.health(clock.now).find((entry) => entry.id === 'tribopay')?.skippedUntil).toBe(clock.now + FIRST_SKIP_MS);
      });

      it('TriboPay refuses the credential (401): one PIX from Mercado Pago, none left at TriboPay; the next checkouts skip TriboPay until the skip ends', async () => {
        const server = await serverWith(['tribopay', 'mercadopago']);
        const create = tribopay.onCreate;
        tribopay.onCreate = (c) => gatewayReplies.message(c, 401, 'Unauthenticated.');
        const seen = traffic();
        await expectPixFrom(server, 'mercadopago');
        expect(seen.tribopayCreates()).toBe(1);
        expect(ledger.charges()).toBe(0);

        // Skipped: the next buyers go straight to Mercado Pago, TriboPay hears nothing.
        tribopay.onCreate = create;
        const skipped = traffic();
        await expectPixFrom(server, 'mercadopago');
        clock.now += FIRST_SKIP_MS - 1_000;
        await expectPixFrom(server, 'mercadopago');
        expect(skipped.tribopayRequests()).toBe(0);
        // The skip is over: TriboPay takes the charge again.
        clock.now += 2_000;
        await expectPixFrom(server, 'tribopay');
        expect(ledger.charges()).toBe(1);
      });

      it('TriboPay answers 500: the charge may exist and TriboPay takes no key, so no failover; one create at TriboPay, none at Mercado Pago, the buyer reads the error', async () => {
        const server = await serverWith(['tribopay', 'mercadopago']);
        tribopay.onCreate = (c) => gatewayReplies.message(c, 500, 'Server Error');
        const seen = traffic();
        const buyer = uniqueBuyer('Tainá Rocha');
        const created = await checkout(server.url, { buyer });
        expect([created.status, created.body.error]).toEqual([502, 'Server Error']);
        expect(seen.tribopayCreates()).toBe(1);
        expect(seen.mercadoPagoCreates()).toHaveLength(0);
        const [order] = await ordersBy(db, 'buyer_email', buyer.email);
        expect(order).toMatchObject({ status: 'failed', provider: 'tribopay' });
      });

      it("TriboPay refuses the buyer's data (422): no failover, the buyer reads TriboPay's Portuguese message", async () => {
        const server = await serverWith(['tribopay', 'mercadopago']);
        tribopay.onCreate = (c) => gatewayReplies.validation(c, { 'customer.document': ['O CPF informado é inválido.'] });
        const seen = traffic();
        await expectFailure(server, 'O CPF informado é inválido.');
        expect(seen.tribopayCreates()).toBe(1);
        expect(seen.mercadoPagoCreates()).toHaveLength(0);
        // The buyer's data is not TriboPay's trouble: it is not skipped.
        expect(server.payments.health(clock.now).find((entry) => entry.id === 'tribopay')?.skippedUntil).toBeNull();
      });
    });

    describe('Mercado Pago first (mercadopago,tribopay)', () => {
      it('Mercado Pago refuses the connection (its server is down): one PIX from TriboPay in the same tap', async () => {
        const stopped = await startMercadoPagoStandIn();
        await stopped.stop();
        const server = await serverWith(['mercadopago', 'tribopay'], { mercadopago: stopped.url });
        await expectPixFrom(server, 'tribopay');
        expect(stopped.requests).toHaveLength(0);
        expect(ledger.charges()).toBe(1);
      });

      it('Mercado Pago refuses the credential (401): one PIX from TriboPay, no payment left at Mercado Pago; the next checkouts skip it until the skip ends', async () => {
        const server = await serverWith(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'status', status: 401, body: mpError(401, 'unauthorized', 'invalid access token') });
        const seen = traffic();
        await expectPixFrom(server, 'tribopay');
        expect(seen.mercadoPagoCreates()).toHaveLength(1);
        expect(seen.newPayments()).toBe(0);

        const skipped = traffic();
        await expectPixFrom(server, 'tribopay');
        expect(skipped.mercadoPagoCreates()).toHaveLength(0);
        clock.now += FIRST_SKIP_MS + 1_000;
        await expectPixFrom(server, 'mercadopago');
      });

      it('Mercado Pago answers 500 without making the payment: its search by our key finds none, so TriboPay makes the one PIX', async () => {
        const server = await serverWith(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'status', status: 500 });
        const seen = traffic();
        await expectPixFrom(server, 'tribopay');
        expect(seen.mercadoPagoCreates()).toHaveLength(1);
        expect(seen.mercadoPagoSearches()).toHaveLength(1);
        expect(seen.newPayments()).toBe(0);
        // Mercado Pago is in trouble: the next buyer goes to TriboPay straight away.
        const next = traffic();
        await expectPixFrom(server, 'tribopay');
        expect(next.mercadoPagoCreates()).toHaveLength(0);
      });

      it('Mercado Pago answers 500 after making the payment, or cuts the connection: the search by our key finds it with its code, which the buyer gets at once, with no second create', async () => {
        const server = await serverWith(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'status', status: 500, processed: true });
        const seen = traffic();
        await expectPixFrom(server, 'mercadopago');
        expect(seen.mercadoPagoCreates()).toHaveLength(1);
        expect(seen.mercadoPagoSearches()).toHaveLength(1);
        mercadoPago.scriptNext('create', { kind: 'swallowed' });
        await expectPixFrom(server, 'mercadopago');
        expect(seen.mercadoPagoCreates()).toHaveLength(2);
        expect(seen.newPayments()).toBe(2);
        expect(seen.tribopayRequests()).toBe(0);
      });

      it('Mercado Pago makes the payment, but the one its search finds can no longer be paid (it expired meanwhile): TriboPay makes the one PIX', async () => {
        const server = await serverWith(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'status', status: 500, processed: true });
        mercadoPago.meanwhile('search', () => mercadoPago.expire(Math.max(...mercadoPago.payments.keys())));
        const seen = traffic();
        await expectPixFrom(server, 'tribopay');
        expect(seen.mercadoPagoCreates()).toHaveLength(1);
        expect(seen.mercadoPagoSearches()).toHaveLength(1);
      });

      it('Mercado Pago answers 500 and its search fails too: the retry under the same key makes the payment; its PIX, no call to TriboPay', async () => {
        const server = await serverWith(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'status', status: 500 });
        mercadoPago.scriptNext('search', { kind: 'status', status: 500 });
        const seen = traffic();
        await expectPixFrom(server, 'mercadopago');
        expect(seen.mercadoPagoCreates()).toHaveLength(2);
        expect(seen.newPayments()).toBe(1);
        expect(seen.tribopayRequests()).toBe(0);
      });

      it('Mercado Pago answers 500, cannot be searched, and refuses the retry: the first outcome stays unknown, so TriboPay is not asked', async () => {
        const server = await serverWith(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'status', status: 500 });
        mercadoPago.scriptNext('search', { kind: 'status', status: 503 });
        mercadoPago.scriptNext('create', { kind: 'status', status: 429, body: mpError(429, 'too_many_requests', 'Too many requests') });
        const seen = traffic();
        await expectFailure(server, 'Erro ao processar pagamento: 429');
        expect(seen.mercadoPagoCreates()).toHaveLength(2);
        expect(seen.tribopayRequests()).toBe(0);
        // Mercado Pago is in trouble all the same: the next buyer goes to TriboPay.
        await expectPixFrom(server, 'tribopay');
      });

      it("Mercado Pago refuses the buyer's data (400): no failover, no skip, the buyer reads the error", async () => {
        const server = await serverWith(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', {
          kind: 'status',
          status: 400,
          body: mpError(400, 'bad_request', 'Invalid user identification number', 2067),
        });
        const seen = traffic();
        await expectFailure(server, 'Erro ao processar pagamento: 400');
        expect(seen.mercadoPagoCreates()).toHaveLength(1);
        expect(seen.tribopayRequests()).toBe(0);
        await expectPixFrom(server, 'mercadopago');
      });
    });
  });
}
