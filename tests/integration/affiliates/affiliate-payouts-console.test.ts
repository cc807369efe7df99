import { describe, expect, it } from 'vitest';
import { affiliateFormMessages, affiliatePayoutsCopy } from '../../../src/content/affiliates.ts';
import { registerAffiliate } from '../../../src/server/affiliates/affiliate-service.ts';
import type { AdminPayouts } from '../../../src/shared/affiliate-payouts.ts';
import { affiliateFormSchema } from '../../../src/shared/affiliates.ts';
import { signInToConsole, uniqueCpf } from '../../support/clients.ts';
import { buyAndPay, consoleCall, drainOutbox } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';

/**
 * The console's payouts over real HTTP, on SQLite and PostgreSQL, where no provider sends PIX (the sandbox): the schedule,
 * the batch with its total, a second confirmation above the limit, the list of keys to pay in the bank's app, "Marcar como
 * pago" once, the affiliate's e-mail through the outbox, and the CSV with money out per affiliate and per month.
 */
const PASSWORD = 'senha-do-painel-repasses';
const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 3, 15);
const form = affiliateFormSchema(affiliateFormMessages);

for (const database of databases) {
  describe(`the console's payouts on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD, GUARANTEE_DAYS: '7' }, { clock: START, smtp: true });

    it('approves the batch with a second confirmation above the limit, marks it paid by hand once, e-mails the affiliate', async () => {
      const { server, db, smtp } = running;
      const registered = await registerAffiliate(
        db.db,
        form.parse({
          name: 'Ana Lima',
          email: 'ana.repasse@example.com',
          document: uniqueCpf(),
          pixKey: 'ana.pix@example.com',
          promotes: 'TikTok',
        }),
        'active',
        START,
      );
      if (!registered.ok) throw new Error(registered.reason);
      for (let sale = 0; sale < 2; sale++) await buyAndPay(running, { fields: { affiliate: registered.affiliate.code } });
      running.clock.now = START + 9 * DAY;
      const admin = await signInToConsole(server.url, PASSWORD);
      const call = async (path: string, body?: unknown) => {
        const reply = await consoleCall(server.url, admin, path, body);
        return { status: reply.status, body: (await reply.json()) as AdminPayouts & { error?: string } };
      };

      // The default minimum is R$ 50,00: two sales of R$ 7,96 wait.
      const before = await call('/affiliates/payouts');
      expect(before.body).toMatchObject({ payable: [], totalCents: 0, byApi: false, settings: { weekday: 2, minCents: 5000 } });
      expect(before.body.nextPayoutDate).toBe('2026-11-17');
      expect((await call('/affiliates/payouts/settings', { weekday: 7, minCents: 500, confirmAboveCents: 1000 })).status).toBe(422);
      const set = await call('/affiliates/payouts/settings', { weekday: 5, minCents: 500, confirmAboveCents: 1000 });
      expect(set.body.nextPayoutDate).toBe('2026-11-13');
      expect(set.body.payable).toEqual([
        expect.objectContaining({ name: 'Ana Lima', pixKeyType: 'email', pixKey: 'ana.pix@example.com', amountCents: 1592 }),
      ]);
      expect(set.body).toMatchObject({ totalCents: 1592, needsSecondConfirmation: true });

      const once = await call('/affiliates/payouts/approve', { totalCents: 1592 });
      expect([once.status, once.body.error]).toEqual([428, affiliatePayoutsCopy.api.confirmAbove('R$\u00a010,00')]);
      expect((await call('/affiliates/payouts/approve', { totalCents: 999, confirmed: true })).status).toBe(409);
      const approved = await call('/affiliates/payouts/approve', { totalCents: 1592, confirmed: true });
      expect(approved.status).toBe(200);
      expect(approved.body.payable).toEqual([]);
      const [payout] = approved.body.payouts;
      expect(payout).toMatchObject({ name: 'Ana Lima', amountCents: 1592, byApi: false, state: 'queued' });

      const csv = await (await consoleCall(server.url, admin, '/affiliates/payouts/export.csv')).text();
      expect(csv).toContain(`${payout!.id};`);
      expect(csv).toContain(';Ana Lima;E-mail;ana.pix@example.com;15,92;No app do banco;Na fila;');

      expect((await call(`/affiliates/payouts/${payout!.id}/paid`, {})).body.payouts[0]).toMatchObject({ state: 'confirmed' });
      expect((await call(`/affiliates/payouts/${payout!.id}/paid`, {})).status).toBe(200);
      expect((await call('/affiliates/payouts/vpnothere/paid', {})).status).toBe(404);
      const paid = await call('/affiliates/payouts');
      expect(paid.body.months).toEqual([
        { month: '2026-11', affiliateId: registered.affiliate.id, name: 'Ana Lima', paidCents: 1592, payouts: 1 },
      ]);
      const affiliates = (await (await consoleCall(server.url, admin, '/affiliates')).json()) as {
        affiliates: Array<{ paidCents: number; availableCents: number }>;
      };
      expect(affiliates.affiliates[0]).toMatchObject({ paidCents: 1592, availableCents: 0 });
      const after = await (await consoleCall(server.url, admin, '/affiliates/payouts/export.csv')).text();
      expect(after).toContain(';15,92;No app do banco;Pago;');
      expect(after).toContain('2026-11;Ana Lima;15,92;1');

      await drainOutbox(server);
      const mails = smtp.received.filter((mail) => mail.to.includes('ana.repasse@example.com'));
      expect(mails).toHaveLength(1);
      const mail = parseMail(mails[0]!.raw);
      expect(decodeHeader(mail.headers.get('subject') ?? '')).toBe('Repasse de R$\u00a015,92 enviado por PIX');
      expect(mail.text).toContain('ana.pix@example.com');
    });
  });
}
