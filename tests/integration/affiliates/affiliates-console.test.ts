import { describe, expect, it } from 'vitest';
import { affiliateFormMessages, affiliatesConsole } from '../../../src/content/affiliates.ts';
import { apiErrors } from '../../../src/content/api-errors.ts';
import type { AdminAffiliateList } from '../../../src/shared/affiliates.ts';
import { signInToConsole, uniqueCpf } from '../../support/clients.ts';
import { buyAndPay, consoleCall } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * The console's "Afiliados" (docs/affiliates.md) over real HTTP, on SQLite and PostgreSQL: the owner registers an
 * affiliate (active at once), sets the shop's and the affiliate's rates, pauses and refuses; the list shows each one's
 * sales and money as the commissions have them; a bad PIX key is refused by field, in Portuguese.
 */
const PASSWORD = 'senha-do-painel-afiliados-console';
const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 3, 15);

for (const database of databases) {
  describe(`the console's Afiliados on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: START });

    it('registers, sets rates, lists sales and money, pauses and refuses with a reason', async () => {
      const { server } = running;
      const admin = await signInToConsole(server.url, PASSWORD);
      const call = async (path: string, body?: unknown) => {
        const reply = await consoleCall(server.url, admin, path, body);
        return {
          status: reply.status,
          body: (await reply.json()) as AdminAffiliateList & { error?: string; fields?: Record<string, string> },
        };
      };
      const form = {
        name: 'Ana Lima',
        email: 'ana.afiliada@example.com',
        document: uniqueCpf(),
        pixKey: '(11) 98765-4321',
        promotes: 'TikTok',
      };

      const badKey = await call('/affiliates', { ...form, pixKey: '529.982.247-24' });
      expect([badKey.status, badKey.body.error, badKey.body.fields]).toEqual([
        422,
        apiErrors.checkFields,
        { pixKey: affiliateFormMessages.pixKeyInvalid },
      ]);

      const created = await call('/affiliates', form);
      expect(created.status).toBe(200);
      const [ana] = created.body.affiliates;
      expect(ana).toMatchObject({ name: 'Ana Lima', state: 'active', pixKeyType: 'phone', sales: 0, pendingCents: 0 });
      expect((await call('/affiliates', form)).body.error).toBe(affiliatesConsole.api.emailTaken);

      expect((await call('/affiliates/rates', { main: 5000, bump: 3000, addon: 2000 })).body.defaults).toEqual({
        main: 5000,
        bump: 3000,
        addon: 2000,
      });
      expect((await call('/affiliates/rates', { main: 10_001, bump: 0, addon: 0 })).body.error).toBe(affiliatesConsole.api.invalidRates);
      const own = await call(`/affiliates/${ana!.id}/rates`, { main: 6000, bump: null, addon: null });
      expect(own.body.affiliates[0]!.rates).toEqual({ main: 6000, bump: null, addon: null });

      await buyAndPay(running, { fields: { bump: true, affiliate: ana!.code } });
      expect((await call('/affiliates')).body.affiliates[0]).toMatchObject({ sales: 1, pendingCents: 1194 + 297, availableCents: 0 });
      running.clock.now = START + 9 * DAY;
      const later = await signInToConsole(server.url, PASSWORD);
      const listed = (await (await consoleCall(server.url, later, '/affiliates')).json()) as AdminAffiliateList;
      expect(listed.affiliates[0]).toMatchObject({ sales: 1, pendingCents: 0, availableCents: 1491, paidCents: 0, debtCents: 0 });

      const state = (id: string, body: unknown) => consoleCall(server.url, later, `/affiliates/${id}/state`, body);
      expect((await state(ana!.id, { state: 'paused' })).status).toBe(200);
      const removed = await state(ana!.id, { state: 'removed', reason: 'Divulgou com promessa falsa.' });
      expect(((await removed.json()) as AdminAffiliateList).affiliates[0]).toMatchObject({
        state: 'removed',
        stateReason: 'Divulgou com promessa falsa.',
      });
      expect((await state(ana!.id, { state: 'active' })).status).toBe(409);
      expect((await state('af_nobody', { state: 'active' })).status).toBe(404);
    });
  });
}
