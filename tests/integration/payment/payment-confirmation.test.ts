import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recheckOrder } from '../../../src/server/payment/payment-confirmation.ts';
import { newViewKey, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, outboxRows, rowsOfOrder, setOrderColumns, setOutboxColumns, setSandboxCharge } from '../../support/db-reads.ts';
import { buy } from '../../support/purchase.ts';
import { parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';
import { createTestApp, useTestServer } from '../../support/test-server.ts';

for (const database of databases) {
  describe(`payment confirmation on ${database.name}`, () => {
    const running = useTestServer(database, { MAIL_FROM: 'Loja <loja@example.com>' }, { smtp: true });

    beforeEach(() => {
      running.smtp.received.length = 0;
    });
    afterEach(async () => {
      await running.server.background.idle();
    });

    /** A fresh order with a PIX, as the modal would create it. */
    async function createOrder(buyer = uniqueBuyer()) {
      // Each order from its own buyer and client address, as separate purchases are.
      const { orderId } = await buy(running.server, { buyer, fields: { viewKey: newViewKey() } });
      // "Seu PIX está pronto" goes out with the charge, in the outbox run the charge starts (tests run no
      // timers: a row that run left for the next poll would go out during this test's count).
      await running.server.background.idle();
      expect(running.smtp.received.some((mail) => parseMail(mail.raw).headers.get('message-id')?.startsWith(`<pix-${orderId}-`))).toBe(
        true,
      );
      running.smtp.received.length = 0;
      const order = await orderRow(running.db, orderId);
      return {
        orderId,
        hash: order.charge_id!,
        postback: `${running.server.url}/api/webhooks/gateway?t=${orderId}.${order.postback_secret}`,
      };
    }

    /** The access link in the e-mail sent for an order (its Message-ID names the order). */
    function mailedLink(orderId: string): string | undefined {
      const mail = running.smtp.received
        .map((received) => parseMail(received.raw))
        .find((parsed) => parsed.headers.get('message-id')?.includes(orderId));
      return mail && /\/acesso\/acc_[\w-]+/.exec(mail.text)?.[0];
    }

    /** What the gateway itself will answer when asked about the transaction. */
    const setGatewayStatus = (hash: string, status: string, amount?: number) => setSandboxCharge(running.db, hash, status, amount);

    const orderStatus = (orderId: string) => orderRow(running.db, orderId);

    /** As if the order's postback read window (routes/webhooks.ts) had ended: the next postback is read at once. */
    const openPostbackReadWindow = (orderId: string) => setOrderColumns(running.db, orderId, { postback_read_at: null });

    async function settle() {
      await running.server.background.idle();
      await running.server.outbox.runOnce();
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
        expect(running.smtp.received).toHaveLength(1);
        const mail = parseMail(running.smtp.received[0]!.raw);
        expect(running.smtp.received[0]!.to).toEqual([buyer.email]);
        const link = /https?:\/\/[^\s"<>]+\/acesso\/acc_[\w-]+/.exec(mail.text)?.[0];
        expect(link).toBeDefined();
        const visit = await fetch(`${running.server.url}${new URL(link!).pathname}`, { redirect: 'manual' });
        expect(visit.status).toBe(303);
        expect(visit.headers.get('location')).toBe('/acesso');

        // Without the creating tab's key the polling endpoint only says where the access went.
        const status = await (await fetch(`${running.server.url}/api/orders/${orderId}`)).json();
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
      const audited = await rowsOfOrder(running.db, 'webhook_events', wrongSecret.orderId);
      // A postback that does not prove it came from the gateway stores nothing (a flood cannot fill the disk).
      expect(audited).toEqual([]);
    });

    it('an unknown order gets a fast 401; malformed bodies of a real one still get a fast 2xx', async () => {
      const { postback } = await createOrder();
      for (const body of ['not json at all', '{"hash":', '']) {
        const response = await fetch(`${running.server.url}/api/webhooks/gateway?t=nope`, { method: 'POST', body });
        expect(response.status).toBe(401);
        expect((await fetch(postback, { method: 'POST', body })).status).toBe(200);
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
      await running.server.outbox.runOnce();
      expect((await orderStatus(orderId)).status).toBe('paid');
      expect(running.smtp.received).toHaveLength(1);
      const rows = await outboxRows(running.db, orderId, 'access_email');
      expect(rows).toHaveLength(1);
    });

    it('SMTP down → the e-mail waits and is delivered once the server is back', async () => {
      const { orderId, hash, postback } = await createOrder();
      await setGatewayStatus(hash, 'paid');
      await running.smtp.stop();
      try {
        await fetch(postback, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ hash }) });
        await settle();
        expect((await orderStatus(orderId)).status).toBe('paid');
        const [row] = await outboxRows(running.db, orderId, 'access_email');
        expect(row).toBeDefined();
        expect(row!.sent_at).toBeNull();
        expect(Number(row!.attempts)).toBeGreaterThan(0);
        // Make the retry due now instead of after the backoff.
        await setOutboxColumns(running.db, orderId, 'access_email', { next_attempt_at: 0 });
      } finally {
        await running.smtp.start();
      }
      await running.server.outbox.runOnce();
      await running.server.outbox.runOnce();
      expect(running.smtp.received).toHaveLength(1);
    });

    it('a lost postback: the reconciliation job still delivers', async () => {
      const { orderId, hash } = await createOrder();
      await setGatewayStatus(hash, 'paid');
      await setOrderColumns(running.db, orderId, { checked_at: null });
      expect(await running.server.reconciler.runOnce()).toBeGreaterThan(0);
      await settle();
      const { status } = await orderStatus(orderId);
      expect(status).toBe('paid');
      // (Earlier orders whose charge really is paid at the gateway may be delivered in the same pass.)
      const forThisOrder = running.smtp.received.filter((mail) => parseMail(mail.raw).headers.get('message-id')?.includes(orderId));
      expect(forThisOrder).toHaveLength(1);
      expect(mailedLink(orderId)).toBeDefined();
    });

    it('the polling endpoint re-checks the gateway at most once per 10 s per order', async () => {
      const { orderId, hash } = await createOrder();
      await setGatewayStatus(hash, 'paid');
      const first = (await (await fetch(`${running.server.url}/api/orders/${orderId}`)).json()) as { status: string };
      expect(first.status).toBe('paid');

      const other = await createOrder();
      await fetch(`${running.server.url}/api/orders/${other.orderId}`); // claims this 10 s window
      await setGatewayStatus(other.hash, 'paid');
      const second = (await (await fetch(`${running.server.url}/api/orders/${other.orderId}`)).json()) as { status: string };
      expect(second.status).toBe('pending');
      await settle();
    });

    it('a refund before the e-mail went out: the e-mail is dropped, not retried for ever', async () => {
      const { orderId, hash, postback } = await createOrder();
      const runOnce = running.server.outbox.runOnce;
      running.server.outbox.runOnce = async () => 0; // hold the outbox, as if the worker were busy
      try {
        await setGatewayStatus(hash, 'paid');
        await fetch(postback, { method: 'POST', body: JSON.stringify({ hash }), headers: { 'Content-Type': 'application/json' } });
        await running.server.background.idle();
        await setGatewayStatus(hash, 'refunded');
        await openPostbackReadWindow(orderId);
        await fetch(postback, { method: 'POST', body: JSON.stringify({ hash }), headers: { 'Content-Type': 'application/json' } });
        await running.server.background.idle();
      } finally {
        running.server.outbox.runOnce = runOnce;
      }
      expect((await orderStatus(orderId)).status).toBe('reversed');
      expect(await running.server.outbox.runOnce()).toBe(0);
      expect(await running.server.outbox.runOnce()).toBe(0);
      expect(running.smtp.received).toHaveLength(0);
      const [row] = await outboxRows(running.db, orderId, 'access_email');
      expect(row).toBeDefined();
      expect(row!.sent_at).toBeNull();
      expect(row!.last_error).toMatch(/^not deliverable: /);
      expect(Number(row!.next_attempt_at)).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    });

    it('a payment commits with everything its subscribers queue or not at all: one failing leaves the order unpaid and nothing queued, the next read pays it once', async () => {
      const { orderId, hash } = await createOrder();
      const kinds = async () =>
        (await outboxRows(running.db, orderId))
          .filter((row) => row.sent_at === null)
          .map((row) => row.kind)
          .sort();
      const queuedBefore = await kinds();
      expect(queuedBefore.some((kind) => kind.startsWith('pix_reminder:'))).toBe(true);
      let failing = true;
      running.server.orders.events.subscribe('paid', async () => {
        if (failing) throw new Error('a subscriber failed');
      });
      await setGatewayStatus(hash, 'paid');
      const row = () => orderRow(running.db, orderId);

      await expect(recheckOrder(running.server.orders, await row())).rejects.toThrow('a subscriber failed');
      // Rolled back whole: still unpaid, no access e-mail queued, the PIX reminders the paid event drops still there.
      expect((await orderStatus(orderId)).status).toBe('pending');
      expect(await kinds()).toEqual(queuedBefore);

      failing = false;
      expect((await recheckOrder(running.server.orders, await row())).status).toBe('paid');
      expect((await recheckOrder(running.server.orders, await row())).status).toBe('paid');
      await settle();
      expect(running.smtp.received).toHaveLength(1);
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
      expect((await fetch(`${running.server.url}${link}`, { redirect: 'manual' })).status).toBe(303);
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
      const visit = await fetch(`${running.server.url}${link}`, { redirect: 'manual' });
      expect(visit.status).toBe(303);
      expect(visit.headers.get('location')).toBe('/acesso?encerrado');
      expect(visit.headers.getSetCookie()).toEqual([]);
    });
  });
}

describe('a restart between marking paid and sending', () => {
  const running = useTestServer(databases[0], {}, { smtp: true });

  it('delivers the e-mail once after the restart', async () => {
    const { db, smtp } = running;
    // First life: the payment is confirmed, but the process dies before the outbox runs.
    const first = running.server;
    const { orderId } = await buy(first);
    // "Seu PIX está pronto" goes out with the charge (pix-emails.test.ts); this test counts the e-mails after it.
    await first.background.idle();
    smtp.received.length = 0;
    const order = await orderRow(db, orderId);
    await setSandboxCharge(db, order.charge_id!, 'paid');
    first.outbox.runOnce = async () => 0; // the crash: the outbox never runs after the commit
    await fetch(`${first.url}/api/orders/${orderId}`);
    await first.stop();
    expect((await orderRow(db, orderId)).status).toBe('paid');
    expect(smtp.received).toHaveLength(0);

    // Second life: a new server over the same database sends it, once.
    const second = createTestApp(db, running.env);
    expect(await second.outbox.runOnce()).toBe(1);
    expect(await second.outbox.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});
