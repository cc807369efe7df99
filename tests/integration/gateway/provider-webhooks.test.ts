import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TOLERANCE_MS } from '../../../src/server/gateway/providers/mercadopago/mercadopago-webhook.ts';
import { startHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import {
  ABACATEPAY_WEBHOOK_SECRET,
  type AbacatepayStandIn,
  abacatepayVariables,
  startAbacatepayStandIn,
} from '../../support/providers/abacatepay/abacatepay-stand-in.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  MP_STAND_IN_WEBHOOK_SECRET,
  signNotification,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { drainOutbox } from '../../support/purchase.ts';
import { orderRow, outboxRows } from '../../support/db-reads.ts';
import { databases, type TestDb } from '../test-db.ts';
import { useTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * The webhook signatures — a valid one, a tampered body, a replayed timestamp and a wrong secret —
 * through the route (`/api/webhooks/{provider}`) of the real server rather than the adapter alone
 * (tests/integration/provider-*.test.ts check each adapter's verification in detail). What the
 * seller would notice: a valid webhook makes the server read the charge back at the provider and
 * the order paid; one that fails its signature or secret is answered 401 (so the provider's panel
 * shows the seller the failure) and leaves no trace at the provider and the order waiting. Efí's
 * (mTLS header, HMAC in the URL) are in tests/faults/provider-efi-process.test.ts.
 */

/** Sends a webhook to the server; resolves with its status once the work it started (a read-back) is done. */
async function sendWebhook(server: TestServer, url: string | URL, init: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  await server.background.idle();
  return response.status;
}

/** A webhook the server must not believe: answered 401, the charge not read back, the order still waiting. */
async function expectIgnored(
  db: TestDb,
  readsOf: (chargeId: string) => number,
  order: { orderId: string; chargeId: string },
  sent: Promise<number>,
) {
  const reads = readsOf(order.chargeId);
  expect(await sent).toBe(401);
  expect(readsOf(order.chargeId)).toBe(reads);
  expect(await orderRow(db, order.orderId)).toMatchObject({ status: 'pending' });
}

for (const database of databases) {
  describe(`Mercado Pago's webhook through /api/webhooks/mercadopago on ${database.name}`, () => {
    let standIn: MercadoPagoStandIn;
    beforeAll(async () => {
      standIn = await startMercadoPagoStandIn();
    });
    afterAll(() => standIn?.stop());
    const running = useTestServer(database, () => providersEnv(['mercadopago'], mercadoPagoVariables(standIn)), { ownPublicUrl: true });

    /** A buyer's order whose PIX was paid at Mercado Pago, which has not told us yet. */
    async function paidAtMercadoPago() {
      const created = await checkout(running.server.url);
      expect(created.status).toBe(201);
      const order = await orderRow(running.db, created.body.orderId!);
      standIn.pay(order.charge_id!);
      return { orderId: order.id, chargeId: order.charge_id! };
    }

    const readsOf = (chargeId: string) =>
      standIn.requests.filter((request) => request.method === 'GET' && request.path === `/v1/payments/${chargeId}`).length;

    /**
     * Mercado Pago's notification for `signed.dataId`, signed as it signs (`x-signature: ts=…,v1=…`
     * over `id:{data.id};request-id:{x-request-id};ts:{ts};`), then sent as `sent` says.
     */
    async function notify(
      signed: { dataId: string; secret?: string; tsMs?: number },
      sent: { dataId?: string; requestId?: string; body?: string } = {},
    ): Promise<number> {
      const requestId = randomUUID();
      const ts = String(signed.tsMs ?? Date.now());
      const dataId = sent.dataId ?? signed.dataId;
      return sendWebhook(running.server, `${running.server.url}/api/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'x-request-id': sent.requestId ?? requestId,
          'x-signature': signNotification({
            secret: signed.secret ?? MP_STAND_IN_WEBHOOK_SECRET,
            dataId: signed.dataId,
            requestId,
            ts,
          }),
        },
        body: sent.body ?? JSON.stringify({ action: 'payment.updated', api_version: 'v1', type: 'payment', data: { id: signed.dataId } }),
      });
    }

    it('a valid one: the payment is read back at Mercado Pago and the order paid, its access e-mail queued', async () => {
      const order = await paidAtMercadoPago();
      const reads = readsOf(order.chargeId);
      // The stand-in sends it to the notification_url the server gave with the payment.
      expect((await standIn.notify(order.chargeId)).status).toBe(200);
      await running.server.background.idle();
      expect(readsOf(order.chargeId)).toBe(reads + 1);
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });
      expect(await outboxRows(running.db, order.orderId, 'access_email')).toHaveLength(1);
    });

    it('a tampered one (another payment, request id or body than signed): answered 401, nothing read back, the order still waits', async () => {
      const order = await paidAtMercadoPago();
      const other = await paidAtMercadoPago();
      // Signed for one payment, sent naming another.
      await expectIgnored(running.db, readsOf, other, notify({ dataId: order.chargeId }, { dataId: other.chargeId }));
      await expectIgnored(running.db, readsOf, order, notify({ dataId: order.chargeId }, { requestId: randomUUID() }));
      // The body is not signed, so it is never read for an id: a body naming another payment reads back only the signed one.
      const otherReads = readsOf(other.chargeId);
      const body = JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: other.chargeId } });
      expect(await notify({ dataId: order.chargeId }, { body })).toBe(200);
      expect(readsOf(other.chargeId)).toBe(otherReads);
      expect(await orderRow(running.db, other.orderId)).toMatchObject({ status: 'pending' });
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });
    });

    it(`a replayed one, its timestamp more than ${WEBHOOK_TOLERANCE_MS / 60_000} minutes old: answered 401, nothing read back`, async () => {
      const order = await paidAtMercadoPago();
      await expectIgnored(running.db, readsOf, order, notify({ dataId: order.chargeId, tsMs: Date.now() - WEBHOOK_TOLERANCE_MS - 60_000 }));
      // The same notification with a fresh timestamp is Mercado Pago's own retry: read back, paid.
      expect(await notify({ dataId: order.chargeId })).toBe(200);
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });
    });

    it('one signed with another secret: answered 401, nothing read back, the order still waits', async () => {
      const order = await paidAtMercadoPago();
      await expectIgnored(running.db, readsOf, order, notify({ dataId: order.chargeId, secret: 'another-applications-secret' }));
      expect((await standIn.notify(order.chargeId, { secret: 'another-applications-secret' })).status).toBe(401);
      await running.server.background.idle();
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'pending' });
    });
  });

  describe(`AbacatePay's webhook through /api/webhooks/abacatepay on ${database.name}`, () => {
    let standIn: AbacatepayStandIn;
    /** Where AbacatePay's deliveries are caught, to be sent to the server as they are, or altered. */
    let catcher: HttpReceiver;
    beforeAll(async () => {
      standIn = await startAbacatepayStandIn();
      catcher = await startHttpReceiver();
      standIn.webhook = { url: `${catcher.url}/api/webhooks/abacatepay`, secret: ABACATEPAY_WEBHOOK_SECRET };
    });
    afterAll(async () => {
      await catcher?.stop();
      await standIn?.stop();
    });
    const running = useTestServer(database, () => providersEnv(['abacatepay'], abacatepayVariables(standIn)), { ownPublicUrl: true });

    /** A buyer's order whose PIX was paid at AbacatePay: its `transparent.completed` delivery, caught on its way. */
    async function paidAtAbacatePay() {
      const created = await checkout(running.server.url);
      expect(created.status).toBe(201);
      const order = await orderRow(running.db, created.body.orderId!);
      const caught = catcher.requests.length;
      await standIn.markPaid(order.charge_id!);
      const delivery = catcher.requests[caught]!;
      return { orderId: order.id, chargeId: order.charge_id!, delivery };
    }

    const readsOf = (chargeId: string) =>
      standIn.requests.filter((request) => request.path === '/v2/transparents/list' && request.query.id === chargeId).length;

    async function deliver(delivery: HttpReceiver['requests'][number], changes: { body?: string; secret?: string } = {}) {
      const url = new URL(delivery.url, running.server.url);
      const headers = { ...delivery.headers };
      if (changes.secret !== undefined) {
        url.searchParams.set('webhookSecret', changes.secret);
        headers['x-webhook-secret'] = changes.secret;
      }
      delete headers['content-length'];
      delete headers.host;
      return sendWebhook(running.server, url, { method: 'POST', headers, body: changes.body ?? delivery.body });
    }

    it('a valid one (its secret and X-Webhook-Signature): the charge is read back at AbacatePay and the order paid', async () => {
      const order = await paidAtAbacatePay();
      const reads = readsOf(order.chargeId);
      expect(await deliver(order.delivery)).toBe(200);
      expect(readsOf(order.chargeId)).toBe(reads + 1);
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });
    });

    it('a tampered body, under the signature of the one sent: answered 401, nothing read back, the order still waits', async () => {
      const order = await paidAtAbacatePay();
      const other = await paidAtAbacatePay();
      // The delivery for one charge, rewritten to name the other.
      const tampered = order.delivery.body.replaceAll(order.chargeId, other.chargeId);
      await expectIgnored(running.db, readsOf, other, deliver(order.delivery, { body: tampered }));
      await expectIgnored(
        running.db,
        readsOf,
        order,
        deliver(order.delivery, { body: order.delivery.body.replace('"amount":1990', '"amount":19') }),
      );
    });

    it('a wrong secret: answered 401, nothing read back, the order still waits', async () => {
      const order = await paidAtAbacatePay();
      await expectIgnored(running.db, readsOf, order, deliver(order.delivery, { secret: 'whsec_of_someone_else' }));
      await expectIgnored(running.db, readsOf, order, deliver(order.delivery, { secret: ABACATEPAY_WEBHOOK_SECRET.slice(0, -1) }));
    });

    it('a replay (AbacatePay signs no timestamp) only reads the charge back again: paid once, one access e-mail', async () => {
      const order = await paidAtAbacatePay();
      expect(await deliver(order.delivery)).toBe(200);
      await drainOutbox(running.server);
      const reads = readsOf(order.chargeId);
      expect(await deliver(order.delivery)).toBe(200);
      expect(await deliver(order.delivery)).toBe(200);
      await drainOutbox(running.server);
      expect(readsOf(order.chargeId)).toBe(reads + 2);
      expect(await orderRow(running.db, order.orderId)).toMatchObject({ status: 'paid' });
      expect(await outboxRows(running.db, order.orderId, 'access_email')).toHaveLength(1);
    });
  });
}
