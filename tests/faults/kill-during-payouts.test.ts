import { describe, it } from 'vitest';
import { affiliateFormMessages } from '../../src/content/affiliates.ts';
import { registerAffiliate } from '../../src/server/affiliates/affiliate-service.ts';
import type { AffiliateRow } from '../../src/server/affiliates/affiliates-repository.ts';
import { savePayoutSettings } from '../../src/server/affiliates/payouts.ts';
import type { AdminPayouts } from '../../src/shared/affiliate-payouts.ts';
import { affiliateFormSchema } from '../../src/shared/affiliates.ts';
import { newCheckoutKey, postOrder, signInToConsole, uniqueBuyer, uniqueCpf } from '../support/clients.ts';
import { freePort } from '../support/nginx.ts';
import { processDatabase, providersEnv } from '../support/provider-rig.ts';
import { startWooviStandIn } from '../support/providers/woovi/woovi-stand-in.ts';
import { consoleCall } from '../support/purchase.ts';
import { startClockedServer, type ClockedServer } from '../support/server-process.ts';
import { waitFor } from '../support/wait.ts';

/**
 * Kill -9 during a payout batch (docs/affiliates.md#payouts), two instances on one PostgreSQL database, Woovi sending the
 * PIX (WOOVI_PIX_SEND=on; its stand-in's sources are cited in tests/integration/affiliates/affiliate-payouts.test.ts).
 * Three affiliates earn through the real checkout; the seller approves the batch on instance A, whose first payment Woovi
 * approves and holds the answer of; A is killed (SIGKILL) mid-call. Instance B, once the dead one's lease (60 s on its
 * clock) has run out, reads the payment back and finishes the batch; A restarted changes nothing. Each affiliate is paid
 * once, every commission is paid, and Woovi's balance fell by the batch's total exactly.
 */
const PASSWORD = 'senha-do-painel-kill-payouts';
const DAY = 86_400_000;
/** The payout lease (affiliates/payouts.ts DEFAULT_LEASE_MS) and slack, moved on the instances' clocks. */
const LEASE_AND_SLACK_MS = 70_000;
/** A pass every 30 s (PAYOUT_PASS_MS), real time: two of them and slack. */
const PASSES_MS = 75_000;
const form = affiliateFormSchema(affiliateFormMessages);

describe('kill -9 during an affiliate payout batch, two instances on PostgreSQL', () => {
  it('pays each affiliate once, loses nothing, and the batch finishes after the restart', async ({ expect }) => {
    const woovi = await startWooviStandIn();
    const database = await processDatabase('postgres');
    const ports = [await freePort(), await freePort()] as const;
    const envOf = (port: number) => ({
      ...providersEnv(['woovi'], {
        WOOVI_APP_ID: woovi.appId,
        WOOVI_WEBHOOK_PUBLIC_KEY: woovi.publicKey,
        WOOVI_API_URL: woovi.url,
        WOOVI_PIX_SEND: 'on',
      }),
      ...database.env,
      ADMIN_PASSWORD: PASSWORD,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    let a: ClockedServer | undefined;
    let b: ClockedServer | undefined;
    try {
      [a, b] = await Promise.all([startClockedServer(envOf(ports[0])), startClockedServer(envOf(ports[1]))]);
      const db = database.db.db;
      await savePayoutSettings(db, { weekday: 2, minCents: 500, confirmAboveCents: 100_000 }, Date.now());
      const affiliates: AffiliateRow[] = [];
      for (const [index, name] of ['Ana Lima', 'Bia Souza', 'Caio Reis'].entries()) {
        const registered = await registerAffiliate(
          db,
          form.parse({
            name,
            email: `afiliado${index}.${Date.now()}@example.com`,
            document: uniqueCpf(),
            pixKey: `afiliado${index}@example.com`,
            promotes: 'Instagram',
          }),
          'active',
          Date.now(),
        );
        if (!registered.ok) throw new Error(registered.reason);
        affiliates.push(registered.affiliate);
      }

      // Each sells once through instance A, paid at Woovi and told by its signed webhook.
      woovi.webhookUrl = `${a.url}/api/webhooks/woovi`;
      for (const affiliate of affiliates) {
        const before = new Set(woovi.charges.keys());
        const created = await postOrder<{ orderId?: string }>(a.url, {
          ...uniqueBuyer('Renata Alves'),
          checkoutKey: newCheckoutKey(),
          affiliate: affiliate.code,
        });
        expect(created.status).toBe(201);
        const charge = [...woovi.charges.keys()].find((id) => !before.has(id))!;
        await woovi.pay(charge);
        expect(woovi.deliveries.at(-1)).toMatchObject({ status: 200 });
      }
      await waitFor(
        'three commissions',
        async () => (await db.selectFrom('affiliate_commissions').selectAll().execute()).length === 3,
        20_000,
      );

      // Past the guarantee on both instances.
      await Promise.all([a.advance(9 * DAY), b.advance(9 * DAY)]);
      const owner = await signInToConsole(a.url, PASSWORD);
      const view = (await (await consoleCall(a.url, owner, '/affiliates/payouts')).json()) as AdminPayouts;
      expect(view.payable).toHaveLength(3);
      expect(view.byApi).toBe(true);
      const balance = woovi.balance;

      // Woovi approves the first payment and holds its answer; A is killed while it waits.
      woovi.scriptNext('approve', { kind: 'hang', processed: true });
      const approved = await consoleCall(a.url, owner, '/affiliates/payouts/approve', { totalCents: view.totalCents, confirmed: true });
      expect(approved.status).toBe(200);
      await waitFor(
        'a payment approved at Woovi',
        () => [...woovi.payments.values()].some((payment) => payment.status === 'APPROVED'),
        20_000,
        50,
      );
      expect((await a.kill('SIGKILL')).signal).toBe('SIGKILL');
      const stuck = await db.selectFrom('affiliate_payouts').select(['id', 'state']).execute();
      // Left mid-call: the payout row was written `sending` before the call, and nothing was confirmed.
      expect(stuck).toHaveLength(3);
      expect(stuck.some((row) => row.state === 'sending')).toBe(true);

      // B takes over once the dead instance's lease has passed on its clock.
      await b.advance(LEASE_AND_SLACK_MS);
      await waitFor(
        'the batch finished by instance B',
        async () => (await db.selectFrom('affiliate_payouts').select('state').execute()).every((row) => row.state === 'confirmed'),
        PASSES_MS,
        500,
      );

      // A, restarted on the same data, sends nothing again.
      await a.stop();
      a = await startClockedServer(envOf(ports[0]));
      await a.advance(9 * DAY + LEASE_AND_SLACK_MS);
      const made = woovi.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/payment').length;
      await new Promise((resolve) => setTimeout(resolve, 35_000));
      expect(woovi.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/payment').length).toBe(made);

      const payouts = await db.selectFrom('affiliate_payouts').selectAll().execute();
      expect(payouts).toHaveLength(3);
      expect(new Set(payouts.map((payout) => payout.affiliate_id))).toEqual(new Set(affiliates.map((affiliate) => affiliate.id)));
      // One payment per payout at Woovi, each confirmed with the E2E id the shop recorded, the balance spent once.
      expect(woovi.payments.size).toBe(3);
      for (const payout of payouts) {
        const payment = woovi.payments.get(payout.id)!;
        expect([payment.status, payment.value, payment.endToEndId]).toEqual([
          'CONFIRMED',
          Number(payout.amount_cents),
          payout.end_to_end_id,
        ]);
      }
      expect(balance - woovi.balance).toBe(view.totalCents);
      const commissions = await db.selectFrom('affiliate_commissions').selectAll().execute();
      const paid = (rows: Array<{ affiliate_id: string; cents: number }>) =>
        Object.fromEntries(
          affiliates.map((affiliate) => [
            affiliate.id,
            rows.filter((row) => row.affiliate_id === affiliate.id).reduce((sum, row) => sum + row.cents, 0),
          ]),
        );
      expect(paid(commissions.map((row) => ({ affiliate_id: row.affiliate_id, cents: Number(row.paid_cents) })))).toEqual(
        paid(payouts.map((row) => ({ affiliate_id: row.affiliate_id, cents: Number(row.amount_cents) }))),
      );
      expect(commissions.every((row) => Number(row.paid_cents) > 0)).toBe(true);
      // Each affiliate's e-mail is queued once.
      expect(await db.selectFrom('outbox').select('order_id').where('kind', '=', 'affiliate_payout').execute()).toHaveLength(3);
    } finally {
      await a?.stop();
      await b?.stop();
      await woovi.stop();
      await database.close();
    }
  });
});
