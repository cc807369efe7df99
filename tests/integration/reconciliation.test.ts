import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../src/server/gateway/gateway-client.ts';
import { GatewayError, type GatewayClient } from '../../src/server/gateway/types.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { SANDBOX_TOKEN } from '../../src/server/compose.ts';
import { SANDBOX_PRODUCT_HASH } from '../../src/server/gateway/sandbox.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, uniqueBuyer } from '../support/clients.ts';
import { isPixEmail, startSmtpServer, type TestSmtpServer } from './smtp-test-server.ts';
import { databases } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

for (const database of databases) {
  describe(`reconciliation on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let smtp: TestSmtpServer;
    let server: TestServer;
    let clock: number;
    /** While set, every read of a transaction at the gateway fails (the gateway is down). */
    let readsFail = false;
    let reads = 0;

    beforeEach(async () => {
      db = await database.create();
      smtp = await startSmtpServer();
      clock = Date.now();
      readsFail = false;
      reads = 0;
      // The real client against this server's sandbox, with reads that the test can make fail.
      let port = 0;
      const real = createGatewayClient({
        baseUrl: () => `http://127.0.0.1:${port}/sandbox`,
        token: SANDBOX_TOKEN,
        productHash: SANDBOX_PRODUCT_HASH,
        logger: createLogger({ level: 'error', sink: { write: () => undefined } }),
      });
      const gateway: GatewayClient = {
        getProduct: (options) => real.getProduct(options),
        createCharge: (input) => real.createCharge(input),
        refundTransaction: (hash) => real.refundTransaction(hash),
        async getTransaction(hash) {
          reads++;
          if (readsFail) throw new GatewayError('Erro ao processar pagamento', 'transaction', 503);
          return real.getTransaction(hash);
        },
      };
      server = await startTestServer(db, { SMTP_URL: smtp.url }, { gateway, now: () => clock });
      port = Number(new URL(server.url).port);
    });
    afterEach(async () => {
      await server.background.idle();
      await server.stop();
      await smtp.stop();
      await db.close();
    });

    async function createOrder() {
      const response = await fetchFrom(newClientAddress())(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...uniqueBuyer(), checkoutKey: newCheckoutKey() }),
      });
      expect(response.status).toBe(201);
      const { orderId } = (await response.json()) as { orderId: string };
      return row(orderId);
    }
    const row = (id: string) => db.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const setGatewayStatus = (hash: string, status: string) =>
      db.db.updateTable('sandbox_transactions').set({ payment_status: status }).where('hash', '=', hash).execute();
    const postback = (order: { id: string; postback_secret: string }, body: unknown) =>
      fetch(`${server.url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('a checkout left in "creating" by a dead process fails after 2 minutes, and a later postback proving payment still wins', async () => {
      const order = await createOrder();
      // As if the process died after the gateway created the charge but before we stored its answer.
      await db.db
        .updateTable('orders')
        .set({ status: 'creating', transaction_hash: null, pix_code: null })
        .where('id', '=', order.id)
        .execute();
      clock = Number(order.created_at) + 2 * MINUTE - 1_000;
      await server.reconciler.runOnce();
      expect((await row(order.id)).status).toBe('creating');
      clock = Number(order.created_at) + 2 * MINUTE + 1_000;
      await server.reconciler.runOnce();
      expect((await row(order.id)).status).toBe('failed');

      await setGatewayStatus(order.transaction_hash!, 'paid');
      expect((await postback(order, { hash: order.transaction_hash, payment_status: 'paid' })).status).toBe(200);
      await server.background.idle();
      await server.outbox.runOnce();
      const after = await row(order.id);
      expect(after.status).toBe('paid');
      expect(after.transaction_hash).toBe(order.transaction_hash);
      expect(smtp.received.filter((mail) => !isPixEmail(mail))).toHaveLength(1);
    });

    it('a postback whose re-read fails is retried by the reconciler with backoff until the gateway answers', async () => {
      const order = await createOrder();
      await setGatewayStatus(order.transaction_hash!, 'paid');
      readsFail = true;
      await postback(order, { hash: order.transaction_hash });
      await server.background.idle();
      expect((await row(order.id)).status).toBe('pending');
      expect((await row(order.id)).recheck_requested_at).not.toBeNull();

      // Still down at the reconciler's first try: the request stays, the next try is scheduled.
      await server.reconciler.runOnce();
      const waiting = await row(order.id);
      expect(waiting.status).toBe('pending');
      expect(waiting.recheck_requested_at).not.toBeNull();
      expect(Number(waiting.next_check_at)).toBeGreaterThan(clock);
      const readsSoFar = reads;
      await server.reconciler.runOnce();
      expect(reads).toBe(readsSoFar); // not due yet: backoff

      readsFail = false;
      clock = Number(waiting.next_check_at);
      await server.reconciler.runOnce();
      await server.background.idle();
      await server.outbox.runOnce();
      const paid = await row(order.id);
      expect(paid.status).toBe('paid');
      expect(paid.recheck_requested_at).toBeNull();
      expect(smtp.received.filter((mail) => !isPixEmail(mail))).toHaveLength(1);
    });

    it('paid orders are re-checked now and then for 90 days: a refund found later revokes the access', async () => {
      const order = await createOrder();
      await setGatewayStatus(order.transaction_hash!, 'paid');
      await postback(order, { hash: order.transaction_hash });
      await server.background.idle();
      expect((await row(order.id)).status).toBe('paid');

      await setGatewayStatus(order.transaction_hash!, 'refunded');
      await server.reconciler.runOnce();
      expect((await row(order.id)).status).toBe('paid'); // the first re-check of a paid order is an hour later
      clock += 61 * MINUTE;
      await server.reconciler.runOnce();
      expect((await row(order.id)).status).toBe('reversed');
    });

    it('a paid order older than 90 days and a pending charge past its expiry plus grace are left alone', async () => {
      const paid = await createOrder();
      await setGatewayStatus(paid.transaction_hash!, 'paid');
      await postback(paid, { hash: paid.transaction_hash });
      await server.background.idle();
      const pending = await createOrder();
      // The sandbox names no expiry, so the charge is payable for expire_in_days (1) from the request.
      expect(Number(pending.expires_at)).toBe(Number(pending.created_at) + DAY);

      clock = Number(pending.expires_at) + DAY + MINUTE;
      await db.db
        .updateTable('orders')
        .set({ paid_at: clock - 91 * DAY })
        .where('id', '=', paid.id)
        .execute();
      const before = reads;
      expect(await server.reconciler.runOnce()).toBe(0);
      expect(reads).toBe(before);
    });
  });
}
