import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateFormMessages } from '../../../src/content/affiliates.ts';
import { registerAffiliate } from '../../../src/server/affiliates/affiliate-service.ts';
import { balanceOf, commissionsOf } from '../../../src/server/affiliates/commissions.ts';
import {
  approveBatch,
  markPaidByHand,
  payoutsView,
  planBatch,
  runPayouts,
  savePayoutSettings,
  type PayoutDeps,
} from '../../../src/server/affiliates/payouts.ts';
import type { PixProvider } from '../../../src/server/gateway/pix-provider.ts';
import { createEfiProvider } from '../../../src/server/gateway/providers/efi/efi-provider.ts';
import { createWooviProvider } from '../../../src/server/gateway/providers/woovi/woovi-provider.ts';
import { affiliateFormSchema } from '../../../src/shared/affiliates.ts';
import { uniqueCpf } from '../../support/clients.ts';
import { buyAndPay, sandboxSays } from '../../support/purchase.ts';
import { startEfiStandIn } from '../../support/providers/efi/efi-stand-in.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * Affiliate payouts (docs/affiliates.md#payouts), on SQLite and PostgreSQL: commissions are earned through the real checkout
 * (sandbox gateway), and the batch is sent through the real Efí and Woovi adapters to their stand-ins, real HTTP servers
 * built from the providers' public documents:
 *
 * - Efí, "Envio de Pix" (https://dev.efipay.com.br/docs/api-pix/envio-pagamento-pix): `PUT /v3/gn/pix/:idEnvio` with
 *   `valor`, `pagador.chave` (the account's key, with a webhook) and `favorecido.chave`, scope `pix.send`, answered 201
 *   `{ idEnvio, e2eId, valor, horario, status: EM_PROCESSAMENTO }`; the status comes by webhook on the paying key, or is read
 *   at `GET /v2/gn/pix/enviados/id-envio/:idEnvio` (`pixSendDetailId` in github.com/efipay/sdk-node-apis-efi
 *   src/constants/endpoints), REALIZADO or NAO_REALIZADO. mTLS and OAuth2 client credentials on every call, as for charges.
 *   Refusals come in Efí's `{ nome, mensagem }`; the page's homologação notes refuse large sends in the request itself.
 * - Woovi (https://developers.woovi.com/docs/payment/payment-flow, payment-how-to-use-api-to-approve,
 *   payment-out-reconciliation): `POST /api/v1/payment` (value in centavos, `destinationAlias`, `destinationAliasType`,
 *   `correlationID`) answered CREATED, `POST /api/v1/payment/approve` `{ correlationID }` answered APPROVED with the
 *   transaction's `endToEndId`, or 400 `{ error }` on "saldo insuficiente"; `GET /api/v1/payment/{id}` reads it back. The
 *   MOVEMENT_CONFIRMED webhook is never posted by the stand-in: a webhook that never comes.
 *
 * The documented errors each meet the adapters here: insufficient balance, an invalid key, a duplicate id, a lost answer.
 */
const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 3, 15);
/** Past the 7-day guarantee: each commission is available. */
const LATER = START + 9 * DAY;
const form = affiliateFormSchema(affiliateFormMessages);
/** 40 % (the default rate) of R$ 19,90. */
const COMMISSION = 796;

for (const database of databases) {
  describe(`affiliate payouts on ${database.name}`, () => {
    const running = useTestServer(database, { GUARANTEE_DAYS: '7' }, { clock: START, each: true });
    let efi: Awaited<ReturnType<typeof startEfiStandIn>>;
    let woovi: WooviStandIn;
    beforeAll(async () => {
      efi = await startEfiStandIn();
      woovi = await startWooviStandIn();
    });
    afterAll(async () => {
      await efi.stop();
      await woovi.stop();
    });

    const efiProvider = () =>
      createEfiProvider(
        {
          clientId: efi.env().EFI_CLIENT_ID!,
          clientSecret: efi.env().EFI_CLIENT_SECRET!,
          certificatePath: efi.pki.sellerP12Path,
          pixKey: efi.env().EFI_PIX_KEY!,
          apiUrl: efi.standIn.url,
          pixSend: true,
        },
        { ca: efi.ca, timeoutMs: 2_000 },
      );
    const wooviProvider = () =>
      createWooviProvider({ appId: woovi.appId, apiUrl: woovi.url, webhookPublicKey: woovi.publicKey, pixSend: true });
    const depsWith = (providers: PixProvider[]): PayoutDeps => ({
      ...running.server.orders,
      payments: { providers, get: (id) => providers.find((provider) => provider.id === id) },
    });
    const now = () => running.clock.now;

    async function affiliateWithSales(name: string, pixKey: string, sales: number) {
      const registered = await registerAffiliate(
        running.db.db,
        form.parse({
          name,
          email: `${name.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.com`,
          document: uniqueCpf(),
          pixKey,
          promotes: 'Instagram',
        }),
        'active',
        running.clock.now,
      );
      if (!registered.ok) throw new Error(registered.reason);
      const orders: string[] = [];
      for (let sale = 0; sale < sales; sale++)
        orders.push((await buyAndPay(running, { fields: { affiliate: registered.affiliate.code } })).orderId);
      return { affiliate: registered.affiliate, orders };
    }
    const balance = async (affiliateId: string) => balanceOf(await commissionsOf(running.server.orders, [affiliateId], running.clock.now));

    async function approveAll(deps: PayoutDeps) {
      const view = await payoutsView(deps, now());
      const approved = await approveBatch(deps, { totalCents: view.totalCents, confirmed: true, by: 'owner' }, now());
      expect(approved.ok).toBe(true);
      return view;
    }

    it('pays each available commission once at Efí, a lost answer read back and never sent again blind', async () => {
      running.clock.now = START;
      await savePayoutSettings(running.db.db, { weekday: 2, minCents: 1000, confirmAboveCents: 1500 }, START);
      const ana = await affiliateWithSales('Ana Lima', '+5511987654321', 2);
      const bia = await affiliateWithSales('Bia Souza', 'bia.souza@example.com', 2);
      const small = await affiliateWithSales('Caio Reis', '+5511912345678', 1);
      running.clock.now = LATER;
      const deps = depsWith([efiProvider()]);

      const view = await payoutsView(deps, now());
      // Below the minimum (R$ 7,96 < R$ 10,00), Caio waits for the next batch.
      expect(view.payable.map((line) => [line.name, line.amountCents])).toEqual(
        expect.arrayContaining([
          ['Ana Lima', 2 * COMMISSION],
          ['Bia Souza', 2 * COMMISSION],
        ]),
      );
      expect(view.payable).toHaveLength(2);
      expect(view.totalCents).toBe(4 * COMMISSION);
      expect(view.byApi).toBe(true);
      // Above the seller's limit, one tap is not enough; a total the seller did not see is refused.
      expect(await approveBatch(deps, { totalCents: view.totalCents, by: 'owner' }, now())).toMatchObject({ ok: false, reason: 'confirm' });
      expect(await approveBatch(deps, { totalCents: 1, confirmed: true, by: 'owner' }, now())).toMatchObject({
        ok: false,
        reason: 'changed',
      });
      expect(await approveBatch(deps, { totalCents: view.totalCents, confirmed: true, by: 'owner' }, now())).toMatchObject({
        ok: true,
        payouts: 2,
      });
      // A second tap finds both affiliates' payouts open: nothing more to approve.
      expect((await payoutsView(deps, now())).payable).toEqual([]);

      // The first send is done at Efí, and its answer lost on the way back.
      efi.standIn.script('PUT', '/v3/gn/pix/', { kind: 'drop-after' });
      await runPayouts(deps, now);
      await runPayouts(deps, now);
      await runPayouts(deps, now);

      const puts = efi.standIn.requests.filter((request) => request.method === 'PUT' && request.path.startsWith('/v3/gn/pix/'));
      expect(puts).toHaveLength(2);
      expect(new Set(puts.map((request) => request.path)).size).toBe(2);
      expect(puts.map((request) => (request.body as { valor: string }).valor)).toEqual(['15.92', '15.92']);
      expect(efi.standIn.envios.size).toBe(2);
      expect([...efi.standIn.envios.values()].map((envio) => envio.status)).toEqual(['REALIZADO', 'REALIZADO']);
      const payouts = (await payoutsView(deps, now())).payouts;
      expect(payouts.map((payout) => payout.state)).toEqual(['confirmed', 'confirmed']);
      expect(payouts.every((payout) => payout.endToEndId && /^E[a-zA-Z0-9]{31}$/.test(payout.endToEndId))).toBe(true);
      for (const { affiliate } of [ana, bia])
        expect(await balance(affiliate.id)).toMatchObject({ availableCents: 0, paidCents: 2 * COMMISSION, debtCents: 0, payableCents: 0 });
      expect(await balance(small.affiliate.id)).toMatchObject({ availableCents: COMMISSION, paidCents: 0 });
      // Money out per affiliate and per month (Brasília).
      expect((await payoutsView(deps, now())).months).toEqual(
        expect.arrayContaining([
          { month: '2026-11', affiliateId: ana.affiliate.id, name: 'Ana Lima', paidCents: 2 * COMMISSION, payouts: 1 },
        ]),
      );

      // Later passes read nothing more and send nothing more.
      await runPayouts(deps, now);
      expect(efi.standIn.requests.filter((request) => request.method === 'PUT').length).toBe(2);
      expect(efi.standIn.violations).toEqual([]);
    });

    it('reads back a send that never reached Efí and sends it under the same id; waits for one Efí has not settled; a duplicate id is a read', async () => {
      running.clock.now = START;
      await savePayoutSettings(running.db.db, { weekday: 2, minCents: 500, confirmAboveCents: 100_000 }, START);
      const ana = await affiliateWithSales('Ana Lima', '+5511987654326', 1);
      running.clock.now = LATER;
      const provider = efiProvider();
      const deps = depsWith([provider]);
      await approveAll(deps);
      const [payout] = (await payoutsView(deps, now())).payouts;
      const putsOf = () =>
        efi.standIn.requests.filter((request) => request.method === 'PUT' && request.path === `/v3/gn/pix/${payout!.id}`);

      // Efí answers 503 having done nothing; the settlement's webhook never comes either.
      efi.standIn.script('PUT', '/v3/gn/pix/', { kind: 'status', status: 503 });
      efi.standIn.envioSettles = 'never';
      await runPayouts(deps, now);
      expect(putsOf()).toHaveLength(1);
      expect(efi.standIn.envios.has(payout!.id)).toBe(false);
      expect((await payoutsView(deps, now())).payouts[0]!.state).toBe('unknown');
      // Read back: Efí holds nothing under the id, so it is sent again under that same id.
      await runPayouts(deps, now);
      expect(putsOf()).toHaveLength(2);
      expect((await payoutsView(deps, now())).payouts[0]).toMatchObject({ state: 'sent' });
      await runPayouts(deps, now);
      expect((await payoutsView(deps, now())).payouts[0]).toMatchObject({ state: 'sent' });
      // Still open: the commission is in no new batch, and not counted paid.
      expect(await planBatch(deps, now())).toEqual([]);
      expect(await balance(ana.affiliate.id)).toMatchObject({ paidCents: 0, availableCents: COMMISSION });

      // The same id again is Efí's duplicate, which the adapter reads back rather than failing.
      efi.standIn.envioSettles = 'on_read';
      const again = await provider
        .pixSend!.send({ sendId: payout!.id, amountCents: COMMISSION, key: { type: 'phone', value: '+5511987654326' }, description: 'x' })
        .catch((error: unknown) => error);
      expect(again).toMatchObject({ name: 'PixSendError', outcome: 'duplicate' });
      await runPayouts(deps, now);
      expect((await payoutsView(deps, now())).payouts[0]).toMatchObject({
        state: 'confirmed',
        endToEndId: efi.standIn.envios.get(payout!.id)!.e2eId,
      });
      expect(putsOf()).toHaveLength(3);
      expect(await balance(ana.affiliate.id)).toMatchObject({ paidCents: COMMISSION, availableCents: 0 });
    });

    it("leaves the commission available with a clear line for the seller when Efí's balance is short, or the key unknown", async () => {
      running.clock.now = START;
      await savePayoutSettings(running.db.db, { weekday: 2, minCents: 500, confirmAboveCents: 100_000 }, START);
      const ana = await affiliateWithSales('Ana Lima', '+5511987654322', 1);
      const bia = await affiliateWithSales('Bia Souza', 'bia.chave@example.com', 1);
      running.clock.now = LATER;
      const deps = depsWith([efiProvider()]);
      efi.standIn.balanceCents = COMMISSION + 1;
      efi.standIn.unknownKeys.add('bia.chave@example.com');
      const envios = efi.standIn.envios.size;
      await approveAll(deps);
      await runPayouts(deps, now);
      await runPayouts(deps, now);
      const payouts = (await payoutsView(deps, now())).payouts;
      const anas = payouts.find((payout) => payout.affiliateId === ana.affiliate.id)!;
      const bias = payouts.find((payout) => payout.affiliateId === bia.affiliate.id)!;
      expect(bias.state).toBe('failed');
      expect(bias.failure).toBe('O banco recusou a chave PIX do afiliado. Confira a chave com o afiliado; a comissão continua disponível.');
      expect(await balance(bia.affiliate.id)).toMatchObject({ availableCents: COMMISSION, paidCents: 0 });
      expect(anas.state).toBe('confirmed');
      expect(efi.standIn.envios.size - envios).toBe(1);
      expect(efi.standIn.balanceCents).toBe(1);

      // Now the balance is short for everyone.
      running.clock.now = LATER + DAY;
      efi.standIn.balanceCents = 100;
      efi.standIn.unknownKeys.clear();
      await buyAndPay(running, { fields: { affiliate: bia.affiliate.code } });
      running.clock.now = LATER + 10 * DAY;
      await approveAll(deps);
      await runPayouts(deps, now);
      const [latest] = (await payoutsView(deps, now())).payouts.filter((payout) => payout.affiliateId === bia.affiliate.id);
      expect(latest?.state).toBe('failed');
      expect(latest?.failure).toBe(
        'Saldo insuficiente na conta para enviar R$\u00a015,92. A comissão continua disponível para o próximo repasse.',
      );
      expect(await balance(bia.affiliate.id)).toMatchObject({ availableCents: 2 * COMMISSION, paidCents: 0 });
      // It is in the next batch again.
      expect((await planBatch(deps, now())).map((line) => [line.affiliateId, line.amountCents])).toContainEqual([
        bia.affiliate.id,
        2 * COMMISSION,
      ]);
    });

    it('pays at Woovi once, through a lost answer to the approval and a payment made before a crash', async () => {
      running.clock.now = START;
      await savePayoutSettings(running.db.db, { weekday: 2, minCents: 500, confirmAboveCents: 100_000 }, START);
      const ana = await affiliateWithSales('Ana Lima', '+5511987654323', 1);
      const bia = await affiliateWithSales('Bia Souza', 'bia.woovi@example.com', 1);
      running.clock.now = LATER;
      const deps = depsWith([wooviProvider()]);
      await approveAll(deps);
      // The first payment is made and its answer lost; the second's approval is done and its answer lost.
      woovi.scriptNext('payment', { kind: 'swallowed' });
      woovi.scriptNext('approve', { kind: 'swallowed' });
      for (let pass = 0; pass < 4; pass++) await runPayouts(deps, now);
      const payouts = (await payoutsView(deps, now())).payouts;
      expect(payouts.map((payout) => payout.state)).toEqual(['confirmed', 'confirmed']);
      for (const payout of payouts) {
        const made = woovi.payments.get(payout.id)!;
        expect([made.status, made.value, made.endToEndId]).toEqual(['CONFIRMED', COMMISSION, payout.endToEndId]);
      }
      expect(woovi.payments.size).toBeGreaterThanOrEqual(2);
      const mine = payouts.map((payout) => payout.id);
      const made = woovi.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/payment');
      // A payment whose answer was lost is made again under the same correlationID, which Woovi refuses as a duplicate.
      expect(new Set(made.map((request) => (request.body as { correlationID: string }).correlationID))).toEqual(new Set(mine));
      for (const { affiliate } of [ana, bia])
        expect(await balance(affiliate.id)).toMatchObject({ availableCents: 0, paidCents: COMMISSION });
    });

    it('nets a refund after a payout from the next payout, never a negative transfer', async () => {
      running.clock.now = START;
      await savePayoutSettings(running.db.db, { weekday: 2, minCents: 500, confirmAboveCents: 100_000 }, START);
      const ana = await affiliateWithSales('Ana Lima', '+5511987654324', 1);
      running.clock.now = LATER;
      const deps = depsWith([wooviProvider()]);
      await approveAll(deps);
      await runPayouts(deps, now);
      await runPayouts(deps, now);
      expect(await balance(ana.affiliate.id)).toMatchObject({ paidCents: COMMISSION, debtCents: 0 });

      // The seller refunds that sale in the provider's panel: what was paid of it is owed back.
      await sandboxSays(running.server, running.db, ana.orders[0]!, 'refunded');
      expect(await balance(ana.affiliate.id)).toMatchObject({ paidCents: COMMISSION, debtCents: COMMISSION, payableCents: 0 });
      // One more sale: available R$ 7,96 against a debt of R$ 7,96 pays nothing, and sends nothing.
      await buyAndPay(running, { fields: { affiliate: ana.affiliate.code } });
      running.clock.now = LATER + 10 * DAY;
      expect(await planBatch(deps, now())).toEqual([]);
      // Two more: the payout is what the sales earned less the debt.
      await buyAndPay(running, { fields: { affiliate: ana.affiliate.code } });
      await buyAndPay(running, { fields: { affiliate: ana.affiliate.code } });
      running.clock.now = LATER + 20 * DAY;
      const sent = woovi.payments.size;
      const view = await approveAll(deps);
      expect(view.payable.map((line) => [line.availableCents, line.debtCents, line.amountCents])).toEqual([
        [3 * COMMISSION, COMMISSION, 2 * COMMISSION],
      ]);
      await runPayouts(deps, now);
      await runPayouts(deps, now);
      expect(woovi.payments.size - sent).toBe(1);
      expect([...woovi.payments.values()].at(-1)!.value).toBe(2 * COMMISSION);
      // paid + pending + available − debt = the commissions: three sales kept, one refunded.
      expect(await balance(ana.affiliate.id)).toEqual({
        pendingCents: 0,
        availableCents: 0,
        paidCents: 3 * COMMISSION,
        debtCents: 0,
        payableCents: 0,
      });
    });

    it('is a list of PIX keys paid by hand where no provider sends PIX, each "Marcar como pago" once', async () => {
      running.clock.now = START;
      await savePayoutSettings(running.db.db, { weekday: 2, minCents: 500, confirmAboveCents: 100_000 }, START);
      const ana = await affiliateWithSales('Ana Lima', '+5511987654325', 1);
      running.clock.now = LATER;
      const deps = depsWith([]);
      const view = await approveAll(deps);
      expect(view.byApi).toBe(false);
      expect(view.payable).toEqual([expect.objectContaining({ pixKeyType: 'phone', pixKey: '+5511987654325', amountCents: COMMISSION })]);
      await runPayouts(deps, now);
      const [payout] = (await payoutsView(deps, now())).payouts;
      expect(payout).toMatchObject({ byApi: false, state: 'queued' });
      expect(await markPaidByHand(deps, payout!.id, now())).toBe('marked');
      expect(await markPaidByHand(deps, payout!.id, now())).toBe('marked');
      expect(await balance(ana.affiliate.id)).toMatchObject({ availableCents: 0, paidCents: COMMISSION });
      expect((await payoutsView(deps, now())).payouts[0]).toMatchObject({ state: 'confirmed', endToEndId: null });
    });
  });
}
