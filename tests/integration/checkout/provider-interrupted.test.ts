import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_IN_FLIGHT_MS, CHARGE_LEASE_MS } from '../../../src/server/orders/checkout-repository.ts';
import { STUCK_CHECKOUT_MS } from '../../../src/server/payment/reconciliation.ts';
import { newCheckoutKey, uniqueBuyer } from '../../support/clients.ts';
import {
  chargeRequestsFor,
  type GatewayStandIn,
  startGatewayStandIn,
  tribopayVariables,
} from '../../support/providers/tribopay/tribopay-stand-in.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { orderRow, setOrderColumns } from '../../support/db-reads.ts';
import { databases, type TestDb } from '../test-db.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * A process that dies while a provider holds its create leaves the order `creating`, with the
 * provider and the create's key written before the call (checkout/charge-failover.ts). At a provider
 * that keys its creates (Mercado Pago), the restarted server sends the same create under the same
 * key once CHARGE_IN_FLIGHT_MS has passed, and the order offers the charge the lost call made: one
 * live charge. At TriboPay, which keys nothing, the sweep only fails the order, as before. Here the
 * death is staged as tests/integration/checkout/interrupted-charge.test.ts stages it (the answer's write
 * undone), and the restart is a new server instance on the same database with its clock moved;
 * tests/faults/kill-during-provider-charge.test.ts does it with a real kill -9.
 */

for (const database of databases) {
  describe(`a create interrupted by a crash, on ${database.name}`, () => {
    let db: TestDb;
    let mercadoPago: MercadoPagoStandIn;
    let tribopay: GatewayStandIn;
    const clock = { now: Date.now() };
    let running: TestServer[] = [];

    beforeAll(async () => {
      db = await database.create();
      mercadoPago = await startMercadoPagoStandIn();
      tribopay = await startGatewayStandIn();
      tribopay.rememberCharges();
    });
    afterEach(async () => {
      for (const server of running) {
        await server.background.idle();
        await server.stop();
      }
      running = [];
    });
    afterAll(async () => {
      await mercadoPago?.stop();
      await tribopay?.stop();
      await db?.close();
    });

    /** A server instance; `port`: the address of the one it restarts (the seller's PUBLIC_URL does not change). */
    async function start(order: Array<'mercadopago' | 'tribopay'>, port?: number) {
      const env = providersEnv(order, mercadoPagoVariables(mercadoPago), tribopayVariables(tribopay));
      const server = await startTestServer(db, env, { now: () => clock.now, ownPublicUrl: true, ...(port ? { port } : {}) });
      running.push(server);
      return server;
    }

    /**
     * A buyer's checkout whose create reached the first provider, which made the charge; the
     * process died before it stored the answer (the order back to `creating`, as it was during the call).
     */
    async function interruptedCheckout(order: Array<'mercadopago' | 'tribopay'>) {
      clock.now = Date.now();
      const before = await start(order);
      const buyer = uniqueBuyer('Iara Campos');
      const key = newCheckoutKey();
      const created = await checkout(before.url, { buyer, key });
      expect(created.status).toBe(201);
      const charged = await orderRow(db, created.body.orderId!);
      await before.background.idle();
      await before.stop();
      running = running.filter((server) => server !== before);
      await setOrderColumns(db, charged.id, {
        status: 'creating',
        charge_id: null,
        pix_code: null,
        pix_image: null,
        charged_at: null,
      });
      const port = Number(new URL(before.url).port);
      return { buyer, key, orderId: charged.id, chargeId: charged.charge_id!, code: created.body.pix!.code, charged, port };
    }

    const paymentsFor = (orderKey: string) =>
      [...mercadoPago.payments.values()].filter((payment) => payment.externalReference === orderKey);

    it('at Mercado Pago, the restarted server’s reconciler offers the payment the lost call made; the buyer’s tap gets that PIX', async () => {
      const lost = await interruptedCheckout(['mercadopago', 'tribopay']);
      expect(lost.charged).toMatchObject({ provider: 'mercadopago', charge_key: `${lost.orderId}.1` });
      const server = await start(['mercadopago', 'tribopay'], lost.port);

      // While its maker still renews its lease, the call could still be answering: the reconciler leaves it alone.
      clock.now = Number(lost.charged.created_at) + CHARGE_IN_FLIGHT_MS - 1_000;
      await setOrderColumns(db, lost.orderId, { charge_lease_until: clock.now + CHARGE_LEASE_MS });
      await server.reconciler.runOnce();
      expect(await orderRow(db, lost.orderId)).toMatchObject({ status: 'creating' });

      clock.now = Number(lost.charged.created_at) + CHARGE_IN_FLIGHT_MS + 1_000;
      await server.reconciler.runOnce();
      expect(await orderRow(db, lost.orderId)).toMatchObject({
        status: 'pending',
        charge_id: lost.chargeId,
        pix_code: lost.code,
      });
      expect(paymentsFor(`${lost.orderId}.1`).map((payment) => String(payment.id))).toEqual([lost.chargeId]);

      const again = await checkout(server.url, { buyer: lost.buyer, key: lost.key });
      expect(again.status).toBe(201);
      expect([again.body.orderId, again.body.pix?.code]).toEqual([lost.orderId, lost.code]);
      expect(paymentsFor(`${lost.orderId}.1`)).toHaveLength(1);
      expect(mercadoPago.payments.size).toBe(new Set([...mercadoPago.payments.values()].map((payment) => payment.externalReference)).size);
    });

    it('at Mercado Pago, a buyer who taps again before any reconciler pass gets that same PIX: still one payment', async () => {
      const lost = await interruptedCheckout(['mercadopago', 'tribopay']);
      const server = await start(['mercadopago', 'tribopay'], lost.port);
      clock.now = Number(lost.charged.created_at) + CHARGE_IN_FLIGHT_MS + 1_000;
      const paymentsBefore = mercadoPago.payments.size;

      const again = await checkout(server.url, { buyer: lost.buyer, key: lost.key });
      expect(again.status).toBe(201);
      expect([again.body.orderId, again.body.pix?.code]).toEqual([lost.orderId, lost.code]);
      // Another tab of the same buyer, with its own key, is handed the same PIX too.
      const otherTab = await checkout(server.url, { buyer: lost.buyer });
      expect([otherTab.body.orderId, otherTab.body.pix?.code]).toEqual([lost.orderId, lost.code]);
      expect(mercadoPago.payments.size).toBe(paymentsBefore);
      expect(await orderRow(db, lost.orderId)).toMatchObject({ status: 'pending', charge_id: lost.chargeId });
    });

    it('at TriboPay, which keys nothing, the order is only failed by the sweep: its create is never sent again', async () => {
      const lost = await interruptedCheckout(['tribopay', 'mercadopago']);
      expect(lost.charged).toMatchObject({ provider: 'tribopay' });
      const server = await start(['tribopay', 'mercadopago'], lost.port);
      clock.now = Number(lost.charged.created_at) + CHARGE_IN_FLIGHT_MS + 1_000;
      await server.reconciler.runOnce();
      expect(await orderRow(db, lost.orderId)).toMatchObject({ status: 'creating' });
      clock.now = Number(lost.charged.created_at) + STUCK_CHECKOUT_MS + 1_000;
      await server.reconciler.runOnce();
      expect(await orderRow(db, lost.orderId)).toMatchObject({ status: 'failed', charge_id: null });
      expect(chargeRequestsFor(tribopay, lost.orderId)).toHaveLength(1);
    });
  });
}
