import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/clients.ts';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { AdminHealth } from '../../../src/shared/admin.ts';
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from '../../support/http-receiver.ts';
import { buy, consoleCall, sandboxSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';
import { readOutboxRow } from '../../support/db-reads.ts';
import { POSTBACK_READ_INTERVAL_MS } from '../../../src/server/payment/provider-webhook.ts';

/**
 * The seller's webhooks end to end: the real server on a real database, checkouts and payments
 * through its API and the sandbox gateway, and a real receiver on loopback that checks every
 * signature with the Standard Webhooks reference library. The outbox runs on a test clock.
 */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const PASSWORD = 'senha-do-painel-webhooks';
const DAY = 24 * 60 * 60_000;

const typeOf = (request: ReceivedRequest) => (JSON.parse(request.body) as { type: string }).type;

for (const database of databases) {
  describe(`outgoing webhooks on ${database.name}`, () => {
    let receiver: HttpReceiver;
    let buyers = 0;
    const reference = new Webhook(SECRET);

    beforeAll(async () => {
      receiver = await startHttpReceiver();
    });
    afterAll(async () => {
      await receiver.stop();
    });
    beforeEach(() => {
      receiver.requests.length = 0;
      receiver.respond = () => 200;
    });
    const running = useTestServer(
      database,
      () => ({ WEBHOOK_URL: `${receiver.url}/hooks/vitrine`, WEBHOOK_SECRET: SECRET, ADMIN_PASSWORD: PASSWORD }),
      { clock: 'now', each: true },
    );

    async function checkout(sameBuyer = false): Promise<{ orderId: string; publicRef: string }> {
      if (!sameBuyer) buyers += 1;
      const buyer = { name: 'Joana Lima', email: `joana${buyers}@example.com`, phone: `1198765${String(buyers).padStart(4, '0')}` };
      const { reply } = await buy<{ orderId: string; publicRef: string }>(running.server, {
        buyer,
        fields: { attribution: { utm_source: 'fb', utm_campaign: 'black' } },
      });
      // The charge starts an outbox run in the background ("Seu PIX está pronto" leaves at once,
      // and the webhook with it); wait for it, so the tests' own runs never race it.
      await running.server.background.idle();
      return reply;
    }

    const gatewaySays = (orderId: string, status: 'paid' | 'refunded') => sandboxSays(running.server, running.db, orderId, status);

    const consoleCookie = () => signInToConsole(running.server.url, PASSWORD);

    it('signs every delivery, and delivers order.paid exactly once after the receiver answered 500 twice', async () => {
      const { orderId, publicRef } = await checkout();
      expect(receiver.requests.map(typeOf)).toEqual(['order.created']);
      // Sent once: another run finds nothing left to send.
      expect(await running.server.outbox.runOnce()).toBe(0);
      expect(receiver.requests.map(typeOf)).toEqual(['order.created']);

      let refusals = 0;
      receiver.respond = (request) => (typeOf(request as ReceivedRequest) === 'order.paid' && refusals++ < 2 ? 500 : 200);
      // The paid transition sends right away (the access e-mail too); the receiver refuses.
      await gatewaySays(orderId, 'paid');
      const row = await readOutboxRow(running.db, orderId, 'webhook:order.paid');
      // The first retry is due 30 s later.
      expect(row).toMatchObject({ attempts: 1, nextAttemptAt: running.clock.now + 30_000, sentAt: null });
      expect(row!.lastError).toContain('answered HTTP 500');

      await running.server.outbox.runOnce();
      expect(receiver.requests.filter((request) => typeOf(request) === 'order.paid')).toHaveLength(1);
      running.clock.now += 30_000;
      await running.server.outbox.runOnce();
      expect(await readOutboxRow(running.db, orderId, 'webhook:order.paid')).toMatchObject({
        attempts: 2,
        nextAttemptAt: running.clock.now + 60_000,
      });
      running.clock.now += 60_000;
      await running.server.outbox.runOnce();
      // Nothing more, however long we wait.
      for (let step = 0; step < 4; step++) {
        running.clock.now += DAY;
        await running.server.outbox.runOnce();
      }

      const paid = receiver.requests.filter((request) => typeOf(request) === 'order.paid');
      expect(paid.map((request) => request.status)).toEqual([500, 500, 200]);
      // The same event under the same webhook-id every time, so the receiver can deduplicate.
      expect(new Set(paid.map((request) => request.headers['webhook-id'])).size).toBe(1);
      expect(paid[0]!.headers['webhook-id']).toMatch(/^msg_/);
      expect(paid[0]!.url).toBe('/hooks/vitrine');

      // Every delivery verifies with the reference implementation, and says what happened.
      for (const request of receiver.requests) {
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(() => reference.verify(request.body, request.headers)).not.toThrow();
      }
      const event = reference.verify(paid[2]!.body, paid[2]!.headers) as {
        type: string;
        data: {
          id: string;
          reference: string;
          status: string;
          amount_cents: number;
          customer: { email: string };
          attribution: Record<string, string>;
        };
      };
      expect(event).toMatchObject({
        type: 'order.paid',
        data: {
          id: orderId,
          reference: publicRef,
          status: 'paid',
          amount_cents: 1990,
          attribution: { utm_source: 'fb', utm_campaign: 'black' },
        },
      });
      expect(event.data.customer.email).toBe(`joana${buyers}@example.com`);

      // A body or a signature changed on the way is caught by the reference verification.
      const tamperedBody = paid[2]!.body.replace('"amount_cents":1990', '"amount_cents":1');
      expect(tamperedBody).not.toBe(paid[2]!.body);
      expect(() => reference.verify(tamperedBody, paid[2]!.headers)).toThrow(WebhookVerificationError);
      const forged = { ...paid[2]!.headers, 'webhook-signature': `v1,${Buffer.from('forged'.padEnd(32, 'x')).toString('base64')}` };
      expect(() => reference.verify(paid[2]!.body, forged)).toThrow(WebhookVerificationError);
      expect(() =>
        new Webhook('whsec_' + Buffer.from('another-secret-of-24-bytes!').toString('base64')).verify(paid[2]!.body, paid[2]!.headers),
      ).toThrow(WebhookVerificationError);
    });

    it("flags a second payment by the same buyer as order.duplicate, and the console's refund as order.refunded", async () => {
      const first = await checkout();
      await gatewaySays(first.orderId, 'paid');
      const second = await checkout(true);
      expect(second.orderId).not.toBe(first.orderId);
      await gatewaySays(second.orderId, 'paid');
      await running.server.outbox.runOnce();
      const events = () =>
        receiver.requests.map(
          (request) =>
            reference.verify(request.body, request.headers) as { type: string; data: { id: string; duplicate_of: string | null } },
        );
      expect(events().filter((event) => event.type === 'order.duplicate')).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ id: second.orderId, duplicate_of: first.orderId }) }),
      ]);

      const cookie = await consoleCookie();
      const refund = await consoleCall(running.server.url, cookie, `/orders/${second.orderId}/refund`, {});
      expect(refund.status).toBe(200);
      await running.server.background.idle();
      await running.server.outbox.runOnce();
      expect(
        events()
          .filter((event) => event.type === 'order.refunded')
          .map((event) => event.data.id),
      ).toEqual([second.orderId]);
    });

    it('reports a refund, gives up after 3 days of failures, shows it in Saúde, and "Tentar de novo" delivers it', async () => {
      const { orderId } = await checkout();
      await gatewaySays(orderId, 'paid');
      await running.server.outbox.runOnce();
      expect(receiver.requests.map(typeOf).sort()).toEqual(['order.created', 'order.paid']);

      receiver.respond = (request) => (typeOf(request as ReceivedRequest) === 'order.refunded' ? 503 : 200);
      // The refund comes later than the payment: its postback is read at once, not left to the reconciler.
      running.clock.now += POSTBACK_READ_INTERVAL_MS;
      await gatewaySays(orderId, 'refunded');
      const queuedAt = running.clock.now;
      // Follow the backoff until the worker gives up.
      for (let step = 0; step < 40; step++) {
        const row = await readOutboxRow(running.db, orderId, 'webhook:order.refunded');
        if (!row || row.nextAttemptAt === Number.MAX_SAFE_INTEGER) break;
        running.clock.now = Math.max(running.clock.now, row.nextAttemptAt);
        await running.server.outbox.runOnce();
      }
      const parked = await readOutboxRow(running.db, orderId, 'webhook:order.refunded');
      expect(parked).toMatchObject({ sentAt: null, nextAttemptAt: Number.MAX_SAFE_INTEGER });
      expect(parked!.lastError).toMatch(/^gave up after \d+ attempts: .*answered HTTP 503/);
      const refunds = receiver.requests.filter((request) => typeOf(request) === 'order.refunded');
      // 30 s, 1 min, 2 min … doubling to 12 h apart: about a dozen tries, the last within the 3 days.
      expect(refunds.length).toBeGreaterThanOrEqual(10);
      expect(running.clock.now - queuedAt).toBeLessThanOrEqual(3 * DAY);

      // Saúde names the failure, with the fix, and lets the seller send it again.
      const cookie = await consoleCookie();
      const health = async () => (await (await consoleCall(running.server.url, cookie, '/health')).json()) as AdminHealth;
      const before = await health();
      expect(before.checks.find((check) => check.key === 'webhooks')).toMatchObject({
        ok: false,
        detail: expect.stringContaining('1 sem entrega'),
        fix: expect.stringContaining('WEBHOOK_URL'),
      });
      expect(before.failingDeliveries).toEqual([
        expect.objectContaining({
          orderId,
          kind: 'webhook:order.refunded',
          nextAttemptAt: null,
          lastError: expect.stringContaining('gave up'),
        }),
      ]);
      // The e-mail queue is not blamed for the receiver's failures.
      expect(before.checks.find((check) => check.key === 'outbox')?.ok).toBe(true);

      receiver.respond = () => 200;
      const retry = await consoleCall(running.server.url, cookie, `/outbox/${before.failingDeliveries[0]!.id}/retry`, {});
      expect(retry.status).toBe(200);
      await running.server.background.idle();
      await running.server.outbox.runOnce();
      expect(receiver.requests.filter((request) => typeOf(request) === 'order.refunded').at(-1)!.status).toBe(200);
      const after = await health();
      expect(after.checks.find((check) => check.key === 'webhooks')).toMatchObject({ ok: true });
      expect(after.failingDeliveries).toEqual([]);
    });
  });
}
