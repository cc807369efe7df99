import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { auditRows, orderRow, whatsappLog } from '../../support/db-reads.ts';
import type { AdminOrderWhatsapp } from '../../../src/shared/whatsapp.ts';
import { buy, consoleCall, sandboxSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * The console's "Cobrar no WhatsApp" (docs/whatsapp.md#the-console), on both databases, in the demo
 * (no Cloud API): each use is recorded and audited before the wa.me link comes back, the link
 * carries the amount and the order page but never the PIX code, and only a payable order gets one.
 */
const PASSWORD = 'senha-do-painel-cobranca';

interface Checkout {
  orderId: string;
  publicRef: string;
  pix: { code: string };
}

for (const database of databases) {
  describe(`"Cobrar no WhatsApp" on ${database.name}`, () => {
    let cookie: string;
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: 'now', ownPublicUrl: true, each: true });
    beforeEach(async () => {
      cookie = await signInToConsole(running.server.url, PASSWORD);
    });
    afterEach(() => {
      expect(running.server.logLines.filter((line) => line.level === 'error')).toEqual([]);
    });

    async function checkout(name: string): Promise<Checkout & { phone: string }> {
      const { buyer, reply } = await buy<Checkout>(running.server, { buyer: uniqueBuyer(name) });
      await running.server.background.idle();
      return { ...reply, phone: `55${buyer.phone.replace(/\D/g, '')}` };
    }

    const charge = (orderId: string, origin: string | null = running.server.url) =>
      consoleCall(running.server.url, cookie, `/orders/${orderId}/whatsapp/console`, {}, { origin });

    it('records the use, then gives a wa.me link with the amount and the order page, never the PIX code', async () => {
      const order = await checkout('Joana Prado');
      const response = await charge(order.orderId);
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      const link = new URL(url);
      expect(`${link.origin}${link.pathname}`).toBe(`https://wa.me/${order.phone}`);
      const text = link.searchParams.get('text')!;
      expect(text).toContain('Olá, Joana!');
      expect(text).toContain('R$\u00a019,90');
      expect(text).toContain(`${running.server.url}/pedido/${order.publicRef}`);
      expect(text).not.toContain(order.pix.code);
      expect(url).not.toContain(encodeURIComponent(order.pix.code));

      const rows = await whatsappLog(running.db, order.orderId);
      expect(rows.map((row) => [row.kind, row.mode, row.status, row.message_key, row.slot, Number(row.sent_at)])).toEqual([
        ['console', 'wa_me', 'opened', `console:${running.clock.now}`, null, running.clock.now],
      ]);
      const audit = (await auditRows(running.db)).filter((entry) => entry.order_id === order.orderId);
      expect(audit.map((entry) => entry.action)).toContain('whatsapp_console');

      // A second use later is a second row; the console's log lists both.
      running.clock.now += 60_000;
      expect((await charge(order.orderId)).status).toBe(200);
      const view = (await (
        await consoleCall(running.server.url, cookie, `/orders/${order.orderId}/whatsapp`)
      ).json()) as AdminOrderWhatsapp;
      expect(view.messages.map((message) => [message.kind, message.status, message.sentAt])).toEqual([
        ['console', 'opened', running.clock.now - 60_000],
        ['console', 'opened', running.clock.now],
      ]);
    });

    it('greets with "Olá!" when the name is no plain first name', async () => {
      const order = await checkout('https://golpe.example.com Silva');
      const { url } = (await (await charge(order.orderId)).json()) as { url: string };
      const text = new URL(url).searchParams.get('text')!;
      expect(text.startsWith('Olá! ')).toBe(true);
      expect(text).not.toContain('golpe');
    });

    it('refuses a paid or expired order, a foreign origin, an unknown order and a request without a session', async () => {
      const paid = await checkout('Joana Prado');
      await sandboxSays(running.server, running.db, paid.orderId, 'paid');
      await running.server.background.idle();
      const refused = await charge(paid.orderId);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toContain('Só pedidos com PIX em aberto');

      const pending = await checkout('Joana Prado');
      expect((await charge(pending.orderId, 'https://outro.example.com')).status).toBe(403);
      expect((await charge(pending.orderId, null)).status).toBe(403);
      expect((await charge('ord_doesnotexist000000000')).status).toBe(404);
      const anonymous = await fetch(`${running.server.url}/api/admin/orders/${pending.orderId}/whatsapp/console`, {
        method: 'POST',
        headers: { Origin: running.server.url },
      });
      expect(anonymous.status).toBe(401);

      const expiresAt = await orderRow(running.db, pending.orderId);
      running.clock.now = Number(expiresAt.expires_at);
      // The console's session is shorter than the PIX's life.
      cookie = await signInToConsole(running.server.url, PASSWORD);
      expect((await charge(pending.orderId)).status).toBe(409);
      const rows = (await whatsappLog(running.db)).filter((row) => row.kind === 'console');
      expect(rows).toEqual([]);
    });
  });
}
