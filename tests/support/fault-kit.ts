import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect } from 'vitest';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import { standInEnv, startGatewayStandIn } from './providers/tribopay/tribopay-stand-in.ts';
import { startServer, withServerDb, type RunningServer } from './server-process.ts';
import { newCheckoutKey, newClientAddress, postOrder, uniqueBuyer } from './clients.ts';
import { orderRow, readOutboxRow } from './db-reads.ts';
import { waitFor } from './wait.ts';

/**
 * What the fault tests share: a server process pointed at a scripted gateway stand-in, checkouts
 * from distinct client addresses, and a look into the killed server's SQLite file.
 */

export interface CheckoutReply {
  status: number;
  body: { orderId?: string; expiresAt?: number; serverTime?: number; pix?: { code: string | null }; error?: string; message?: string };
}

/** POST /api/orders as the modal sends it, from a client address of its own. */
export async function checkout(
  url: string,
  buyer: { name: string; email: string; phone: string } = uniqueBuyer(),
  key = newCheckoutKey(),
  from = newClientAddress(),
): Promise<CheckoutReply> {
  return postOrder<CheckoutReply['body']>(url, { ...buyer, checkoutKey: key }, from);
}

/** The server's SQLite file, opened by the test on its own connection (the server may be dead). */
export function openServerDb(dataDir: string): SQLite.Database {
  const db = new SQLite(path.join(dataDir, 'vitrine.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** The order as the server's file holds it; fails when there is none. */
export function readOrder(dataDir: string, id: string) {
  return withServerDb(dataDir, (db) => orderRow(db, id));
}

/**
 * A buyer checks out on a server process running the sandbox gateway and presses "Simular
 * pagamento"; resolves with the order once the server has it paid.
 */
export async function buyAndPayInSandbox(
  server: Pick<RunningServer, 'url' | 'dataDir'>,
  buyer: { name: string; email: string; phone: string },
) {
  const reply = await checkout(server.url, buyer);
  expect(reply.status).toBe(201);
  const order = await readOrder(server.dataDir, reply.body.orderId!);
  const paid = await fetch(`${server.url}/sandbox/pay/${order.charge_id}`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await waitFor('the order to be paid', async () => (await readOrder(server.dataDir, order.id)).status === 'paid', 60_000);
  return order;
}

/** Sends the gateway's postback for an order (the stand-in cannot reach the server's PUBLIC_URL). */
export async function postback(url: string, order: { id: string; postback_secret: string }, body: unknown): Promise<number> {
  const response = await fetch(`${url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  return response.status;
}

/** When the order's access e-mail was recorded as sent (null: not yet), read from the server's file. */
export async function accessEmailSentAt(dataDir: string, orderId: string): Promise<number | null | undefined> {
  return (await withServerDb(dataDir, (db) => readOutboxRow(db, orderId, 'access_email')))?.sentAt;
}

/**
 * "Seu PIX está pronto" leaves right after the charge: tests about the access e-mail wait for it
 * and set it aside, so their counts and held SMTP answers concern the access e-mail alone.
 */
export async function setAsidePixEmail(smtp: TestSmtpServer): Promise<void> {
  await waitFor('"Seu PIX está pronto"', () => smtp.received.some(isPixEmail), 20_000, 50);
  smtp.received.length = 0;
}

export type KillRig = Awaited<ReturnType<typeof startKillRig>>;

/**
 * A gateway stand-in, a real SMTP server and a data folder that outlives server processes (kill,
 * restart). `close()` stops whatever server process the rig started last.
 */
export async function startKillRig(name: string) {
  const gateway = await startGatewayStandIn();
  const smtp = await startSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-fault-${name}-`));
  const env = standInEnv(gateway, { SMTP_URL: smtp.url, MAIL_TRANSPORT: 'smtp' });
  let server: RunningServer | undefined;
  const start = async () => (server = await startServer(env, { dataDir }));
  return {
    gateway,
    smtp,
    dataDir,
    /** Starts the server (again) on the rig's data folder. */
    start,
    /**
     * A working gateway, the server started, and one buyer's order charged and waiting for its
     * payment, its "Seu PIX está pronto" e-mail set aside.
     */
    async placePendingOrder(buyerName: string) {
      const ledger = gateway.rememberCharges();
      const running = await start();
      const buyer = uniqueBuyer(buyerName);
      const created = await checkout(running.url, buyer);
      expect(created.status).toBe(201);
      await setAsidePixEmail(smtp);
      return { ledger, server: running, buyer, order: await readOrder(dataDir, created.body.orderId!) };
    },
    async close() {
      await server?.stop();
      await smtp.stop();
      await gateway.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
