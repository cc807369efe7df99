import { describe, expect, it } from 'vitest';
import { CHARGE_IN_FLIGHT_MS } from '../../../src/server/orders/checkout-repository.ts';
import { newCheckoutKey, postOrder, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, ordersBy, setOrderColumns, setSandboxCharge } from '../../support/db-reads.ts';
import { postbackFor } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * A process that dies while the gateway holds its charge request leaves the order `creating`
 * (tests/faults/kill-during-charge.test.ts does it with a real kill -9 on SQLite). Here the same
 * state on both databases, with the server's clock moved across the in-flight window.
 */
for (const database of databases) {
  describe(`a charge interrupted by a crash on ${database.name}`, () => {
    const running = useTestServer(database, {}, { clock: 'now' });

    const stored = (id: string) => orderRow(running.db, id);
    const checkout = (buyer: { name: string; email: string; phone: string }, checkoutKey = newCheckoutKey()) =>
      postOrder<{ orderId?: string; error?: string; pix?: { code: string } }>(running.server.url, { ...buyer, checkoutKey });
    /** The buyer pays the charge `hash` (not always the order's own), and its postback reaches the server. */
    async function pay(order: { id: string; postback_secret: string }, hash: string) {
      await setSandboxCharge(running.db, hash, 'paid');
      expect(await postbackFor(running.server, order, hash)).toBe(200);
      await running.server.background.idle();
    }

    it('a keyless charge that no live request holds does not hold the buyer: the same key gets a PIX at once, and paying both charges is flagged', async () => {
      running.clock.now = Date.now();
      const buyer = uniqueBuyer('Paula Reis');
      const key = newCheckoutKey();
      const first = await checkout(buyer, key);
      expect(first.status).toBe(201);
      const dead = await stored(first.body.orderId!);
      const lostHash = dead.charge_id!;
      // As if the process died after the gateway created the charge but before we stored its answer.
      await setOrderColumns(running.db, dead.id, { status: 'creating', charge_id: null, pix_code: null });

      // Still inside the window in which the lost request could answer. TriboPay takes no idempotency key, and no live
      // request holds this order: its code was never shown by us, so the same key starts a new order with its own
      // charge at once; the dead one is kept, failed.
      running.clock.now = Number(dead.created_at) + CHARGE_IN_FLIGHT_MS - 1_000;
      const again = await checkout(buyer, key);
      expect(again.status).toBe(201);
      expect(again.body.pix?.code).toMatch(/^000201/);
      expect(again.body.orderId).not.toBe(dead.id);
      expect((await checkout(buyer)).body.orderId).toBe(again.body.orderId);
      expect((await checkout(buyer, key)).body.orderId).toBe(again.body.orderId);
      expect(await stored(dead.id)).toMatchObject({ status: 'failed', checkout_key: `${key}.${dead.id}`, charge_id: null });
      const fresh = await stored(again.body.orderId!);
      expect(fresh).toMatchObject({ status: 'pending', checkout_key: key });
      expect(fresh.charge_id).not.toBe(lostHash);
      const orders = await ordersBy(running.db, 'buyer_email', buyer.email.toLowerCase());
      expect(orders).toHaveLength(2);

      // The buyer paid the lost charge too (the gateway e-mailed its code): its postback still
      // settles the dead order, and the second payment is flagged for a refund.
      await pay(dead, lostHash);
      expect(await stored(dead.id)).toMatchObject({ status: 'paid', charge_id: lostHash });
      await pay(fresh, fresh.charge_id!);
      expect(await stored(fresh.id)).toMatchObject({ status: 'paid', duplicate_of: dead.id });
      expect(running.server.logLines.filter(({ level }) => level === 'error')).toEqual([]);
    });
  });
}
