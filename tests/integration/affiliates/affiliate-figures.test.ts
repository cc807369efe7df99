import { describe, expect, it } from 'vitest';
import { POSTBACK_READ_INTERVAL_MS } from '../../../src/server/payment/provider-webhook.ts';
import { affiliatesConsole } from '../../../src/content/affiliates.ts';
import type { AdminAffiliate, AdminAffiliateList } from '../../../src/shared/affiliates.ts';
import { signInToConsole, uniqueCpf } from '../../support/clients.ts';
import { buy, buyAndPay, consoleCall, sandboxSays } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * The figures per affiliate in the console's "Afiliados" (docs/affiliates.md#figures), over real HTTP on SQLite and
 * PostgreSQL: PIX generated, conversion, revenue and the share of sales given back, each from the orders the code
 * brought; the seller's revenue net of commissions; and a burst of unpaid PIX from one link shown, then gone an hour on.
 */
const PASSWORD = 'senha-do-painel-afiliados-figuras';
const START = Date.UTC(2026, 10, 3, 15);
const MINUTE = 60_000;

for (const database of databases) {
  describe(`the figures per affiliate on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: START });

    it('counts PIX, sales, revenue and returns per link, nets the commissions off the shop, and shows a burst of unpaid PIX', async () => {
      const { server } = running;
      const admin = await signInToConsole(server.url, PASSWORD);
      const list = async () => (await (await consoleCall(server.url, admin, '/affiliates')).json()) as AdminAffiliateList;
      const register = async (name: string, email: string) => {
        const reply = await consoleCall(server.url, admin, '/affiliates', {
          name,
          email,
          document: uniqueCpf(),
          pixKey: email,
          promotes: 'Grupo de WhatsApp',
        });
        expect(reply.status).toBe(200);
        return ((await reply.json()) as AdminAffiliateList).affiliates.find((affiliate) => affiliate.email === email)!;
      };
      const ana = await register('Ana Lima', 'ana.figuras@example.com');
      const bia = await register('Bia Reis', 'bia.figuras@example.com');
      const row = (listed: AdminAffiliateList, who: AdminAffiliate) => listed.affiliates.find((affiliate) => affiliate.id === who.id)!;

      // Ana's link: three paid (one with the bump, one later given back in the provider's panel), two PIX left unpaid.
      await buyAndPay(running, { fields: { affiliate: ana.code, bump: true } });
      await buyAndPay(running, { fields: { affiliate: ana.code } });
      const givenBack = await buyAndPay(running, { fields: { affiliate: ana.code.toUpperCase() } });
      // Later than the payment, so the provider's postback is read at once rather than left to the reconciler.
      running.clock.now += POSTBACK_READ_INTERVAL_MS;
      await sandboxSays(server, running.db, givenBack.orderId, 'refunded');
      await buy(server, { fields: { affiliate: ana.code } });
      await buy(server, { fields: { affiliate: ana.code } });
      // A sale with no link counts for the shop only.
      await buyAndPay(running);

      const listed = await list();
      expect(row(listed, ana)).toMatchObject({
        charges: 5,
        revenueCents: 2980 + 1990,
        conversion: 3 / 5,
        refundRate: 1 / 3,
        burstUnpaid: null,
      });
      expect(row(listed, bia)).toMatchObject({ charges: 0, revenueCents: 0, conversion: null, refundRate: null, burstUnpaid: null });
      // 40 % of what was kept of each of Ana's items: 1194 + 396 (the main and the bump), 796; nothing of the one given back.
      const commissionsCents = 796 + 396 + 796;
      expect(listed.totals).toEqual({
        revenueCents: 2980 + 1990 + 1990,
        commissionsCents,
        netCents: 2980 + 1990 + 1990 - commissionsCents,
      });

      // Ten PIX from Bia's link within the hour, none paid: the seller is told; an hour later, no longer.
      const burstStart = running.clock.now;
      for (let minute = 0; minute < 10; minute++) {
        running.clock.now = burstStart + minute * MINUTE;
        await buy(server, { fields: { affiliate: bia.code } });
      }
      expect(row(await list(), bia).burstUnpaid).toBe(10);
      expect(row(await list(), ana).burstUnpaid).toBeNull();
      running.clock.now = burstStart + 9 * MINUTE + 61 * MINUTE;
      const later = await signInToConsole(server.url, PASSWORD);
      const after = (await (await consoleCall(server.url, later, '/affiliates')).json()) as AdminAffiliateList;
      expect(row(after, bia)).toMatchObject({ burstUnpaid: null, charges: 10, conversion: 0 });
      expect(affiliatesConsole.burst(10)).toContain('10 PIX gerados por este link na última hora');
    });
  });
}
