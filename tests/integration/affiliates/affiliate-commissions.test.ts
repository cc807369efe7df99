import { describe, expect, it } from 'vitest';
import { affiliateFormMessages } from '../../../src/content/affiliates.ts';
import {
  affiliateSettings,
  moveAffiliate,
  registerAffiliate,
  saveAffiliateSettings,
  setAffiliateRates,
} from '../../../src/server/affiliates/affiliate-service.ts';
import { balanceOf, commissionsOf } from '../../../src/server/affiliates/commissions.ts';
import { affiliateFormSchema, commissionCents } from '../../../src/shared/affiliates.ts';
import { signInToConsole, uniqueBuyer, uniqueCpf } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import { askRefund, buy, buyAndPay, consoleCall, memberCookie, sandboxSays } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * Commissions follow the money (docs/affiliates.md#commissions), on SQLite and PostgreSQL, over real HTTP with the
 * sandbox gateway: born when a purchase whose checkout carried the code is paid, on each item at the rate of that day;
 * pending through the guarantee and while a refund is asked, then available; a refund at the provider cancels them, and
 * what was already paid out becomes a debt. The affiliate's own purchase and a paused affiliate's code earn nothing.
 */
const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 3, 15);
const form = affiliateFormSchema(affiliateFormMessages);
const PASSWORD = 'senha-do-painel-afiliados';

for (const database of databases) {
  describe(`affiliate commissions on ${database.name}`, () => {
    const running = useTestServer(database, { GUARANTEE_DAYS: '7', ADMIN_PASSWORD: PASSWORD }, { clock: START });

    async function newAffiliate(email: string, pixKey = '(11) 98765-4321') {
      const registered = await registerAffiliate(
        running.db.db,
        form.parse({ name: 'Ana Lima', email, document: uniqueCpf(), pixKey, promotes: 'Grupo de WhatsApp de ofertas' }),
        'active',
        running.clock.now,
      );
      if (!registered.ok) throw new Error(registered.reason);
      return registered.affiliate;
    }
    const commissions = async (affiliateId: string) => commissionsOf(running.server.orders, [affiliateId], running.clock.now);

    it("earns the seller's rate on each item, pending through the guarantee, available after; a refund after a payout is a debt", async () => {
      const { db, server } = running;
      await saveAffiliateSettings(db.db, { rates: { main: 5000, bump: 3000, addon: 2000 } }, START);
      expect((await affiliateSettings(db.db)).rates).toEqual({ main: 5000, bump: 3000, addon: 2000 });
      const affiliate = await newAffiliate(`ana.${Date.now()}@example.com`);
      const { orderId } = await buyAndPay(running, { fields: { bump: true, affiliate: affiliate.code.toUpperCase() } });
      expect((await orderRow(db, orderId)).affiliate_code).toBe(affiliate.code);

      // A later change of rates is not applied to what was sold before it.
      await setAffiliateRates(db.db, affiliate.id, { main: 7000 }, START);
      expect(
        (await commissions(affiliate.id)).map(({ kind, keptCents, amountCents, state }) => [kind, keptCents, amountCents, state]),
      ).toEqual([
        ['main', 1990, 995, 'pendente'],
        ['bump', 990, 297, 'pendente'],
      ]);
      expect(balanceOf(await commissions(affiliate.id))).toMatchObject({ pendingCents: 1292, availableCents: 0, payableCents: 0 });

      running.clock.now = START + 9 * DAY;
      expect((await commissions(affiliate.id)).map((view) => view.state)).toEqual(['disponivel', 'disponivel']);
      expect(balanceOf(await commissions(affiliate.id))).toMatchObject({ pendingCents: 0, availableCents: 1292, payableCents: 1292 });

      // What a payout records (payouts come later, docs/affiliates.md#payouts): the whole available amount paid.
      for (const view of await commissions(affiliate.id)) {
        await db.db
          .updateTable('affiliate_commissions')
          .set({ paid_cents: view.amountCents })
          .where('order_id', '=', view.orderId)
          .where('item', '=', view.item)
          .execute();
      }
      expect(balanceOf(await commissions(affiliate.id))).toMatchObject({ paidCents: 1292, availableCents: 0, debtCents: 0 });

      // The seller refunds in the provider's panel after the payout: nothing is kept, the paid commission is owed back.
      await sandboxSays(server, db, orderId, 'refunded');
      expect((await commissions(affiliate.id)).map((view) => [view.keptCents, view.amountCents, view.state])).toEqual([
        [0, 0, 'cancelada'],
        [0, 0, 'cancelada'],
      ]);
      const balance = balanceOf(await commissions(affiliate.id));
      expect(balance).toEqual({ pendingCents: 0, availableCents: 0, paidCents: 1292, debtCents: 1292, payableCents: 0 });

      // The next sale, at the affiliate's own 70 %, is netted against the debt: only what exceeds it may be paid.
      running.clock.now = START + 10 * DAY;
      await buyAndPay(running, { fields: { affiliate: affiliate.code } });
      running.clock.now = START + 19 * DAY;
      expect(balanceOf(await commissions(affiliate.id))).toMatchObject({ availableCents: 1393, debtCents: 1292, payableCents: 101 });
    });

    it("stays pending past the guarantee while the buyer's refund request waits", async () => {
      const { db, server } = running;
      running.clock.now = START;
      const affiliate = await newAffiliate(`bia.${Date.now()}@example.com`);
      const { orderId } = await buyAndPay(running, { fields: { affiliate: affiliate.code } });
      const asked = await askRefund(server.url, await memberCookie(server.url, db, orderId, running.clock.now));
      expect(asked.status).toBe(200);
      running.clock.now = START + 30 * DAY;
      expect((await commissions(affiliate.id)).map((view) => [view.amountCents, view.state])).toEqual([[995, 'pendente']]);
    });

    it("earns nothing on the affiliate's own purchase, a paused affiliate's code or a code nobody has", async () => {
      const { db } = running;
      running.clock.now = START;
      const affiliate = await newAffiliate(`carla.lima.${Date.now()}@gmail.com`);
      const [local, domain] = affiliate.email.split('@') as [string, string];
      const own = { ...uniqueBuyer('Carla Lima'), email: `${local.replaceAll('.', '').toUpperCase()}+compra@${domain}` };
      await buyAndPay(running, { buyer: own, fields: { affiliate: affiliate.code } });
      expect((await commissions(affiliate.id)).map((view) => [view.flag, view.amountCents, view.state])).toEqual([
        ['self_purchase', 0, 'cancelada'],
      ]);

      expect(await moveAffiliate(db.db, affiliate.id, 'paused', null, START)).toEqual({ kind: 'moved', from: 'active' });
      await buyAndPay(running, { fields: { affiliate: affiliate.code } });
      const unknown = await buyAndPay(running, { fields: { affiliate: 'zzzz9999' } });
      expect((await orderRow(db, unknown.orderId)).affiliate_code).toBe('zzzz9999');
      const mangled = await buy(running.server, { fields: { affiliate: '<script>' } });
      expect((await orderRow(db, mangled.orderId)).affiliate_code).toBeNull();
      expect(await commissions(affiliate.id)).toHaveLength(1);
      expect(await moveAffiliate(db.db, affiliate.id, 'pending', null, START)).toEqual({ kind: 'not_allowed' });
    });

    it("is held while a dispute is open, ends with a lost one, and the blocked buyer's later payment earns nothing", async () => {
      const { db, server } = running;
      running.clock.now = START;
      const affiliate = await newAffiliate(`dani.${Date.now()}@example.com`);
      const buyer = { ...uniqueBuyer('Rui Costa'), document: uniqueCpf() };
      const first = await buyAndPay(running, { buyer, fields: { affiliate: affiliate.code } });
      // Three days on, past the duplicate window, the same buyer leaves a second PIX unpaid.
      running.clock.now = START + 3 * DAY;
      const second = await buy(server, { buyer, fields: { affiliate: affiliate.code } });
      const admin = await signInToConsole(server.url, PASSWORD);
      const opened = await consoleCall(server.url, admin, '/disputes', { query: first.order.public_ref });
      expect(opened.status).toBe(201);
      const dispute = (await opened.json()) as { id: string };
      running.clock.now = START + 20 * DAY;
      const owed = commissionCents(1990, (await affiliateSettings(db.db)).rates.main);
      expect((await commissions(affiliate.id)).map((view) => [view.amountCents, view.state])).toEqual([[owed, 'pendente']]);

      const later = await signInToConsole(server.url, PASSWORD);
      expect((await consoleCall(server.url, later, `/disputes/${dispute.id}/resolve`, { state: 'lost' })).status).toBe(200);
      await server.background.idle();
      await sandboxSays(server, db, second.orderId, 'paid');
      expect((await commissions(affiliate.id)).map((view) => [view.orderId, view.flag, view.amountCents, view.state])).toEqual([
        [first.orderId, null, 0, 'cancelada'],
        [second.orderId, 'blocked_buyer', 0, 'cancelada'],
      ]);
    });
  });
}
