import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Context } from 'hono';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import { startStandInGateway, type StandInGateway } from '../integration/stand-in-gateway.ts';
import type { RunningServer } from './server-process.ts';
import { fetchFrom, newClientAddress, uniqueBuyer } from './clients.ts';
import { REAL_GATEWAY_TEST_ENV } from './real-gateway-env.ts';

/**
 * What the fault tests share: a server process pointed at a scripted gateway stand-in, checkouts
 * from distinct client addresses, and a look into the killed server's SQLite file.
 */

/** A valid PIX BR Code (EMV with its CRC16), as a gateway returns it. */
export const EMV =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

export function standInEnv(gateway: { url: string }, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...REAL_GATEWAY_TEST_ENV,
    PROVIDER_URL: gateway.url,
    PROVIDER_TOKEN: 'tok_faults_secret',
    PRODUCT_HASH: 'prd_standin',
    CUSTOMER_DOCUMENT: '52998224725',
    ...extra,
  };
}

/**
 * Scripts the stand-in like a working gateway: each POST creates a transaction, each GET answers
 * with the status the test set in `statuses` (waiting_payment by default).
 */
export function scriptWorkingGateway(gateway: StandInGateway, options: { expiresAt?: string } = {}) {
  const statuses = new Map<string, string>();
  let created = 0;
  const transaction = (hash: string) => ({
    hash,
    payment_status: statuses.get(hash) ?? 'waiting_payment',
    amount: 1990,
    pix: { pix_qr_code: EMV, pix_url: EMV, qr_code_base64: null },
    product: { hash: 'prd_standin' },
    ...(options.expiresAt ? { expires_at: options.expiresAt } : {}),
  });
  gateway.onCreate = (c: Context) => {
    created += 1;
    const hash = `tx${String(created).padStart(8, '0')}`;
    statuses.set(hash, 'waiting_payment');
    return c.json(transaction(hash), 201);
  };
  gateway.onRead = (c: Context, hash: string) =>
    statuses.has(hash) ? c.json(transaction(hash)) : c.json({ message: 'Transação não encontrada' }, 404);
  return { statuses };
}

/** POSTs the gateway received whose postback URL names `orderId` (one per charge requested for it). */
export function chargeRequestsFor(gateway: StandInGateway, orderId: string) {
  return gateway.requests.filter(
    (request) =>
      request.method === 'POST' && String((request.body as { postback_url?: string } | null)?.postback_url ?? '').includes(`t=${orderId}.`),
  );
}

let keys = 0;
export const checkoutKey = () => `fault${process.pid}${Date.now()}${keys++}`.padEnd(24, 'k');

export interface CheckoutReply {
  status: number;
  body: { orderId?: string; expiresAt?: number; serverTime?: number; pix?: { code: string | null }; error?: string; message?: string };
}

/** POST /api/orders as the modal sends it, from a client address of its own. */
export async function checkout(
  url: string,
  buyer: { name: string; email: string; phone: string } = uniqueBuyer(),
  key = checkoutKey(),
  from = newClientAddress(),
): Promise<CheckoutReply> {
  const response = await fetchFrom(from)(`${url}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...buyer, checkoutKey: key }),
  });
  return { status: response.status, body: (await response.json()) as CheckoutReply['body'] };
}

/** The server's SQLite file, opened by the test on its own connection (the server may be dead). */
export function openServerDb(dataDir: string): SQLite.Database {
  const db = new SQLite(path.join(dataDir, 'vitrine.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

export interface OrderRow {
  id: string;
  status: string;
  transaction_hash: string | null;
  postback_secret: string;
  expires_at: number;
  duplicate_of: string | null;
}

export function readOrder(dataDir: string, id: string): OrderRow | undefined {
  const db = openServerDb(dataDir);
  try {
    return db.prepare('select * from orders where id = ?').get(id) as OrderRow | undefined;
  } finally {
    db.close();
  }
}

/** Sends the gateway's postback for an order (the stand-in cannot reach the server's PUBLIC_URL). */
export async function postback(url: string, order: Pick<OrderRow, 'id' | 'postback_secret'>, body: unknown): Promise<number> {
  const response = await fetch(`${url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  return response.status;
}

/** Polls `check` until it returns something other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** When the order's access e-mail was recorded as sent (null: not yet), read from the server's file. */
export function accessEmailSentAt(dataDir: string, orderId: string): number | null | undefined {
  const db = openServerDb(dataDir);
  try {
    const row = db.prepare("select sent_at from outbox where order_id = ? and kind = 'access_email'").get(orderId) as
      { sent_at: number | null } | undefined;
    return row?.sent_at;
  } finally {
    db.close();
  }
}

/**
 * A gateway stand-in, a real SMTP server and a data folder that outlives server processes (kill,
 * restart). `close()` stops whatever server process the test left running.
 */
/**
 * "Seu PIX está pronto" leaves right after the charge: tests about the access e-mail wait for it
 * and set it aside, so their counts and held SMTP answers concern the access e-mail alone.
 */
export async function setAsidePixEmail(smtp: TestSmtpServer): Promise<void> {
  await waitFor('"Seu PIX está pronto"', () => smtp.received.some(isPixEmail), 20_000, 50);
  smtp.received.length = 0;
}

export async function startKillRig(name: string) {
  const gateway = await startStandInGateway();
  const smtp = await startSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-fault-${name}-`));
  return {
    gateway,
    smtp,
    dataDir,
    env: standInEnv(gateway, { SMTP_URL: smtp.url, MAIL_TRANSPORT: 'smtp' }),
    async close(server: RunningServer | undefined) {
      await server?.stop();
      await smtp.stop();
      await gateway.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
