import { describe, it } from 'vitest';
import { CHARGE_IN_FLIGHT_MS } from '../../src/server/orders/checkout-repository.ts';
import { newCheckoutKey, uniqueBuyer } from '../support/clients.ts';
import { startGatewayStandIn, tribopayVariables } from '../support/providers/tribopay/tribopay-stand-in.ts';
import { freePort } from '../support/nginx.ts';
import { checkout, processDatabase, providersEnv } from '../support/provider-rig.ts';
import { startServer } from '../support/server-process.ts';
import { waitFor } from '../support/wait.ts';

/**
 * A kill -9 while TriboPay holds a create: TriboPay takes no idempotency key, so the lost call cannot be asked about
 * or resent. But its code was never shown to anyone, so it cannot be paid: after the restart, the buyer's retry with
 * the same key gets a PIX at once, and so does a new checkout by the same buyer — the same one, never a second —
 * rather than 502 until CHARGE_IN_FLIGHT_MS has passed. The dead order is kept, failed, under its key marked with its
 * id. On SQLite and PostgreSQL, with real processes and a real SIGKILL.
 */

describe.concurrent('kill -9 while TriboPay holds the create', () => {
  for (const kind of ['sqlite', 'postgres'] as const) {
    it(`on ${kind}: after the restart the retry and a new checkout get one PIX at once`, async ({ expect }) => {
      const tribopay = await startGatewayStandIn();
      const database = await processDatabase(kind);
      const port = await freePort();
      const env = {
        ...providersEnv(['tribopay'], tribopayVariables(tribopay)),
        ...database.env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      };
      let releaseHang!: () => void;
      const hang = new Promise<void>((resolve) => (releaseHang = resolve));
      tribopay.onCreate = async (c) => {
        await hang;
        return c.json({ message: 'too late' }, 500);
      };
      let server = await startServer(env);
      try {
        const buyer = uniqueBuyer('Iara Fontes');
        const key = newCheckoutKey();
        const pending = checkout(server.url, { buyer, key }).catch(() => undefined);
        await waitFor('the create at TriboPay', () => tribopay.charges().length === 1, 30_000, 50);
        expect((await server.kill('SIGKILL')).signal).toBe('SIGKILL');
        await pending;
        releaseHang();

        const orders = () =>
          database.db.db.selectFrom('orders').selectAll().where('buyer_email', '=', buyer.email).orderBy('created_at').execute();
        const [stuck] = await orders();
        expect(stuck).toMatchObject({ status: 'creating', provider: 'tribopay', charge_id: null });

        // TriboPay answers again; the server is back on the same data, well inside the window.
        const ledger = tribopay.rememberCharges();
        server = await startServer(env);
        const retry = await checkout(server.url, { buyer, key });
        const another = await checkout(server.url, { buyer });
        expect(Date.now()).toBeLessThan(Number(stuck!.created_at) + CHARGE_IN_FLIGHT_MS);
        expect([retry.status, another.status]).toEqual([201, 201]);
        expect(retry.body.pix?.code).toMatch(/^000201/);
        expect(another.body.orderId).toBe(retry.body.orderId);
        expect(ledger.charges()).toBe(1);

        const rows = await orders();
        expect(rows.map((row) => [row.id, row.status, row.checkout_key])).toEqual([
          [stuck!.id, 'failed', `${key}.${stuck!.id}`],
          [retry.body.orderId, 'pending', key],
        ]);
      } finally {
        releaseHang();
        await server.stop();
        await tribopay.stop();
        await database.close();
      }
    });
  }
});
