import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHARGE_IN_FLIGHT_MS } from '../../src/server/orders/checkout-repository.ts';
import { newCheckoutKey, uniqueBuyer } from '../support/clients.ts';
import { ordersBy } from '../support/db-reads.ts';
import { checkout, postback, readOrder } from '../support/fault-kit.ts';
import { waitFor } from '../support/wait.ts';
import {
  chargeRequestsFor,
  standInEnv,
  startGatewayStandIn,
  type GatewayStandIn,
} from '../support/providers/tribopay/tribopay-stand-in.ts';
import { startServer, withServerDb, type RunningServer } from '../support/server-process.ts';

let gateway: GatewayStandIn;
let dataDir: string;
let server: RunningServer | undefined;

beforeAll(async () => {
  gateway = await startGatewayStandIn();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-fault-charge-'));
});
afterAll(async () => {
  await server?.stop();
  await gateway.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function ordersOf(email: string) {
  return withServerDb(dataDir, (db) => ordersBy(db, 'buyer_email', email));
}

it('kill -9 while the gateway holds two charge requests: the buyer who retries gets a PIX at once with the same key and pays; the other order is swept as failed; no order is lost or doubled', async () => {
  // The gateway takes the POSTs and never answers (until the server is dead).
  let releaseHang!: () => void;
  const hang = new Promise<void>((resolve) => (releaseHang = resolve));
  gateway.onCreate = async (c) => {
    await hang;
    return c.json({ message: 'too late' }, 500);
  };
  const env = standInEnv(gateway);
  server = await startServer(env, { dataDir });
  const paula = uniqueBuyer('Paula Reis');
  const rui = uniqueBuyer('Rui Lopes');
  const key = newCheckoutKey();
  // Their connections die with the server.
  const pending = [checkout(server.url, paula, key).catch(() => undefined), checkout(server.url, rui).catch(() => undefined)];
  await waitFor('both charge requests at the gateway', () => gateway.charges().length === 2, 60_000);
  const killedAt = Date.now();
  expect((await server.kill('SIGKILL')).signal).toBe('SIGKILL');
  await Promise.all(pending);

  const [stuck] = await ordersOf(paula.email);
  const [abandoned] = await ordersOf(rui.email);
  expect([stuck?.status, abandoned?.status]).toEqual(['creating', 'creating']);

  // The gateway works again; the server comes back on the same data.
  releaseHang();
  const ledger = gateway.rememberCharges();
  server = await startServer(env, { dataDir });

  // Still within the window in which the lost request could answer, but its code was never shown to anyone, so it
  // cannot be paid: the browser's retry with the same key gets a PIX at once, and another attempt with the same e-mail
  // lands on that same order.
  expect(Date.now()).toBeLessThan(stuck!.created_at + CHARGE_IN_FLIGHT_MS - 2_000);
  const again = await checkout(server.url, paula, key);
  expect(again.status).toBe(201);
  expect(again.body.pix?.code).toMatch(/^000201/);
  expect(again.body.orderId).not.toBe(stuck!.id);
  // A retry of that attempt, or another tab of the buyer, lands on the same new order.
  expect((await checkout(server.url, paula, key)).body.orderId).toBe(again.body.orderId);
  expect((await checkout(server.url, paula)).body.orderId).toBe(again.body.orderId);
  expect(ledger.charges()).toBe(1);

  const order = await readOrder(dataDir, again.body.orderId!);
  ledger.pay(order.charge_id!);
  expect(await postback(server.url, order, { hash: order.charge_id, payment_status: 'paid' })).toBe(200);
  await waitFor('the new order to be paid', async () => (await readOrder(dataDir, order.id)).status === 'paid', 60_000);

  // The dead order is kept, failed, under its key marked with its id; the new order holds the key.
  expect((await ordersOf(paula.email)).map((row) => [row.id, row.status, row.checkout_key])).toEqual([
    [stuck!.id, 'failed', `${key}.${stuck!.id}`],
    [order.id, 'paid', key],
  ]);
  expect(chargeRequestsFor(gateway, stuck!.id)).toHaveLength(1);
  expect(chargeRequestsFor(gateway, order.id)).toHaveLength(1);

  // Nobody retried for Rui: the sweep fails his order no earlier than 2 minutes after creation.
  const failed = await waitFor(
    'the abandoned order to be failed',
    async () => (await readOrder(dataDir, abandoned!.id)).status === 'failed' && Date.now(),
    200_000,
    1_000,
  );
  expect(failed - abandoned!.created_at).toBeGreaterThanOrEqual(2 * 60_000);
  expect(failed - killedAt).toBeLessThan(2 * 60_000 + 90_000);
  // Logged just after the orders are written: it may reach the test's pipe a moment later.
  await server.waitForLog(/Checkouts interrupted before the gateway answered marked failed/, 10_000);
  expect(await ordersOf(rui.email)).toHaveLength(1);
  expect(chargeRequestsFor(gateway, abandoned!.id)).toHaveLength(1);
});
