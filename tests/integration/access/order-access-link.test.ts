import { describe, expect, it } from 'vitest';
import { hashAccessToken } from '../../../src/server/access/access-token.ts';
import { CONSOLE_REFUNDS, revokeAccess } from '../../../src/server/admin/admin-orders.ts';
import { searchOrders } from '../../../src/server/reads/order-console-lookup.ts';
import { newViewKey } from '../../support/clients.ts';
import { orderRow, rowsOfOrder, setSandboxCharge } from '../../support/db-reads.ts';
import { buy } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * GET /api/orders/{id} shows the access link only to the tab that created the order (its view
 * key) and only for 30 minutes after payment; anyone else learns that the access went by e-mail.
 * Trackers get a random public reference instead of the order id.
 */

for (const database of databases) {
  describe(`order access link on ${database.name}`, () => {
    const running = useTestServer(database, {}, { clock: Date.UTC(2025, 5, 10, 15, 0, 0) });

    async function createPaidOrder() {
      const viewKey = newViewKey();
      const { reply: created } = await buy(running.server, { fields: { viewKey } });
      const order = await orderRow(running.db, created.orderId);
      await setSandboxCharge(running.db, order.charge_id!, 'paid');
      return { ...created, viewKey };
    }

    const poll = async (orderId: string, viewKey?: string) =>
      (await (
        await fetch(`${running.server.url}/api/orders/${orderId}`, { headers: viewKey ? { 'X-Order-Key': viewKey } : {} })
      ).json()) as {
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
      const visit = await fetch(`${running.server.url}${mine.accessUrl}`, { redirect: 'manual' });
      expect(visit.status).toBe(303);

      for (const other of [undefined, newViewKey(), `${viewKey.slice(0, -1)}y`]) {
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
      running.clock.now += 30 * 60_000 + 1;
      const after = await poll(late.orderId, late.viewKey);
      expect(after.accessUrl).toBeUndefined();
      expect(after.accessNote).toMatch(/e-mail/);

      const revoked = await createPaidOrder();
      const { accessUrl } = await poll(revoked.orderId, revoked.viewKey);
      await revokeAccess(running.db.db, { orderId: revoked.orderId, session: 'test', now: running.clock.now });
      expect((await poll(revoked.orderId, revoked.viewKey)).accessUrl).toBeUndefined();
      expect((await fetch(`${running.server.url}${accessUrl}`, { redirect: 'manual' })).status).toBe(404);
    });

    it('keeps only hashes of the links and finds the order by its public reference', async () => {
      const { orderId, viewKey, publicRef } = await createPaidOrder();
      expect(publicRef).toMatch(/^ref_[\w-]{22}$/);
      expect(publicRef).not.toContain(orderId);
      const { accessUrl } = await poll(orderId, viewKey);
      const token = accessUrl!.split('/').pop()!;
      const order = await orderRow(running.db, orderId);
      const tokens = await rowsOfOrder(running.db, 'access_tokens', orderId);
      const stored = JSON.stringify([order, tokens]);
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(viewKey);
      // The modal's link and the e-mail's link, each as a SHA-256 only.
      expect(tokens.map((row) => row.token_hash)).toContain(hashAccessToken(token));
      for (const row of tokens) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const search = { status: 'all', q: publicRef, offset: 0, limit: 10, now: running.clock.now } as const;
      const found = await searchOrders(running.db.db, search, CONSOLE_REFUNDS);
      expect(found.orders.map((row) => row.id)).toEqual([orderId]);
    });
  });
}
