import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAccessToken } from '../../src/server/access/access-token.ts';
import { revokeAccess } from '../../src/server/admin/admin-orders.ts';
import { searchOrders } from '../../src/server/admin/admin-orders-repository.ts';
import { fetchFrom, newClientAddress, uniqueBuyer } from '../support/clients.ts';
import { databases } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * GET /api/orders/{id} shows the access link only to the tab that created the order (its view
 * key) and only for 30 minutes after payment; anyone else learns that the access went by e-mail.
 * Trackers get a random public reference instead of the order id.
 */
let counter = 0;
const randomKey = (length: number) => `k${Date.now().toString(36)}${(counter++).toString(36)}`.padEnd(length, 'x');

for (const database of databases) {
  describe(`order access link on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let server: TestServer;
    let clock = Date.UTC(2025, 5, 10, 15, 0, 0);

    beforeAll(async () => {
      db = await database.create();
      server = await startTestServer(db, {}, { now: () => clock });
    });
    afterAll(async () => {
      await server.stop();
      await db.close();
    });

    async function createPaidOrder() {
      const viewKey = randomKey(43);
      const response = await fetchFrom(newClientAddress())(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...uniqueBuyer(), checkoutKey: randomKey(24), viewKey }),
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { orderId: string; publicRef: string };
      const order = await db.db.selectFrom('orders').selectAll().where('id', '=', created.orderId).executeTakeFirstOrThrow();
      await db.db.updateTable('sandbox_transactions').set({ payment_status: 'paid' }).where('hash', '=', order.transaction_hash!).execute();
      return { ...created, viewKey };
    }

    const poll = async (orderId: string, viewKey?: string) =>
      (await (await fetch(`${server.url}/api/orders/${orderId}`, { headers: viewKey ? { 'X-Order-Key': viewKey } : {} })).json()) as {
        status: string;
        accessUrl?: string;
        accessNote?: string;
      };

    it('gives the link to the creating tab only, the same link each time, and it opens the member page', async () => {
      const { orderId, viewKey } = await createPaidOrder();
      const mine = await poll(orderId, viewKey);
      expect(mine.status).toBe('paid');
      expect(mine.accessUrl).toMatch(/^\/acesso\/acc_[\w-]{43}$/);
      expect((await poll(orderId, viewKey)).accessUrl).toBe(mine.accessUrl);
      const visit = await fetch(`${server.url}${mine.accessUrl}`, { redirect: 'manual' });
      expect(visit.status).toBe(303);

      for (const other of [undefined, randomKey(43), `${viewKey.slice(0, -1)}y`]) {
        const reply = await poll(orderId, other);
        expect(reply).toEqual({
          status: 'paid',
          accessNote: 'Seu acesso foi enviado para o e-mail informado na compra. Abra o link do e-mail para ver a sua lista.',
        });
      }
    });

    it('stops giving the link 30 minutes after payment, and at once when the seller revokes', async () => {
      const late = await createPaidOrder();
      expect((await poll(late.orderId, late.viewKey)).accessUrl).toBeDefined();
      clock += 30 * 60_000 + 1;
      const after = await poll(late.orderId, late.viewKey);
      expect(after.accessUrl).toBeUndefined();
      expect(after.accessNote).toMatch(/e-mail/);

      const revoked = await createPaidOrder();
      const { accessUrl } = await poll(revoked.orderId, revoked.viewKey);
      await revokeAccess(db.db, { orderId: revoked.orderId, session: 'test', now: clock });
      expect((await poll(revoked.orderId, revoked.viewKey)).accessUrl).toBeUndefined();
      expect((await fetch(`${server.url}${accessUrl}`, { redirect: 'manual' })).status).toBe(404);
    });

    it('keeps only hashes of the links and finds the order by its public reference', async () => {
      const { orderId, viewKey, publicRef } = await createPaidOrder();
      expect(publicRef).toMatch(/^ref_[\w-]{22}$/);
      expect(publicRef).not.toContain(orderId);
      const { accessUrl } = await poll(orderId, viewKey);
      const token = accessUrl!.split('/').pop()!;
      const order = await db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const tokens = await db.db.selectFrom('access_tokens').selectAll().where('order_id', '=', orderId).execute();
      const stored = JSON.stringify([order, tokens]);
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(viewKey);
      // The modal's link and the e-mail's link, each as a SHA-256 only.
      expect(tokens.map((row) => row.token_hash)).toContain(hashAccessToken(token));
      for (const row of tokens) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const found = await searchOrders(db.db, { status: 'all', q: publicRef, offset: 0, limit: 10, now: clock });
      expect(found.orders.map((row) => row.id)).toEqual([orderId]);
    });
  });
}
