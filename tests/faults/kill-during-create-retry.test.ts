import { describe, it } from 'vitest';
import { newCheckoutKey, uniqueBuyer } from '../support/clients.ts';
import { freePort } from '../support/nginx.ts';
import { checkout, processDatabase, providersEnv } from '../support/provider-rig.ts';
import { startClockedServer } from '../support/server-process.ts';
import { mercadoPagoVariables, startMercadoPagoStandIn } from '../support/providers/mercadopago/mercadopago-stand-in.ts';
import { waitFor } from '../support/wait.ts';

/**
 * Two instances on one database, as behind nginx. Mercado Pago makes the payment and holds its answer;
 * the instance waiting for it is killed (SIGKILL). The buyer taps again and the same checkout key reaches the other
 * instance. It used to wait for the dead instance's create (a 502 after 25 s, another after 7.5 s) and only after
 * CHARGE_IN_FLIGHT_MS (+63 s) resend it. The maker of a charge now holds a lease on it, renewed while its call is in
 * flight, by the database's clock: once it runs out, the retry searches Mercado Pago under the order's key (the
 * Payment Search API, `GET /v1/payments/search?external_reference=…`,
 * https://www.mercadopago.com.br/developers/en/reference/payments/_payments_search/get) and offers the payment found.
 * On SQLite and PostgreSQL.
 */
const RETRY_ANSWERS_WITHIN_MS = 10_000;

describe.concurrent('kill -9 during a Mercado Pago create, then the retry on another instance', () => {
  for (const kind of ['sqlite', 'postgres'] as const) {
    it(`on ${kind}: the retry gets the payment the search finds within 10 s`, async ({ expect }) => {
      const mercadoPago = await startMercadoPagoStandIn();
      const database = await processDatabase(kind);
      const [portA, portB] = [await freePort(), await freePort()];
      const env = { ...providersEnv(['mercadopago'], mercadoPagoVariables(mercadoPago)), ...database.env };
      const first = await startClockedServer({ ...env, PORT: String(portA), PUBLIC_URL: `http://127.0.0.1:${portA}` });
      const second = await startClockedServer({ ...env, PORT: String(portB), PUBLIC_URL: `http://127.0.0.1:${portB}` });
      try {
        // Mercado Pago makes the payment and never answers.
        mercadoPago.scriptNext('create', { kind: 'hang', processed: true });
        const buyer = uniqueBuyer('Heloísa Paiva');
        const key = newCheckoutKey();
        const pending = checkout(first.url, { buyer, key }).catch(() => undefined);
        await waitFor('the payment at Mercado Pago', () => mercadoPago.payments.size === 1, 30_000, 50);
        expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
        await pending;
        const [payment] = [...mercadoPago.payments.values()];

        const started = performance.now();
        const again = await checkout(second.url, { buyer, key });
        const tookMs = performance.now() - started;
        expect(again.status).toBe(201);
        expect(tookMs).toBeLessThan(RETRY_ANSWERS_WITHIN_MS);
        expect(again.body.pix?.code).toBe(payment!.qrCode);
        // Found by the search, not charged again: one payment, one create.
        const searches = mercadoPago.requests.filter((request) => request.method === 'GET' && request.path === '/v1/payments/search');
        expect(searches.length).toBeGreaterThan(0);
        expect(mercadoPago.payments.size).toBe(1);
        expect(mercadoPago.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payments')).toHaveLength(1);
      } finally {
        await first.stop();
        await second.stop();
        await mercadoPago.stop();
        await database.close();
      }
    });
  }
});
