import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/clients.ts';
import { quietHoursAround } from '../../support/quiet-hours.ts';
import { Webhook } from 'standardwebhooks';
import { useHttpReceiver, type ReceivedRequest } from '../../support/http-receiver.ts';
import { whatsappStopUrl } from '../../../src/server/orders/order-links.ts';
import { recipientHash } from '../../../src/server/pix-emails/pix-email-quota.ts';
import { parseMail } from '../mime.ts';
import { orderColumns, orderRow, outboxRows, rowsOfOrder, tableRows } from '../../support/db-reads.ts';
import { askRefund, buy, consoleCall, drainOutbox, sandboxSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * Erasing a buyer, end to end on both databases: the real server with e-mails written as `.eml`
 * files, a real webhook receiver checking signatures with the Standard Webhooks library, and the
 * erasure run from the console (and, on SQLite, from `npm run buyer`). What the buyer and the
 * seller's CRM would notice: the access link stops opening the list, the e-mail files are gone, and
 * the CRM hears `order.erased` with ids only.
 */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const PASSWORD = 'senha-do-painel-apagar';

const typeOf = (request: ReceivedRequest) => (JSON.parse(request.body) as { type: string }).type;

for (const database of databases) {
  describe(`erasing a buyer on ${database.name}`, () => {
    let dataDir = '';
    let buyers = 0;
    // The data directory (where the e-mails are written) is made before the server and removed after it.
    beforeEach(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-erasure-'));
    });
    afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const receiver = useHttpReceiver();
    beforeEach(() => {
      receiver.requests.length = 0;
    });
    const running = useTestServer(
      database,
      () => ({
        DATA_DIR: dataDir,
        WEBHOOK_URL: `${receiver.url}/hooks`,
        WEBHOOK_SECRET: SECRET,
        ADMIN_PASSWORD: PASSWORD,
        // The WhatsApp messages go now, whatever the hour the test runs at.
        WHATSAPP_QUIET_HOURS: quietHoursAround(Date.now()),
      }),
      { each: true },
    );
    const outbox = () => path.join(dataDir, 'outbox');
    const mailFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : []);

    /** Renata checks out with `email`, a phone of her own, and WhatsApp's consent when asked; once its e-mails are written. */
    async function checkout(email: string, whatsappConsent = false): Promise<{ orderId: string; publicRef: string }> {
      const { server, db } = running;
      buyers += 1;
      const phone = `1197${String(process.pid % 1000).padStart(3, '0')}${String(buyers).padStart(4, '0')}`;
      const { orderId } = await buy(server, { buyer: { name: 'Renata Quintela', email, phone }, fields: { whatsappConsent } });
      await server.background.idle();
      // An idle background does not mean a written e-mail: the worker's own timed run may have claimed
      // the new row and still be writing it when the run after the charge, finding nothing left to
      // claim, ends. Once in a loaded run the file was not there yet.
      const written = async () => {
        await server.outbox.runOnce();
        return mailFiles().some((name) => name.includes(orderId));
      };
      await expect.poll(written, { timeout: 10_000 }).toBe(true);
      return { orderId, publicRef: (await orderRow(db, orderId)).public_ref };
    }

    /** Pays the order and returns the access token from the access e-mail's file. */
    async function payAndReadAccessToken(orderId: string): Promise<string> {
      const { server, db } = running;
      await sandboxSays(server, db, orderId, 'paid');
      await server.outbox.runOnce();
      const file = mailFiles().find((name) => name.startsWith(`access-${orderId}-`));
      expect(file, 'the access e-mail was written').toBeDefined();
      const mail = parseMail(fs.readFileSync(path.join(outbox(), file!), 'utf8'));
      return /\/acesso\/(acc_[\w-]+)/.exec(mail.text)![1]!;
    }

    const openLink = (token: string) => fetch(`${running.server.url}/acesso/${token}`, { redirect: 'manual' });

    const consoleCookie = () => signInToConsole(running.server.url, PASSWORD);

    it('from the console: the link stops opening the list, the .eml files go, and the CRM gets order.erased with ids only', async () => {
      const { db, server } = running;
      const email = `renata.${process.pid}.${Date.now()}@example.com`;
      const other = `outra.${process.pid}.${Date.now()}@example.com`;
      const first = await checkout(email);
      const token = await payAndReadAccessToken(first.orderId);
      const second = await checkout(email);
      const bystander = await checkout(other);

      const opened = await openLink(token);
      expect(opened.status).toBe(303);
      const cookie = opened.headers.get('Set-Cookie')!.split(';')[0]!;
      expect((await fetch(`${server.url}/api/access`, { headers: { Cookie: cookie } })).status).toBe(200);
      // "Seu PIX está pronto" for all three orders, and the access e-mail of the paid one.
      for (const orderId of [first.orderId, second.orderId, bystander.orderId]) {
        expect(mailFiles().some((name) => name.includes(orderId))).toBe(true);
      }
      await server.outbox.runOnce();
      receiver.requests.length = 0;
      const quotaOfBuyer = async () =>
        (await tableRows(db, 'pix_email_quota')).filter((row) => row.recipient_hash === recipientHash(email)).length;
      expect(await quotaOfBuyer()).toBe(2);

      const response = await consoleCall(server.url, await consoleCookie(), '/buyer/delete', { email, confirmation: email });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { erasedOrders: number }).erasedOrders).toBe(2);

      // Not even the hash of the address stays in the PIX e-mail quota.
      expect(await quotaOfBuyer()).toBe(0);
      // The link and the cookie it gave open nothing any more: the member page's dead-link state.
      expect((await openLink(token)).status).toBe(404);
      const list = await fetch(`${server.url}/api/access`, { headers: { Cookie: cookie } });
      expect(list.status).toBe(401);
      expect(((await list.json()) as { error: string }).error).toBe('Este acesso não está mais ativo.');

      // The buyer's e-mail files are gone; the other buyer's stays.
      const left = mailFiles();
      expect(left.filter((name) => name.includes(first.orderId) || name.includes(second.orderId))).toEqual([]);
      expect(left.some((name) => name.includes(bystander.orderId))).toBe(true);
      for (const name of left) expect(fs.readFileSync(path.join(outbox(), name), 'utf8')).not.toContain(email);

      await server.outbox.runOnce();
      const erased = receiver.requests.filter((request) => typeOf(request) === 'order.erased');
      expect(erased).toHaveLength(2);
      const reference = new Webhook(SECRET);
      const events = erased.map((request) => reference.verify(request.body, request.headers) as { data: Record<string, unknown> });
      expect(events.map((event) => event.data).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
        [first, second].map((order) => ({ id: order.orderId, reference: order.publicRef })).sort((a, b) => a.id.localeCompare(b.id)),
      );
      for (const request of erased) {
        expect(request.body).not.toContain(email);
        expect(request.body).not.toContain('Renata');
      }
    });

    it('drops every e-mail still waiting for the buyer, the refund e-mails included, and none goes out after', async () => {
      const { db, server } = running;
      const email = `espera.${process.pid}.${Date.now()}@example.com`;
      const order = await checkout(email);
      const token = await payAndReadAccessToken(order.orderId);
      const opened = await openLink(token);
      const cookie = opened.headers.get('Set-Cookie')!.split(';')[0]!;
      // The mail goes nowhere for a while (a file stands where the e-mail folder was): the refund's e-mail waits.
      const held = `${outbox()}.held`;
      fs.renameSync(outbox(), held);
      fs.writeFileSync(outbox(), '');
      expect((await askRefund(server.url, cookie)).status).toBe(200);
      await drainOutbox(server);
      fs.rmSync(outbox());
      fs.renameSync(held, outbox());
      const waitingEmails = async () =>
        (await outboxRows(db, order.orderId))
          .filter((row) => row.sent_at === null && !row.kind.startsWith('webhook:'))
          .map((row) => row.kind)
          .sort();
      // The review request waits for its day; the refund's receipt for the mail server.
      expect(await waitingEmails()).toEqual(['refund_received', 'review_request']);

      const response = await consoleCall(server.url, await consoleCookie(), '/buyer/delete', { email, confirmation: email });
      expect(response.status).toBe(200);
      expect(await waitingEmails()).toEqual([]);
      await drainOutbox(server);
      expect(mailFiles().filter((name) => name.includes(order.orderId))).toEqual([]);
    });

    it("takes the WhatsApp consent and message log with the buyer; the export had them; a number's PARAR stays, as a hash", async () => {
      const { db, server } = running;
      const email = `whats.${process.pid}.${Date.now()}@example.com`;
      const other = `vizinha.${process.pid}.${Date.now()}@example.com`;
      const order = await checkout(email, true);
      await payAndReadAccessToken(order.orderId);
      const bystander = await checkout(other, true);
      // Without the Cloud API the messages are recorded as they would have gone: the PIX, then the access.
      const logOf = (orderId: string) => rowsOfOrder(db, 'whatsapp_messages', orderId);
      expect((await logOf(order.orderId)).map((row) => row.kind).sort()).toEqual(['access', 'pix']);
      expect(await logOf(bystander.orderId)).toHaveLength(1);
      // The buyer stops the messages with the link the messages carry.
      const stored = await orderRow(db, order.orderId);
      const stop = new URL(whatsappStopUrl(server.url, stored)).pathname;
      expect((await fetch(`${server.url}${stop}`, { method: 'POST' })).status).toBe(200);

      const cookie = await consoleCookie();
      const exported = await consoleCall(server.url, cookie, '/buyer/export', { email });
      const data = (await exported.json()) as {
        orders: Array<{ whatsapp: { consent: { text: string } | null; messages: Array<{ kind: string; status: string }> } }>;
      };
      expect(data.orders[0]!.whatsapp.consent).toMatchObject({ text: 'Quero receber o PIX e o acesso pelo WhatsApp', version: '2026-11' });
      expect(data.orders[0]!.whatsapp.messages.map((message) => [message.kind, message.status])).toEqual([
        ['pix', 'not_sent'],
        ['access', 'not_sent'],
      ]);

      const erased = await consoleCall(server.url, cookie, '/buyer/delete', { email, confirmation: email });
      expect(erased.status).toBe(200);
      expect(await logOf(order.orderId)).toEqual([]);
      const after = await orderColumns(db, order.orderId, [
        'buyer_phone',
        'whatsapp_consent_at',
        'whatsapp_consent_text',
        'whatsapp_consent_version',
      ]);
      expect(after).toEqual({ buyer_phone: '', whatsapp_consent_at: null, whatsapp_consent_text: null, whatsapp_consent_version: null });
      // The other buyer's log stays; the stop is kept as a hash of the number, never the number.
      expect(await logOf(bystander.orderId)).toHaveLength(1);
      const optOuts = (await tableRows(db, 'whatsapp_opt_outs')).map(({ phone_key, source }) => ({ phone_key, source }));
      expect(optOuts).toEqual([{ phone_key: expect.stringMatching(/^[\w-]{43}$/), source: 'link' }]);
      expect(JSON.stringify(optOuts)).not.toContain(stored.buyer_phone);
    });

    if (database.name === 'sqlite') {
      it('from npm run buyer -- delete: the same revocation, files and webhook', async () => {
        const { db, server } = running;
        const email = `cli.${process.pid}.${Date.now()}@example.com`;
        const order = await checkout(email);
        const token = await payAndReadAccessToken(order.orderId);
        expect((await openLink(token)).status).toBe(303);
        await server.outbox.runOnce();
        receiver.requests.length = 0;

        // Not execFileSync: a blocked event loop lets the server close the test's kept-alive sockets under it (ECONNRESET).
        const { stdout: output } = await promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'src/server/cli/buyer.ts', 'delete', email],
          {
            env: { PATH: process.env.PATH ?? '', ...running.env, DATABASE_URL: `sqlite:${(db as unknown as { file: string }).file}` },
            encoding: 'utf8',
          },
        );
        expect(output).toBe('1 order(s) erased\n');
        expect((await openLink(token)).status).toBe(404);
        expect(mailFiles().filter((name) => name.includes(order.orderId))).toEqual([]);
        // The running server's outbox sends the event the command queued.
        await server.outbox.runOnce();
        const erased = receiver.requests.filter((request) => typeOf(request) === 'order.erased');
        expect(erased).toHaveLength(1);
        expect(new Webhook(SECRET).verify(erased[0]!.body, erased[0]!.headers)).toMatchObject({
          type: 'order.erased',
          data: { id: order.orderId, reference: order.publicRef },
        });
      }, 90_000);
    }
  });
}
