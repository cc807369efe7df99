import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../../src/server/gateway/transport.ts';
import { uniqueBuyer } from '../../support/clients.ts';
import {
  gatewayReplies,
  type GatewayStandIn,
  startGatewayStandIn,
  tribopayVariables,
} from '../../support/providers/tribopay/tribopay-stand-in.ts';
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
 * The first provider hangs past its 15 s timeout (no setting shortens it), within the buyer's one
 * tap: the other half of provider-failover.test.ts. They run side by side, each with its own
 * stand-ins and server, so the file waits about one timeout per database. A hang leaves the
 * outcome unknown: Mercado Pago's payment search by our key finds out (none: the next provider
 * makes the PIX; one: its code is the buyer's PIX, with no second create); TriboPay, which takes
 * no key, cannot be asked, and the checkout stops rather than risk a second PIX.
 */

const WAIT_MS = DEFAULT_TIMEOUT_MS * 2 + 10_000;

for (const database of databases) {
  describe.concurrent(`a provider that hangs, on ${database.name}`, () => {
    let db: TestDb;
    const cleanups: Array<() => Promise<void>> = [];

    beforeAll(async () => {
      db = await database.create();
    });
    afterAll(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
      await db?.close();
    });

    async function rig(order: Array<'tribopay' | 'mercadopago'>) {
      const tribopay: GatewayStandIn = await startGatewayStandIn();
      const ledger = tribopay.rememberCharges();
      const mercadoPago: MercadoPagoStandIn = await startMercadoPagoStandIn();
      const server: TestServer = await startTestServer(
        db,
        providersEnv(order, tribopayVariables(tribopay), mercadoPagoVariables(mercadoPago)),
        { ownPublicUrl: true },
      );
      cleanups.push(async () => {
        await server.background.idle();
        await server.stop();
        await tribopay.stop();
        await mercadoPago.stop();
      });
      const creates = () => mercadoPago.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payments');
      return { tribopay, ledger, mercadoPago, server, creates };
    }

    it(
      'Mercado Pago hangs without making the payment: its search finds none, and TriboPay makes the one PIX in the same tap',
      async () => {
        const { ledger, mercadoPago, server, creates } = await rig(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'hang' });
        const started = Date.now();
        const created = await checkout(server.url);
        expect(Date.now() - started).toBeGreaterThanOrEqual(DEFAULT_TIMEOUT_MS);
        expect(created.status).toBe(201);
        const order = await orderRow(db, created.body.orderId!);
        expect(order).toMatchObject({ provider: 'tribopay', status: 'pending' });
        expect(ledger.charges()).toBe(1);
        expect(creates()).toHaveLength(1);
        expect(mercadoPago.payments.size).toBe(0);
      },
      WAIT_MS,
    );

    it(
      'Mercado Pago hangs after making the payment, and would hang again: its search finds the payment with its code, the buyer gets that PIX after one timeout, with no second create; TriboPay never asked',
      async () => {
        const { tribopay, mercadoPago, server, creates } = await rig(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'hang', processed: true });
        mercadoPago.scriptNext('create', { kind: 'hang' });
        const started = Date.now();
        const created = await checkout(server.url);
        expect(Date.now() - started).toBeGreaterThanOrEqual(DEFAULT_TIMEOUT_MS);
        expect(Date.now() - started).toBeLessThan(2 * DEFAULT_TIMEOUT_MS);
        expect(created.status).toBe(201);
        const order = await orderRow(db, created.body.orderId!);
        expect(order).toMatchObject({ provider: 'mercadopago', status: 'pending' });
        expect(created.body.pix?.code).toBe(mercadoPago.payments.get(Number(order.charge_id))?.qrCode);
        expect(creates()).toHaveLength(1);
        expect(mercadoPago.payments.size).toBe(1);
        expect(tribopay.requests).toHaveLength(0);
      },
      WAIT_MS,
    );

    it(
      'Mercado Pago hangs, cannot be searched, then refuses the retry (429): no PIX from TriboPay in that tap; the next buyer gets TriboPay’s at once',
      async () => {
        const { tribopay, ledger, mercadoPago, server, creates } = await rig(['mercadopago', 'tribopay']);
        mercadoPago.scriptNext('create', { kind: 'hang' });
        mercadoPago.scriptNext('search', { kind: 'status', status: 503 });
        mercadoPago.scriptNext('create', { kind: 'status', status: 429, body: mpError(429, 'too_many_requests', 'Too many requests') });
        const created = await checkout(server.url);
        expect([created.status, created.body.error]).toEqual([502, 'Erro ao processar pagamento: 429']);
        expect(creates()).toHaveLength(2);
        expect(tribopay.requests).toHaveLength(0);

        const started = Date.now();
        const next = await checkout(server.url);
        expect(next.status).toBe(201);
        expect(Date.now() - started).toBeLessThan(DEFAULT_TIMEOUT_MS);
        expect(await orderRow(db, next.body.orderId!)).toMatchObject({ provider: 'tribopay' });
        expect(ledger.charges()).toBe(1);
        expect(creates()).toHaveLength(2);
      },
      WAIT_MS,
    );

    it(
      'TriboPay first hangs: it takes no key, so the charge may exist; no failover, one create at TriboPay, none at Mercado Pago',
      async () => {
        const { tribopay, mercadoPago, server, creates } = await rig(['tribopay', 'mercadopago']);
        tribopay.onCreate = () => gatewayReplies.hang();
        const buyer = uniqueBuyer('Heitor Luz');
        const created = await checkout(server.url, { buyer });
        expect([created.status, created.body.error]).toEqual([502, 'Erro ao processar pagamento']);
        expect(tribopay.charges()).toHaveLength(1);
        expect(creates()).toHaveLength(0);
        expect(mercadoPago.payments.size).toBe(0);
        const [order] = await ordersBy(db, 'buyer_email', buyer.email);
        expect(order).toMatchObject({ provider: 'tribopay', status: 'failed' });
      },
      WAIT_MS,
    );
  });
}
