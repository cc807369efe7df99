import { describe, expect, it } from 'vitest';
import { orderRow, setSandboxCharge } from '../../support/db-reads.ts';
import { buy } from '../../support/purchase.ts';
import { databases, type TestDb } from '../test-db.ts';
import { useTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * The one door for every provider's webhooks, POST /api/webhooks/:provider (gateway/provider-registry.ts), and the
 * older paths sellers registered in their providers' panels, which must keep reaching the same provider: /gateway
 * (every TriboPay postback URL given before the door), /tribopay, /mercadopago, /abacatepay, /efi and Efí's /efi/pix.
 * The demo's server has TriboPay alone (against its sandbox), so a path that reaches another provider is answered 200
 * and logged as that provider's, not configured here; a path that names no provider is a 404.
 */

async function post(server: TestServer, path: string, body = '{}'): Promise<number> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  await response.arrayBuffer();
  await server.background.idle();
  return response.status;
}

const reachedUnconfigured = (server: TestServer, provider: string) =>
  server.logLines.filter(
    (entry) => entry.line.includes('Webhook ignored: provider not configured') && entry.line.includes(`provider=${provider}`),
  ).length;

async function rejectionsOf(db: TestDb, provider: string): Promise<number> {
  const row = await db.db
    .selectFrom('webhook_rejections')
    .select('count')
    .where('provider', '=', provider as never)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

for (const database of databases) {
  describe(`/api/webhooks/:provider and its aliases on ${database.name}`, () => {
    const running = useTestServer(database);

    it.each([
      ['/api/webhooks/mercadopago', 'mercadopago'],
      ['/api/webhooks/abacatepay', 'abacatepay'],
      ['/api/webhooks/efi', 'efi'],
      ['/api/webhooks/efi/pix', 'efi'],
    ])('%s reaches %s', async (path, provider) => {
      const before = reachedUnconfigured(running.server, provider);
      expect(await post(running.server, path)).toBe(200);
      expect(reachedUnconfigured(running.server, provider)).toBe(before + 1);
    });

    it.each(['/api/webhooks/tribopay', '/api/webhooks/gateway'])(
      '%s reaches TriboPay: a wrong order secret is refused and counted, the right one confirms the payment',
      async (path) => {
        const { server, db } = running;
        const { orderId } = await buy(server);
        const order = await orderRow(db, orderId);
        const rejected = await rejectionsOf(db, 'tribopay');
        const wrong = await post(server, `${path}?t=${order.id}.not-the-secret`, JSON.stringify({ hash: order.charge_id }));
        expect(wrong).toBe(401);
        expect(await rejectionsOf(db, 'tribopay')).toBe(rejected + 1);
        expect((await orderRow(db, orderId)).status).toBe('pending');

        await setSandboxCharge(db, order.charge_id!, 'paid');
        const right = await fetch(`${server.url}${path}?t=${order.id}.${order.postback_secret}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ hash: order.charge_id, payment_status: 'paid' }),
        });
        expect(right.status).toBe(200);
        await server.background.idle();
        expect((await orderRow(db, orderId)).status).toBe('paid');
      },
    );

    it('answers 404 to a path that names no provider, and counts nothing', async () => {
      const { server } = running;
      const logged = server.logLines.length;
      for (const path of ['/api/webhooks/pagseguro', '/api/webhooks/efi/boleto', '/api/webhooks/Tribopay']) {
        const response = await fetch(`${server.url}${path}`, { method: 'POST', body: '{}' });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: 'Recurso não encontrado.' });
      }
      expect(server.logLines.slice(logged).filter((entry) => entry.line.includes('Webhook'))).toEqual([]);
    });
  });
}
