import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Context } from 'hono';
import { newCheckoutKey, uniqueBuyer } from '../support/clients.ts';
import { tableRows } from '../support/db-reads.ts';
import { checkout, readOrder } from '../support/fault-kit.ts';
import {
  chargeRequestsFor,
  gatewayReplies,
  standInEnv,
  startGatewayStandIn,
  type GatewayStandIn,
} from '../support/providers/tribopay/tribopay-stand-in.ts';
import { startServer, withServerDb, type RunningServer } from '../support/server-process.ts';

/** The gateway client gives up on a request after 15 s (src/server/gateway/providers/tribopay/tribopay-client.ts). */
const CLIENT_TIMEOUT_MS = 15_000;

let gateway: GatewayStandIn;
let server: RunningServer;
let releaseHangs!: () => void;
const hangs = new Promise<void>((resolve) => (releaseHangs = resolve));

/** How the gateway answers each buyer's charge, by the buyer's name. */
const behaviours: Record<string, (c: Context) => Promise<Response>> = {
  'Erro Cinco': async (c) => gatewayReplies.message(c, 503, 'Internal Server Error'),
  'Resposta Lenta': async (c) => {
    // Answers, but only well after the client's timeout.
    await new Promise((resolve) => setTimeout(resolve, CLIENT_TIMEOUT_MS + 5_000));
    return c.json({ hash: 'txlate0001', payment_status: 'waiting_payment', amount: 1990, pix: { pix_qr_code: 'late' } }, 201);
  },
  'Sem Resposta': async (c) => {
    await hangs; // never answers while the test runs
    return c.json({}, 500);
  },
};

beforeAll(async () => {
  gateway = await startGatewayStandIn();
  gateway.onCreate = (c, { body }) => {
    const name = (body as { customer?: { name?: string } } | null)?.customer?.name ?? '';
    return behaviours[name]!(c);
  };
  server = await startServer(standInEnv(gateway));
});
afterAll(async () => {
  releaseHangs();
  await server.stop();
  await gateway.stop();
});

it('a 5xx, a timeout and a hang on the charge: each request ends within the client timeout with a Portuguese message, one POST per checkout key', async () => {
  const attempts = Object.keys(behaviours).map((name) => ({ name, buyer: uniqueBuyer(name), key: newCheckoutKey() }));
  const results = await Promise.all(
    attempts.map(async (attempt) => {
      const started = Date.now();
      const reply = await checkout(server.url, attempt.buyer, attempt.key);
      return { ...attempt, reply, ms: Date.now() - started };
    }),
  );
  for (const { name, reply, ms } of results) {
    expect(reply.status, name).toBe(502);
    expect(reply.body.error ?? reply.body.message, name).toMatch(/[a-zà-ú]{3,}/i);
    // Ends: bounded by the client's timeout plus the work around it (generous for a loaded
    // machine), never left hanging like the gateway.
    expect(ms, name).toBeLessThan(CLIENT_TIMEOUT_MS + 30_000);
    expect(reply.body.orderId, name).toBeUndefined();
  }

  // The browser retries each attempt with its key: no second POST, the same answer.
  const retries = await Promise.all(results.map((attempt) => checkout(server.url, attempt.buyer, attempt.key)));
  for (const [index, retry] of retries.entries()) expect(retry.status, results[index]!.name).toBe(502);

  const orders = await withServerDb(server.dataDir, (db) => tableRows(db, 'orders'));
  expect(orders).toHaveLength(3);
  for (const order of orders) {
    expect(chargeRequestsFor(gateway, order.id), order.buyer_name).toHaveLength(1);
    expect((await readOrder(server.dataDir, order.id)).status, order.buyer_name).toBe('failed');
  }
});
