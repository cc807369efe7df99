import { afterEach, describe, expect, it } from 'vitest';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { readOutboxRow } from '../../support/db-reads.ts';
import { quietHoursAround } from '../../support/quiet-hours.ts';
import type { AdminOverview } from '../../../src/shared/admin.ts';
import { buy, consoleCall, sandboxSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * Visão geral's recovery table (docs/whatsapp.md#recovery-figures) on both databases, in the demo,
 * where the messages recorded without the Cloud API count as sent: a known set of orders, each
 * paid after a different last touch (none, the e-mail reminder, WhatsApp, the console's button).
 */
const PASSWORD = 'senha-do-painel-recuperacao';
const MINUTE = 60_000;

for (const database of databases) {
  describe(`the recovery figures on ${database.name}`, () => {
    const running = useTestServer(
      database,
      (rig) => ({
        ADMIN_PASSWORD: PASSWORD,
        WHATSAPP_QUIET_HOURS: quietHoursAround(rig.clock.now),
        WHATSAPP_PRICE_CENTS: '5',
        PIX_REMINDER_MINUTES: '60',
      }),
      { clock: 'now', ownPublicUrl: true, each: true },
    );
    afterEach(() => {
      expect(running.server.logLines.filter((line) => line.level === 'error')).toEqual([]);
    });

    async function checkout(consent: boolean): Promise<{ orderId: string; amountCents: number }> {
      const { reply } = await buy<{ orderId: string; amountCents: number }>(running.server, {
        buyer: uniqueBuyer('Joana Prado'),
        fields: consent ? { whatsappConsent: true } : {},
      });
      await running.server.background.idle();
      return reply;
    }
    async function pay(orderId: string) {
      await sandboxSays(running.server, running.db, orderId, 'paid');
      await running.server.background.idle();
    }

    it('counts each paid order for its last touch, the revenue won back and the messages’ cost', async () => {
      const atOnce = await checkout(false);
      await pay(atOnce.orderId);

      const onWhatsapp = await checkout(true);
      running.clock.now += MINUTE;
      await pay(onWhatsapp.orderId);

      const byButton = await checkout(false);
      running.clock.now += MINUTE;
      let cookie = await signInToConsole(running.server.url, PASSWORD);
      const charged = await consoleCall(running.server.url, cookie, `/orders/${byButton.orderId}/whatsapp/console`, {});
      expect(charged.status).toBe(200);
      running.clock.now += MINUTE;
      await pay(byButton.orderId);

      // Never paid: a PIX generated, and a WhatsApp message that costs.
      await checkout(true);

      const byEmail = await checkout(false);
      running.clock.now += 61 * MINUTE;
      await running.server.outbox.runOnce();
      await running.server.background.idle();
      const reminder = await readOutboxRow(running.db, byEmail.orderId, 'pix_reminder:60');
      expect(reminder!.sentAt).not.toBeNull();
      running.clock.now += MINUTE;
      await pay(byEmail.orderId);

      cookie = await signInToConsole(running.server.url, PASSWORD);
      const overview = (await (await consoleCall(running.server.url, cookie, '/overview')).json()) as AdminOverview;
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
