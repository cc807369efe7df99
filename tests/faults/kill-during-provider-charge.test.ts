import { describe, it } from 'vitest';
import { CHARGE_IN_FLIGHT_MS } from '../../src/server/orders/checkout-repository.ts';
import { newCheckoutKey, uniqueBuyer } from '../support/clients.ts';
import { startGatewayStandIn, tribopayVariables } from '../support/providers/tribopay/tribopay-stand-in.ts';
import { freePort } from '../support/nginx.ts';
import { checkout, processDatabase, providersEnv } from '../support/provider-rig.ts';
import { orderRow } from '../support/db-reads.ts';
import { startClockedServer } from '../support/server-process.ts';
import { mercadoPagoVariables, startMercadoPagoStandIn } from '../support/providers/mercadopago/mercadopago-stand-in.ts';
import { waitFor } from '../support/wait.ts';

/**
 * A kill -9 between asking the first provider and hearing back leaves one live charge after the
 * restart, never one at each provider. PAYMENT_PROVIDERS=mercadopago,tribopay; Mercado Pago makes
 * the payment and holds its answer; the server is killed (SIGKILL) while it waits. Restarted on the
 * same data with its clock past CHARGE_IN_FLIGHT_MS, it finds the payment by Mercado Pago's search under
 * the order's key (the reconciler's pass, every 30 s), and the order offers the payment the lost
 * call made: one payment at Mercado Pago, none at TriboPay, and the buyer who taps again gets that
 * PIX. On SQLite and PostgreSQL.
 */

/** The reconciler runs every 30 s: its first pass after the clock moved, and slack. */
const RECONCILER_AND_SLACK_MS = 45_000;

describe.concurrent('kill -9 while Mercado Pago holds the create', () => {
  for (const kind of ['sqlite', 'postgres'] as const) {
    it(`on ${kind}: after the restart the order offers the payment the lost call made, and the buyer's tap gets it`, async ({ expect }) => {
      const mercadoPago = await startMercadoPagoStandIn();
      const tribopay = await startGatewayStandIn();
      tribopay.rememberCharges();
      const database = await processDatabase(kind);
      const port = await freePort();
      // The seller's PUBLIC_URL stays the same across the restart: it is in the create's body.
      const env = {
        ...providersEnv(['mercadopago', 'tribopay'], mercadoPagoVariables(mercadoPago), tribopayVariables(tribopay)),
        ...database.env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      };
      let server = await startClockedServer(env);
      try {
        // Mercado Pago makes the payment and never answers.
        mercadoPago.scriptNext('create', { kind: 'hang', processed: true });
        const buyer = uniqueBuyer('Lívia Prado');
        const key = newCheckoutKey();
        const pending = checkout(server.url, { buyer, key }).catch(() => undefined);
        await waitFor('the payment at Mercado Pago', () => mercadoPago.payments.size === 1, 30_000, 50);
        expect((await server.kill('SIGKILL')).signal).toBe('SIGKILL');
        await pending;

        const [stuck] = await database.db.db.selectFrom('orders').selectAll().where('buyer_email', '=', buyer.email).execute();
        expect(stuck).toMatchObject({ status: 'creating', provider: 'mercadopago', charge_key: `${stuck!.id}.1`, charge_id: null });
        const [payment] = [...mercadoPago.payments.values()];
        expect(payment!.externalReference).toBe(stuck!.charge_key);

        // Back on the same data; its clock past the window in which the lost call could still answer.
        await server.stop();
        server = await startClockedServer(env);
        await server.advance(CHARGE_IN_FLIGHT_MS + 1_000);
        await waitFor(
          'the reconciler to resume the order',
          async () => (await orderRow(database.db, stuck!.id)).status === 'pending',
          RECONCILER_AND_SLACK_MS,
          500,
        );
        expect(await orderRow(database.db, stuck!.id)).toMatchObject({
          charge_id: String(payment!.id),
          pix_code: payment!.qrCode,
        });
        // Logged just after the order is written: it may reach the test's pipe a moment later.
        await server.waitForLog(/Interrupted charge resumed/, 10_000);

        const again = await checkout(server.url, { buyer, key });
        expect(again.status).toBe(201);
        expect([again.body.orderId, again.body.pix?.code]).toEqual([stuck!.id, payment!.qrCode]);
        // One live charge: the one payment, asked for once and then found by the search under its key; nothing at TriboPay.
        expect(mercadoPago.payments.size).toBe(1);
        const creates = mercadoPago.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payments');
        expect(creates.map((request) => request.headers['x-idempotency-key'])).toEqual([stuck!.charge_key]);
        const searches = mercadoPago.requests.filter((request) => request.method === 'GET' && request.path === '/v1/payments/search');
        expect(searches.length).toBeGreaterThan(0);
        expect(tribopay.charges()).toHaveLength(0);
      } finally {
        await server.stop();
        await mercadoPago.stop();
        await tribopay.stop();
        await database.close();
      }
    });
  }
});
