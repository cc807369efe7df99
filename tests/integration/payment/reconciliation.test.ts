import { beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src/server/gateway/providers/tribopay/tribopay-client.ts';
import { GatewayError } from '../../../src/server/gateway/types.ts';
import type { GatewayClient } from '../../../src/server/gateway/providers/tribopay/tribopay-types.ts';
import { createLogger } from '../../../src/server/lib/logger.ts';
import { SANDBOX_TOKEN } from '../../../src/server/compose.ts';
import { SANDBOX_PRODUCT_HASH } from '../../../src/server/gateway/demo-sandbox.ts';
import { orderRow, setOrderColumns, setSandboxCharge } from '../../support/db-reads.ts';
import { buy } from '../../support/purchase.ts';
import { isPixEmail } from '../smtp-test-server.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

for (const database of databases) {
  describe(`reconciliation on ${database.name}`, () => {
    /** While set, every read of a transaction at the gateway fails (the gateway is down). */
    let readsFail = false;
    let reads = 0;
    // The real client against this test's server's sandbox, with reads that the test can make fail.
    const real = createGatewayClient({
      baseUrl: () => `${running.server.url}/sandbox`,
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
    const running = useTestServer(database, {}, { smtp: true, gateway, clock: 'now', each: true });
    beforeEach(() => {
      readsFail = false;
      reads = 0;
    });

    async function createOrder() {
      const { orderId } = await buy(running.server);
      return row(orderId);
    }
    const row = (id: string) => orderRow(running.db, id);
    const setGatewayStatus = (hash: string, status: string) => setSandboxCharge(running.db, hash, status);
    const postback = (order: { id: string; postback_secret: string }, body: unknown) =>
      fetch(`${running.server.url}/api/webhooks/gateway?t=${order.id}.${order.postback_secret}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('a checkout left in "creating" by a dead process fails after 2 minutes, and a later postback proving payment still wins', async () => {
      const order = await createOrder();
      // As if the process died after the gateway created the charge but before we stored its answer.
      await setOrderColumns(running.db, order.id, { status: 'creating', charge_id: null, pix_code: null });
      running.clock.now = Number(order.created_at) + 2 * MINUTE - 1_000;
      await running.server.reconciler.runOnce();
      expect((await row(order.id)).status).toBe('creating');
      running.clock.now = Number(order.created_at) + 2 * MINUTE + 1_000;
      await running.server.reconciler.runOnce();
      expect((await row(order.id)).status).toBe('failed');

      await setGatewayStatus(order.charge_id!, 'paid');
      expect((await postback(order, { hash: order.charge_id, payment_status: 'paid' })).status).toBe(200);
      await running.server.background.idle();
      await running.server.outbox.runOnce();
      const after = await row(order.id);
      expect(after.status).toBe('paid');
      expect(after.charge_id).toBe(order.charge_id);
      expect(running.smtp.received.filter((mail) => !isPixEmail(mail))).toHaveLength(1);
    });

    it('a postback whose re-read fails is retried by the reconciler with backoff until the gateway answers', async () => {
      const order = await createOrder();
      await setGatewayStatus(order.charge_id!, 'paid');
      readsFail = true;
      await postback(order, { hash: order.charge_id });
      await running.server.background.idle();
      expect((await row(order.id)).status).toBe('pending');
      expect((await row(order.id)).recheck_requested_at).not.toBeNull();

      // Still down at the reconciler's first try: the request stays, the next try is scheduled.
      await running.server.reconciler.runOnce();
      const waiting = await row(order.id);
      expect(waiting.status).toBe('pending');
      expect(waiting.recheck_requested_at).not.toBeNull();
      expect(Number(waiting.next_check_at)).toBeGreaterThan(running.clock.now);
      const readsSoFar = reads;
      await running.server.reconciler.runOnce();
      expect(reads).toBe(readsSoFar); // not due yet: backoff

      readsFail = false;
      running.clock.now = Number(waiting.next_check_at);
      await running.server.reconciler.runOnce();
      await running.server.background.idle();
      await running.server.outbox.runOnce();
      const paid = await row(order.id);
      expect(paid.status).toBe('paid');
      expect(paid.recheck_requested_at).toBeNull();
      expect(running.smtp.received.filter((mail) => !isPixEmail(mail))).toHaveLength(1);
    });

    it('paid orders are re-checked now and then for 90 days: a refund found later revokes the access', async () => {
      const order = await createOrder();
      await setGatewayStatus(order.charge_id!, 'paid');
      await postback(order, { hash: order.charge_id });
      await running.server.background.idle();
      expect((await row(order.id)).status).toBe('paid');

      await setGatewayStatus(order.charge_id!, 'refunded');
      await running.server.reconciler.runOnce();
      expect((await row(order.id)).status).toBe('paid'); // the first re-check of a paid order is an hour later
      running.clock.now += 61 * MINUTE;
      await running.server.reconciler.runOnce();
      expect((await row(order.id)).status).toBe('reversed');
    });

    it('a paid order older than 90 days and a pending charge past its expiry plus grace are left alone', async () => {
      const paid = await createOrder();
      await setGatewayStatus(paid.charge_id!, 'paid');
      await postback(paid, { hash: paid.charge_id });
      await running.server.background.idle();
      const pending = await createOrder();
      // The sandbox names no expiry, so the charge is payable for expire_in_days (1) from the request.
      expect(Number(pending.expires_at)).toBe(Number(pending.created_at) + DAY);

      running.clock.now = Number(pending.expires_at) + DAY + MINUTE;
      await setOrderColumns(running.db, paid.id, { paid_at: running.clock.now - 91 * DAY });
      const before = reads;
      expect(await running.server.reconciler.runOnce()).toBe(0);
      expect(reads).toBe(before);
    });
  });
}
