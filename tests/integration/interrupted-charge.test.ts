import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_IN_FLIGHT_MS } from '../../src/server/orders/checkout-repository.ts';
import { newCheckoutKey, postOrder, uniqueBuyer } from '../support/clients.ts';
import { postbackFor } from '../support/purchase.ts';
import { databases, type TestDb } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * A process that dies while the gateway holds its charge request leaves the order `creating`
 * (tests/faults/kill-during-charge.test.ts does it with a real kill -9 on SQLite). Here the same
 * state on both databases, with the server's clock moved across the in-flight window.
 */
for (const database of databases) {
  describe(`a charge interrupted by a crash on ${database.name}`, () => {
    let db: TestDb;
    let server: TestServer;
    let clock = Date.now();

    beforeAll(async () => {
      db = await database.create();
      server = await startTestServer(db, {}, { now: () => clock });
    });
    afterAll(async () => {
      await server?.background.idle();
      await server?.stop();
      await db?.close();
    });

    const stored = (id: string) => db.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const checkout = (buyer: { name: string; email: string; phone: string }, checkoutKey = newCheckoutKey()) =>
      postOrder<{ orderId?: string; error?: string; pix?: { code: string } }>(server.url, { ...buyer, checkoutKey });
    async function pay(order: { id: string; postback_secret: string }, hash: string) {
      await db.db.updateTable('sandbox_transactions').set({ payment_status: 'paid' }).where('hash', '=', hash).execute();
      expect(await postbackFor(server, order, hash)).toBe(200);
      await server.background.idle();
    }

    it('holds the buyer only while the request could still answer; then the same key gets a PIX, and paying both charges is flagged', async () => {
      clock = Date.now();
      const buyer = uniqueBuyer('Paula Reis');
      const key = newCheckoutKey();
      const first = await checkout(buyer, key);
      expect(first.status).toBe(201);
      const dead = await stored(first.body.orderId!);
      const lostHash = dead.transaction_hash!;
      // As if the process died after the gateway created the charge but before we stored its answer.
      await db.db
        .updateTable('orders')
        .set({ status: 'creating', transaction_hash: null, pix_code: null })
        .where('id', '=', dead.id)
        .execute();

      // Still inside the window: the in-flight answer, for the same key and for the same e-mail.
      clock = Number(dead.created_at) + CHARGE_IN_FLIGHT_MS - 1_000;
      const inFlight = await Promise.all([checkout(buyer, key), checkout(buyer)]);
      expect(inFlight.map((reply) => [reply.status, reply.body.error])).toEqual([
        [502, 'Erro ao processar pagamento'],
        [502, 'Erro ao processar pagamento'],
      ]);
      expect((await stored(dead.id)).status).toBe('creating');

      // Past it: the same key starts a new order with its own charge; the dead one is kept, failed.
      clock = Number(dead.created_at) + CHARGE_IN_FLIGHT_MS + 1_000;
      const again = await checkout(buyer, key);
      expect(again.status).toBe(201);
      expect(again.body.pix?.code).toMatch(/^000201/);
      expect(again.body.orderId).not.toBe(dead.id);
      expect((await checkout(buyer)).body.orderId).toBe(again.body.orderId);
      expect((await checkout(buyer, key)).body.orderId).toBe(again.body.orderId);
      expect(await stored(dead.id)).toMatchObject({ status: 'failed', checkout_key: `${key}.${dead.id}`, transaction_hash: null });
      const fresh = await stored(again.body.orderId!);
      expect(fresh).toMatchObject({ status: 'pending', checkout_key: key });
      expect(fresh.transaction_hash).not.toBe(lostHash);
      const orders = await db.db.selectFrom('orders').select('id').where('buyer_email', '=', buyer.email.toLowerCase()).execute();
      expect(orders).toHaveLength(2);

      // The buyer paid the lost charge too (the gateway e-mailed its code): its postback still
      // settles the dead order, and the second payment is flagged for a refund.
      await pay(dead, lostHash);
      expect(await stored(dead.id)).toMatchObject({ status: 'paid', transaction_hash: lostHash });
      await pay(fresh, fresh.transaction_hash!);
      expect(await stored(fresh.id)).toMatchObject({ status: 'paid', duplicate_of: dead.id });
      expect(server.logLines.filter(({ level }) => level === 'error')).toEqual([]);
    });
  });
}
