import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newCheckoutKey, signInToConsole, uniqueBuyer } from '../support/clients.ts';
import { quietHoursAround } from '../support/quiet-hours.ts';
import type { AdminOverview } from '../../src/shared/admin.ts';
import { sandboxSays } from '../support/purchase.ts';
import { databases, type TestDb } from './test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Visão geral's recovery table (docs/whatsapp.md#recovery-figures) on both databases, in the demo,
 * where the messages recorded without the Cloud API count as sent: a known set of orders, each
 * paid after a different last touch (none, the e-mail reminder, WhatsApp, the console's button).
 */
const PASSWORD = 'senha-do-painel-recuperacao';
const MINUTE = 60_000;

for (const database of databases) {
  describe(`the recovery figures on ${database.name}`, () => {
    let db: TestDb;
    let server: TestServer;
    let clock: number;

    beforeEach(async () => {
      clock = Date.now();
      db = await database.create();
      server = await startTestServer(
        db,
        { ADMIN_PASSWORD: PASSWORD, WHATSAPP_QUIET_HOURS: quietHoursAround(clock), WHATSAPP_PRICE_CENTS: '5', PIX_REMINDER_MINUTES: '60' },
        { now: () => clock, ownPublicUrl: true },
      );
    });
    afterEach(async () => {
      expect(server.logLines.filter((line) => line.level === 'error')).toEqual([]);
      await server.stopJobs();
      await server.stop();
      await db.close();
    });

    async function checkout(consent: boolean): Promise<{ orderId: string; amountCents: number }> {
      const response = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          ...uniqueBuyer('Joana Prado'),
          checkoutKey: newCheckoutKey(),
          ...(consent ? { whatsappConsent: true } : {}),
        }),
      });
      expect(response.status).toBe(201);
      await server.background.idle();
      return (await response.json()) as { orderId: string; amountCents: number };
    }
    async function pay(orderId: string) {
      await sandboxSays(server, db, orderId, 'paid');
      await server.background.idle();
    }

    it('counts each paid order for its last touch, the revenue won back and the messages’ cost', async () => {
      const atOnce = await checkout(false);
      await pay(atOnce.orderId);

      const onWhatsapp = await checkout(true);
      clock += MINUTE;
      await pay(onWhatsapp.orderId);

      const byButton = await checkout(false);
      clock += MINUTE;
      let cookie = await signInToConsole(server.url, PASSWORD);
      const charged = await fetch(`${server.url}/api/admin/orders/${byButton.orderId}/whatsapp/console`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: server.url },
      });
      expect(charged.status).toBe(200);
      clock += MINUTE;
      await pay(byButton.orderId);

      // Never paid: a PIX generated, and a WhatsApp message that costs.
      await checkout(true);

      const byEmail = await checkout(false);
      clock += 61 * MINUTE;
      await server.outbox.runOnce();
      await server.background.idle();
      const reminder = await db.db
        .selectFrom('outbox')
        .select('sent_at')
        .where('order_id', '=', byEmail.orderId)
        .where('kind', '=', 'pix_reminder:60')
        .executeTakeFirstOrThrow();
      expect(reminder.sent_at).not.toBeNull();
      clock += MINUTE;
      await pay(byEmail.orderId);

      cookie = await signInToConsole(server.url, PASSWORD);
      const overview = (await (await fetch(`${server.url}/api/admin/overview`, { headers: { Cookie: cookie } })).json()) as AdminOverview;
      expect(overview.recovery.countsSimulated).toBe(true);
      expect(overview.recovery.whatsappPriceCents).toBe(5);
      // The last 7 days hold every step whatever the hour the test runs at.
      expect(overview.recovery.periods.last7).toEqual({
        pixGenerated: 5,
        paidWithoutReminder: 1,
        paidAfterEmail: 1,
        paidAfterWhatsapp: 1,
        paidAfterConsole: 1,
        recoveredCents: onWhatsapp.amountCents + byButton.amountCents + byEmail.amountCents,
        // The PIX messages of the two buyers who asked for WhatsApp, and the access message of the one who paid.
        whatsappSent: 3,
        whatsappCostCents: 15,
      });
    });
  });
}
