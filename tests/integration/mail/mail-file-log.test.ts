import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueBuyer } from '../../support/clients.ts';
import type { ChargeLedger } from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { buy, sandboxSays } from '../../support/purchase.ts';
import { createSqliteDb } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

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
  let ledger: ChargeLedger;
  let dataDir: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-log-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const running = useTestServer({ create: createSqliteDb }, () => ({ MAIL_TRANSPORT: 'file', DATA_DIR: dataDir }), { gateway: true });
  beforeAll(() => {
    ledger = running.gateway.rememberCharges();
  });

  it('with a real gateway, after a purchase and both e-mails', async () => {
    const { server } = running;
    const { orderId } = await buy(server, { buyer: uniqueBuyer('Rita Lopes') });
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

  describe('the demo', () => {
    let demoDir: string;
    beforeAll(() => {
      demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mail-log-demo-'));
    });
    afterAll(() => {
      fs.rmSync(demoDir, { recursive: true, force: true });
    });
    const demo = useTestServer({ create: createSqliteDb }, () => ({ DATA_DIR: demoDir }));

    it('in the demo, where the access link is printed for the newcomer', async () => {
      const { orderId } = await buy(demo.server, { buyer: uniqueBuyer('Rita Lopes') });
      // The postback answers 200 (sandboxSays fails otherwise).
      await sandboxSays(demo.server, demo.db, orderId);
      await demo.server.outbox.runOnce();
      const outbox = path.join(demoDir, 'outbox');
      const accessMail = fs.readdirSync(outbox).find((file) => file.startsWith('access-'));
      const token = /\/acesso\/([A-Za-z0-9_-]{16,})/.exec(
        fs.readFileSync(path.join(outbox, accessMail!), 'utf8').replace(/=\r\n/g, ''),
      )?.[1];
      expect(token).toBeDefined();
      const log = demo.server.logLines.map((entry) => entry.line).join('\n');
      expect(log).toContain(`/acesso/${token}`);
    });
  });
});
