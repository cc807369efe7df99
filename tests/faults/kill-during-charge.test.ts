import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newCheckoutKey, uniqueBuyer } from '../support/clients.ts';
import { checkout, openServerDb, postback, readOrder } from '../support/fault-kit.ts';
import { waitFor } from '../support/wait.ts';
import { chargeRequestsFor, standInEnv, startGatewayStandIn, type GatewayStandIn } from '../support/gateway-stand-in.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';

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

it('kill -9 while the gateway holds the charge request: after restart the order fails within the sweep window, the gateway saw one POST for it, and the buyer can start again and pay', async () => {
  // The gateway takes the POST and never answers (until the test ends).
  let releaseHang!: () => void;
  const hang = new Promise<void>((resolve) => (releaseHang = resolve));
  gateway.onCreate = async (c) => {
    await hang;
    return c.json({ message: 'too late' }, 500);
  };
  const env = standInEnv(gateway);
  server = await startServer(env, { dataDir });
  const buyer = uniqueBuyer('Paula Reis');
  const key = newCheckoutKey();
  const pending = checkout(server.url, buyer, key).catch(() => undefined); // its connection dies with the server
  await waitFor('the charge request at the gateway', () => gateway.charges().length > 0, 60_000);
  const killedAt = Date.now();
  expect((await server.kill('SIGKILL')).signal).toBe('SIGKILL');
  await pending;

  const db = openServerDb(dataDir);
  const stuck = db.prepare('select id, status, created_at from orders where buyer_email = ?').get(buyer.email) as {
    id: string;
    status: string;
    created_at: number;
  };
  db.close();
  expect(stuck.status).toBe('creating');

  // The gateway works again; the server comes back on the same data.
  releaseHang();
  const ledger = gateway.rememberCharges();
  server = await startServer(env, { dataDir });

  // The browser retrying the same attempt makes no second charge.
  const retry = await checkout(server.url, buyer, key);
  expect(retry.status).toBe(502);
  expect(retry.body.error ?? retry.body.message).toBeTruthy();

  const failed = await waitFor(
    'the stuck order to be failed',
    () => readOrder(dataDir, stuck.id)?.status === 'failed' && Date.now(),
    200_000,
    1_000,
  );
  // Swept no earlier than 2 minutes after creation, and within the sweeper's interval after that.
  expect(failed - stuck.created_at).toBeGreaterThanOrEqual(2 * 60_000);
  expect(failed - killedAt).toBeLessThan(2 * 60_000 + 90_000);
  expect(chargeRequestsFor(gateway, stuck.id)).toHaveLength(1);
  expect(server.logs.some((line) => /Checkouts interrupted before the gateway answered marked failed/.test(line))).toBe(true);

  // The buyer starts again and pays.
  const again = await checkout(server.url, buyer);
  expect(again.status).toBe(201);
  expect(again.body.orderId).not.toBe(stuck.id);
  const order = readOrder(dataDir, again.body.orderId!)!;
  ledger.pay(order.transaction_hash!);
  expect(await postback(server.url, order, { hash: order.transaction_hash, payment_status: 'paid' })).toBe(200);
  await waitFor('the new order to be paid', () => readOrder(dataDir, order.id)?.status === 'paid', 60_000);
  expect(chargeRequestsFor(gateway, stuck.id)).toHaveLength(1);
});
