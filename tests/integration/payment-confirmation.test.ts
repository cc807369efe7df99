import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composeServer } from '../../src/server/compose.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { recheckOrder } from '../../src/server/orders/payment-confirmation.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, uniqueBuyer } from '../support/clients.ts';
import { parseMail } from './mime.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';
import { databases } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

for (const database of databases) {
  describe(`payment confirmation on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let smtp: TestSmtpServer;
    let server: TestServer;

    beforeAll(async () => {
      db = await database.create();
      smtp = await startSmtpServer();
      server = await startTestServer(db, { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@example.com>' });
    });
    beforeEach(() => {
      smtp.received.length = 0;
    });
    afterEach(async () => {
      await server.background.idle();
    });
    afterAll(async () => {
      await server.stop();
      await smtp.stop();
      await db.close();
    });

    /** A fresh order with a PIX, as the modal would create it. */
    async function createOrder(buyer = uniqueBuyer()) {
      // Each order from its own buyer and client address, as separate purchases are.
      const response = await fetchFrom(newClientAddress())(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...buyer, checkoutKey: newCheckoutKey(), viewKey: `${newCheckoutKey()}${newCheckoutKey()}` }),
      });
      expect(response.status).toBe(201);
      const { orderId } = (await response.json()) as { orderId: string };
      // "Seu PIX está pronto" goes out with the charge (pix-emails.test.ts); this test counts the e-mails after it.
      await server.background.idle();
      smtp.received.length = 0;
      const order = await db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      return {
        orderId,
        hash: order.transaction_hash!,
        postback: `${server.url}/api/webhooks/gateway?t=${orderId}.${order.postback_secret}`,
      };
    }

    /** The access link in the e-mail sent for an order (its Message-ID names the order). */
    function mailedLink(orderId: string): string | undefined {
      const mail = smtp.received
        .map((received) => parseMail(received.raw))
        .find((parsed) => parsed.headers.get('message-id')?.includes(orderId));
      return mail && /\/acesso\/acc_[\w-]+/.exec(mail.text)?.[0];
    }

    /** What the gateway itself will answer when asked about the transaction. */
    async function setGatewayStatus(hash: string, status: string, amount?: number) {
      await db.db
        .updateTable('sandbox_transactions')
        .set({ payment_status: status, ...(amount ? { amount } : {}) })
        .where('hash', '=', hash)
        .execute();
    }

    const orderStatus = async (orderId: string) =>
      await db.db.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirstOrThrow();

    /** As if the order's postback read window (routes/webhooks.ts) had ended: the next postback is read at once. */
    async function openPostbackReadWindow(orderId: string) {
      await db.db.updateTable('orders').set({ postback_read_at: null }).where('id', '=', orderId).execute();
    }

    async function settle() {
      await server.background.idle();
      await server.outbox.runOnce();
    }

    const postbackShapes: Array<[string, (hash: string) => { body: string; type: string }]> = [
      [
        'the transaction object (format A)',
        (hash) => ({
          type: 'application/json',
          body: JSON.stringify({ event: 'transaction', hash, payment_status: 'paid', amount: 1990 }),
        }),
      ],
      [
        'the panel format (format B)',
        (hash) => ({
          type: 'application/json',
          body: JSON.stringify({ token: 'x', event: 'transaction', status: 'paid', transaction: { id: hash, amount: '19.90' } }),
        }),
      ],
      ['a form-encoded body', (hash) => ({ type: 'application/x-www-form-urlencoded', body: `transaction_hash=${hash}&status=paid` })],
    ];

    for (const [name, shape] of postbackShapes) {
      it(`a postback as ${name} → paid → exactly one e-mail with a working link`, async () => {
        const buyer = uniqueBuyer();
        const { orderId, hash, postback } = await createOrder(buyer);
        await setGatewayStatus(hash, 'paid');
        const { body, type } = shape(hash);
        const response = await fetch(postback, { method: 'POST', headers: { 'Content-Type': type }, body });
        expect(response.status).toBe(200);
        await settle();

        const order = await orderStatus(orderId);
        expect(order.status).toBe('paid');
        expect(smtp.received).toHaveLength(1);
        const mail = parseMail(smtp.received[0]!.raw);
        expect(smtp.received[0]!.to).toEqual([buyer.email]);
        const link = /https?:\/\/[^\s"<>]+\/acesso\/acc_[\w-]+/.exec(mail.text)?.[0];
        expect(link).toBeDefined();
        const visit = await fetch(`${server.url}${new URL(link!).pathname}`, { redirect: 'manual' });
        expect(visit.status).toBe(303);
        expect(visit.headers.get('location')).toBe('/acesso');

        // Without the creating tab's key the polling endpoint only says where the access went.
        const status = await (await fetch(`${server.url}/api/orders/${orderId}`)).json();
        expect(status).toEqual({ status: 'paid', accessNote: expect.stringContaining('e-mail') });
      });
    }

    it('a forged postback changes nothing: wrong secret, gateway still waiting, or another amount', async () => {
      const wrongSecret = await createOrder();
      await setGatewayStatus(wrongSecret.hash, 'paid');
      await fetch(wrongSecret.postback.replace(/\.pbs_.*/, '.pbs_forged'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hash: wrongSecret.hash, payment_status: 'paid' }),
      });

      const stillWaiting = await createOrder();
      await fetch(stillWaiting.postback, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hash: stillWaiting.hash, payment_status: 'paid', amount: 1990 }),
      });

      const otherAmount = await createOrder();
      await setGatewayStatus(otherAmount.hash, 'paid', 500);
      await fetch(otherAmount.postback, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hash: otherAmount.hash, payment_status: 'paid', amount: 1990 }),
      });
      await settle();

      for (const { orderId } of [wrongSecret, stillWaiting, otherAmount]) expect((await orderStatus(orderId)).status).toBe('pending');
      // No access link went to any of them. (A late "Seu PIX está pronto" of one of them may still
      // leave from the outbox's own poll: it is not what this test is about.)
      expect([wrongSecret, stillWaiting, otherAmount].map(({ orderId }) => mailedLink(orderId))).toEqual([undefined, undefined, undefined]);
      const audited = await db.db
        .selectFrom('webhook_events')
        .select(['order_id', 'secret_ok'])
        .where('order_id', '=', wrongSecret.orderId)
        .execute();
      // A postback that does not prove it came from the gateway stores nothing (a flood cannot fill the disk).
      expect(audited).toEqual([]);
    });

    it('unknown or malformed bodies still get a fast 2xx', async () => {
      for (const body of ['not json at all', '{"hash":', '']) {
        const response = await fetch(`${server.url}/api/webhooks/gateway?t=nope`, { method: 'POST', body });
        expect(response.status).toBe(200);
      }
    });

    it('20 concurrent duplicate postbacks fulfil once and send one e-mail', async () => {
      const { orderId, hash, postback } = await createOrder();
      await setGatewayStatus(hash, 'paid');
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(postback, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ hash }) }),
        ),
      );
      expect(responses.every((response) => response.status === 200)).toBe(true);
      await settle();
      await server.outbox.runOnce();
      expect((await orderStatus(orderId)).status).toBe('paid');
      expect(smtp.received).toHaveLength(1);
      const rows = await db.db
        .selectFrom('outbox')
        .select('id')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'access_email')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('SMTP down → the e-mail waits and is delivered once the server is back', async () => {
      const { orderId, hash, postback } = await createOrder();
      await setGatewayStatus(hash, 'paid');
      await smtp.stop();
      try {
        await fetch(postback, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ hash }) });
        await settle();
        expect((await orderStatus(orderId)).status).toBe('paid');
        const row = await db.db
          .selectFrom('outbox')
          .selectAll()
          .where('order_id', '=', orderId)
          .where('kind', '=', 'access_email')
          .executeTakeFirstOrThrow();
        expect(row.sent_at).toBeNull();
        expect(Number(row.attempts)).toBeGreaterThan(0);
        // Make the retry due now instead of after the backoff.
        await db.db.updateTable('outbox').set({ next_attempt_at: 0 }).where('id', '=', row.id).execute();
      } finally {
        await smtp.start();
      }
      await server.outbox.runOnce();
      await server.outbox.runOnce();
      expect(smtp.received).toHaveLength(1);
    });

    it('a lost postback: the reconciliation job still delivers', async () => {
      const { orderId, hash } = await createOrder();
      await setGatewayStatus(hash, 'paid');
      await db.db.updateTable('orders').set({ checked_at: null }).where('id', '=', orderId).execute();
      expect(await server.reconciler.runOnce()).toBeGreaterThan(0);
      await settle();
      const { status } = await orderStatus(orderId);
      expect(status).toBe('paid');
      // (Earlier orders whose charge really is paid at the gateway may be delivered in the same pass.)
      const forThisOrder = smtp.received.filter((mail) => parseMail(mail.raw).headers.get('message-id')?.includes(orderId));
      expect(forThisOrder).toHaveLength(1);
      expect(mailedLink(orderId)).toBeDefined();
    });

    it('the polling endpoint re-checks the gateway at most once per 10 s per order', async () => {
      const { orderId, hash } = await createOrder();
      await setGatewayStatus(hash, 'paid');
      const first = (await (await fetch(`${server.url}/api/orders/${orderId}`)).json()) as { status: string };
      expect(first.status).toBe('paid');

      const other = await createOrder();
      await fetch(`${server.url}/api/orders/${other.orderId}`); // claims this 10 s window
      await setGatewayStatus(other.hash, 'paid');
      const second = (await (await fetch(`${server.url}/api/orders/${other.orderId}`)).json()) as { status: string };
      expect(second.status).toBe('pending');
      await settle();
    });

    it('a refund before the e-mail went out: the e-mail is dropped, not retried for ever', async () => {
      const { orderId, hash, postback } = await createOrder();
      const runOnce = server.outbox.runOnce;
      server.outbox.runOnce = async () => 0; // hold the outbox, as if the worker were busy
      try {
        await setGatewayStatus(hash, 'paid');
        await fetch(postback, { method: 'POST', body: JSON.stringify({ hash }), headers: { 'Content-Type': 'application/json' } });
        await server.background.idle();
        await setGatewayStatus(hash, 'refunded');
        await openPostbackReadWindow(orderId);
        await fetch(postback, { method: 'POST', body: JSON.stringify({ hash }), headers: { 'Content-Type': 'application/json' } });
        await server.background.idle();
      } finally {
        server.outbox.runOnce = runOnce;
      }
      expect((await orderStatus(orderId)).status).toBe('reversed');
      expect(await server.outbox.runOnce()).toBe(0);
      expect(await server.outbox.runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(0);
      const row = await db.db
        .selectFrom('outbox')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('kind', '=', 'access_email')
        .executeTakeFirstOrThrow();
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toMatch(/^not deliverable: /);
      expect(Number(row.next_attempt_at)).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    });

    it('a payment commits with everything its subscribers queue or not at all: one failing leaves the order unpaid and nothing queued, the next read pays it once', async () => {
      const { orderId, hash } = await createOrder();
      const kinds = async () =>
        (await db.db.selectFrom('outbox').select('kind').where('order_id', '=', orderId).where('sent_at', 'is', null).execute())
          .map((row) => row.kind)
          .sort();
      const queuedBefore = await kinds();
      expect(queuedBefore.some((kind) => kind.startsWith('pix_reminder:'))).toBe(true);
      let failing = true;
      server.orders.events.subscribe('paid', async () => {
        if (failing) throw new Error('a subscriber failed');
      });
      await setGatewayStatus(hash, 'paid');
      const row = () => db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

      await expect(recheckOrder(server.orders, await row())).rejects.toThrow('a subscriber failed');
      // Rolled back whole: still unpaid, no access e-mail queued, the PIX reminders the paid event drops still there.
      expect((await orderStatus(orderId)).status).toBe('pending');
      expect(await kinds()).toEqual(queuedBefore);

      failing = false;
      expect((await recheckOrder(server.orders, await row())).status).toBe('paid');
      expect((await recheckOrder(server.orders, await row())).status).toBe('paid');
      await settle();
      expect(smtp.received).toHaveLength(1);
      expect(mailedLink(orderId)).toBeDefined();
      // Only the review request is left: it waits REVIEW_REQUEST_DAYS by design.
      expect(await kinds()).toEqual(['review_request']);
    });

    it('a refund revokes the access', async () => {
      const { orderId, hash, postback } = await createOrder();
      await setGatewayStatus(hash, 'paid');
      await fetch(postback, { method: 'POST', body: JSON.stringify({ hash }), headers: { 'Content-Type': 'application/json' } });
      await settle();
      const link = mailedLink(orderId);
      expect((await fetch(`${server.url}${link}`, { redirect: 'manual' })).status).toBe(303);
      await setGatewayStatus(hash, 'refunded');
      await openPostbackReadWindow(orderId);
      await fetch(postback, {
        method: 'POST',
        body: JSON.stringify({ hash, payment_status: 'refunded' }),
        headers: { 'Content-Type': 'application/json' },
      });
      await settle();
      expect((await orderStatus(orderId)).status).toBe('reversed');
      // The buyer's link now leads to "Acesso encerrado", without a cookie.
      const visit = await fetch(`${server.url}${link}`, { redirect: 'manual' });
      expect(visit.status).toBe(303);
      expect(visit.headers.get('location')).toBe('/acesso?encerrado');
      expect(visit.headers.getSetCookie()).toEqual([]);
    });
  });
}

describe('a restart between marking paid and sending', () => {
  it('delivers the e-mail once after the restart', async () => {
    const db = await databases[0].create();
    const smtp = await startSmtpServer();
    try {
      // First life: the payment is confirmed, but the process dies before the outbox runs.
      const first = await startTestServer(db, { SMTP_URL: smtp.url });
      const response = await fetch(`${first.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...uniqueBuyer(), checkoutKey: newCheckoutKey() }),
      });
      const { orderId } = (await response.json()) as { orderId: string };
      // "Seu PIX está pronto" goes out with the charge (pix-emails.test.ts); this test counts the e-mails after it.
      await first.background.idle();
      smtp.received.length = 0;
      const order = await db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      await db.db.updateTable('sandbox_transactions').set({ payment_status: 'paid' }).where('hash', '=', order.transaction_hash!).execute();
      first.outbox.runOnce = async () => 0; // the crash: the outbox never runs after the commit
      await fetch(`${first.url}/api/orders/${orderId}`);
      await first.stop();
      expect((await db.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('paid');
      expect(smtp.received).toHaveLength(0);

      // Second life: a new server over the same database sends it, once.
      const logger = createLogger({ level: 'error', sink: { write: () => undefined } });
      const config = loadConfig({ DATA_DIR: '/tmp/vitrine-unused', SMTP_URL: smtp.url });
      const second = composeServer({ config, database: db, logger });
      expect(await second.outbox.runOnce()).toBe(1);
      expect(await second.outbox.runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.stop();
      await db.close();
    }
  });
});
