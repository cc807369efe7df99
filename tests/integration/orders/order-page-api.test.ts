import { describe, expect, it } from 'vitest';
import { fetchFrom, newClientAddress, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, outboxRows, setOrderColumns } from '../../support/db-reads.ts';
import { buy, payBySandboxPostback } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/** GET /api/order-page/{ref} and its resend: what `/pedido/{ref}` may show, on both databases. */
for (const database of databases) {
  describe(`order page API on ${database.name}`, () => {
    const running = useTestServer(database);

    async function checkout() {
      const { server } = running;
      const { reply: created, buyer } = await buy(server, { buyer: uniqueBuyer('Joana Lima') });
      await server.background.idle();
      return { ...created, buyer };
    }
    const read = async (ref: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${running.server.url}/api/order-page/${ref}`, { headers });
      return {
        status: response.status,
        cache: response.headers.get('cache-control'),
        body: (await response.json()) as Record<string, unknown>,
      };
    };
    /** The contact key as the e-mail carries it (rendered from the order's own secret). */
    async function contactKey(orderId: string) {
      const { orderContactKey } = await import('../../../src/server/orders/order-links.ts');
      return orderContactKey(await orderRow(running.db, orderId));
    }

    it('pending: the PIX and its expiry, never the order id; paid: the masked address only, and the order id with the key', async () => {
      const order = await checkout();
      const pending = await read(order.publicRef);
      expect(pending.status).toBe(200);
      expect(pending.cache).toBe('no-store');
      expect(pending.body).toMatchObject({ status: 'pending', amountCents: 1990, pix: { code: expect.stringMatching(/^000201/) } });
      expect(Object.keys(pending.body).sort()).toEqual([
        'amountCents',
        'expiresAt',
        'items',
        'pix',
        'sandboxPayUrl',
        'serverTime',
        'status',
      ]);
      expect(pending.body).toMatchObject({ items: [{ key: 'main', title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 }] });
      expect(JSON.stringify(pending.body)).not.toContain(order.orderId);

      expect(await payBySandboxPostback(running.server, running.db, order.orderId)).toBe(200);
      await running.server.background.idle();
      const paid = await read(order.publicRef, { 'X-Order-Contact': await contactKey(order.orderId) });
      expect(paid.body).toEqual({
        status: 'paid',
        maskedEmail: `c•••@example.com`,
        items: [{ key: 'main', title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 }],
        guarantee: {
          days: 7,
          endsAt: expect.any(Number),
          canRequest: true,
          request: null,
          disputeOpen: false,
          // Each item with its own window and state (docs/money.md#windows).
          items: [{ title: 'Lista de Fornecedores Secretos Vitalícia', state: 'open', endsAt: expect.any(Number), windowOpen: true }],
        },
        canRequestHere: true,
        // Only with the e-mailed key: the order the page acts on after the bank (routes/order-actor.ts).
        orderId: order.orderId,
      });
      expect(JSON.stringify(paid.body)).not.toContain('/acesso/');
    });

    it("expired: the buyer's data only with the e-mailed contact key", async () => {
      const order = await checkout();
      await setOrderColumns(running.db, order.orderId, { expires_at: Date.now() - 1000 });
      expect((await read(order.publicRef)).body).toEqual({ status: 'expired', amountCents: 1990 });
      expect((await read(order.publicRef, { 'X-Order-Contact': 'A'.repeat(32) })).body).toEqual({ status: 'expired', amountCents: 1990 });
      const withKey = await read(order.publicRef, { 'X-Order-Contact': await contactKey(order.orderId) });
      expect(withKey.body).toEqual({
        status: 'expired',
        amountCents: 1990,
        prefill: { name: 'Joana Lima', email: order.buyer.email, phone: order.buyer.phone.replace(/\D/g, '') },
      });
    });

    it('an unknown or malformed reference is a 404', async () => {
      expect((await read('ref_AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
      expect((await read('ord_nope')).status).toBe(404);
    });

    it('"Reenviar acesso" queues one resend per window for a paid order, and is limited per client', async () => {
      const order = await checkout();
      expect(await payBySandboxPostback(running.server, running.db, order.orderId)).toBe(200);
      await running.server.background.idle();
      const client = fetchFrom(newClientAddress());
      const resend = () => client(`${running.server.url}/api/order-page/${order.publicRef}/resend`, { method: 'POST' });
      expect((await resend()).status).toBe(202);
      const rows = () => outboxRows(running.db, order.orderId, 'access_resend:%');
      expect(await rows()).toHaveLength(1);
      for (let i = 0; i < 4; i++) expect((await resend()).status).toBe(202);
      expect(await rows()).toHaveLength(1);
      const limited = await resend();
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as { error: string }).error).toBe(
        'Você já pediu o reenvio várias vezes. Aguarde um pouco e tente de novo.',
      );
    });
  });
}
