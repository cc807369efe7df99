import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCheckoutKey, postOrder, uniqueBuyer } from '../support/clients.ts';
import { startGatewayStandIn, standInEnv, type ChargeLedger, type GatewayStandIn } from '../support/gateway-stand-in.ts';
import { createSqliteDb, type TestDb } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * E-mails kept as files (MAIL_TRANSPORT=file) by a shop with a real gateway: a whole purchase, the
 * PIX e-mail and the access e-mail written, and not one log line holds a link the e-mails carry
 * (the access token, the order page's contact key, the reminders opt-out). In the demo the log
 * shows the access link, so a newcomer can finish the purchase from the terminal.
 */

/** The links' secret parts, as they appear in the e-mails written to `outbox`. */
function linksIn(outbox: string): string[] {
  const mails = fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r\n/g, ''));
  const secrets = new Set<string>();
  for (const mail of mails) {
    for (const [, secret] of mail.matchAll(/\/acesso\/([A-Za-z0-9_-]{16,})/g)) secrets.add(secret!);
    for (const [, secret] of mail.matchAll(/#k=([A-Za-z0-9_-]{16,})/g)) secrets.add(secret!);
    for (const [, secret] of mail.matchAll(/\/lembretes\/([A-Za-z0-9_-]{16,})/g)) secrets.add(secret!);
  }
  return [...secrets];
}

describe('e-mails as files: the log keeps no link', () => {
  let db: TestDb;
  let gateway: GatewayStandIn;
  let ledger: ChargeLedger;
  let dataDir: string;
  let server: TestServer;

  beforeAll(async () => {
    db = await createSqliteDb();
    gateway = await startGatewayStandIn();
    ledger = gateway.rememberCharges();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-log-'));
    server = await startTestServer(db, standInEnv(gateway, { MAIL_TRANSPORT: 'file', DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await server?.stop();
    await gateway?.stop();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('with a real gateway, after a purchase and both e-mails', async () => {
    const created = await postOrder<{ orderId: string }>(server.url, { ...uniqueBuyer('Rita Lopes'), checkoutKey: newCheckoutKey() });
    expect(created.status).toBe(201);
    const { orderId } = created.body;
    await server.background.idle();
    await server.outbox.runOnce();
    const charge = ledger.byOrder.get(orderId)!;
    ledger.pay(charge.hash);
    const postback = await fetch(charge.postbackUrl.replace(/^https?:\/\/[^/]+/, server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ledger.toJson(charge)),
    });
    expect(postback.status).toBe(200);
    await server.background.idle();
    await server.outbox.runOnce();

    const outbox = path.join(dataDir, 'outbox');
    const mails = fs.readdirSync(outbox);
    expect(mails.some((file) => file.startsWith('pix-'))).toBe(true);
    expect(mails.some((file) => file.startsWith('access-'))).toBe(true);
    const secrets = linksIn(outbox);
    // The access token and the order page's contact key (the first PIX e-mail has no opt-out).
    expect(secrets.length).toBeGreaterThanOrEqual(2);

    const log = server.logLines.map((entry) => entry.line).join('\n');
    expect(log).toContain('mail written to file');
    expect(log).toContain('Order paid');
    const postbackSecret = new URL(charge.postbackUrl).searchParams.get('t')!.split('.')[1]!;
    expect([...secrets, postbackSecret].filter((secret) => log.includes(secret))).toEqual([]);
    expect(log).not.toMatch(/\/acesso\/[A-Za-z0-9_-]{8,}/);
  });

  it('in the demo, where the access link is printed for the newcomer', async () => {
    const demoDb = await createSqliteDb();
    const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-log-demo-'));
    const demo = await startTestServer(demoDb, { DATA_DIR: demoDir });
    try {
      const created = await postOrder<{ orderId: string }>(demo.url, { ...uniqueBuyer('Rita Lopes'), checkoutKey: newCheckoutKey() });
      expect(created.status).toBe(201);
      const order = await demoDb.db.selectFrom('orders').selectAll().where('id', '=', created.body.orderId).executeTakeFirstOrThrow();
      await demoDb.db
        .updateTable('sandbox_transactions')
        .set({ payment_status: 'paid' })
        .where('hash', '=', order.transaction_hash!)
        .execute();
      const postback = await fetch(`${demo.url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hash: order.transaction_hash, payment_status: 'paid' }),
      });
      expect(postback.status).toBe(200);
      await demo.background.idle();
      await demo.outbox.runOnce();
      const outbox = path.join(demoDir, 'outbox');
      const accessMail = fs.readdirSync(outbox).find((file) => file.startsWith('access-'));
      const token = /\/acesso\/([A-Za-z0-9_-]{16,})/.exec(
        fs.readFileSync(path.join(outbox, accessMail!), 'utf8').replace(/=\r\n/g, ''),
      )?.[1];
      expect(token).toBeDefined();
      const log = demo.logLines.map((entry) => entry.line).join('\n');
      expect(log).toContain(`/acesso/${token}`);
    } finally {
      await demo.stop();
      await demoDb.close();
      fs.rmSync(demoDir, { recursive: true, force: true });
    }
  });
});
