import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateFormMessages } from '../../../src/content/affiliates.ts';
import { registerAffiliate } from '../../../src/server/affiliates/affiliate-service.ts';
import { balanceOf, commissionsOf } from '../../../src/server/affiliates/commissions.ts';
import {
  approveBatch,
  payoutsView,
  runPayouts,
  savePayoutSettings,
  settleAnnouncedPayout,
  type PayoutDeps,
} from '../../../src/server/affiliates/payouts.ts';
import type { PixProvider, WebhookRequest } from '../../../src/server/gateway/pix-provider.ts';
import { createAbacatepayProvider } from '../../../src/server/gateway/providers/abacatepay/abacatepay-provider.ts';
import { createEfiProvider } from '../../../src/server/gateway/providers/efi/efi-provider.ts';
import { createWooviProvider } from '../../../src/server/gateway/providers/woovi/woovi-provider.ts';
import type { OrdersDeps } from '../../../src/server/orders/orders-deps.ts';
import { receiveProviderWebhook } from '../../../src/server/payment/provider-webhook.ts';
import { affiliateFormSchema } from '../../../src/shared/affiliates.ts';
import { uniqueCpf } from '../../support/clients.ts';
import { insertQueuedPayout } from '../../support/db-reads.ts';
import { buyAndPay } from '../../support/purchase.ts';
import { abacatepayBody, abacatepayExamples } from '../../support/providers/abacatepay/abacatepay-event-fixtures.ts';
import {
  ABACATEPAY_WEBHOOK_SECRET,
  abacatepayVariables,
  signAbacateBody,
  startAbacatepayStandIn,
  type AbacatepayStandIn,
} from '../../support/providers/abacatepay/abacatepay-stand-in.ts';
import { providersEnv } from '../../support/provider-rig.ts';
import { efiBody, efiExamples } from '../../support/providers/efi/efi-event-fixtures.ts';
import { startEfiStandIn } from '../../support/providers/efi/efi-stand-in.ts';
import { exampleBody } from '../../support/providers/woovi/woovi-event-fixtures.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * Payout settlement webhooks (docs/affiliates.md#payouts), on SQLite and PostgreSQL: each provider's documented word on a PIX
 * the seller sent is verified as its other webhooks are, parsed into a `payout` event, and the payout confirmed or failed only
 * by reading the send back, once, whatever a pass does at the same moment. And AbacatePay's `/pix/send` through its stand-in
 * (tests/support/providers/abacatepay/abacatepay-stand-in.ts, from https://docs.abacatepay.com/pages/dinheiro/enviar-pix,
 * https://docs.abacatepay.com/pages/pix/reference and https://docs.abacatepay.com/pages/pix/create): the fee added so the
 * affiliate receives the commission exactly, and its documented refusals.
 *
 * The bodies are the documented examples (the providers' event-fixtures files): Efí's "Pix enviado"
 * (https://dev.efipay.com.br/docs/api-pix/webhooks), Woovi's OPENPIX:MOVEMENT_CONFIRMED
 * (https://developers.woovi.com/docs/webhook/examples/webhook-payment-payload), AbacatePay's transfer.completed and
 * transfer.failed (pages/webhooks/events/transfers.mdx). Each goes through receiveProviderWebhook, then, as routes/webhooks.ts
 * does in the background, settleAnnouncedPayout.
 */
const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 3, 15);
const LATER = START + 9 * DAY;
const form = affiliateFormSchema(affiliateFormMessages);
const COMMISSION = 796;
const WEBHOOK_SECRET = 'abacatepay-segredo-dos-repasses';

for (const database of databases) {
  describe(`payout settlement webhooks on ${database.name}`, () => {
    const running = useTestServer(database, { GUARANTEE_DAYS: '7' }, { clock: START, each: true });
    let abacate: AbacatepayStandIn;
    let efi: Awaited<ReturnType<typeof startEfiStandIn>>;
    let woovi: WooviStandIn;
    beforeAll(async () => {
      abacate = await startAbacatepayStandIn({ devMode: false });
      // Deliveries go nowhere: the test hands each one to the shop itself.
      abacate.webhook = { url: 'http://127.0.0.1:9/api/webhooks/abacatepay', secret: WEBHOOK_SECRET };
      efi = await startEfiStandIn();
      woovi = await startWooviStandIn();
    });
    afterAll(async () => {
      await abacate.stop();
      await efi.stop();
      await woovi.stop();
    });

    const now = () => running.clock.now;
    beforeAll(() => {
      abacate.now = now;
    });
    const abacateProvider = () =>
      createAbacatepayProvider(
        { apiKey: abacate.apiKey, webhookSecret: WEBHOOK_SECRET, apiUrl: abacate.url, pixSend: { feeCents: 80 } },
        { timeoutMs: 2_000, now },
      );
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
    const depsWith = (providers: PixProvider[]): PayoutDeps & OrdersDeps => {
      const get = (id: string) => providers.find((provider) => provider.id === id);
      return { ...running.server.orders, payments: { ...running.server.orders.payments, providers, get } };
    };

    /** What the route does with a webhook: receive it, then read back each payout it names. */
    async function deliver(deps: PayoutDeps & OrdersDeps, id: PixProvider['id'], request: WebhookRequest) {
      const result = await receiveProviderWebhook(deps, id, request, now());
      if (result.kind !== 'accepted') return result.kind;
      return Promise.all(result.payouts.map((payout) => settleAnnouncedPayout(deps, id, payout, now())));
    }
    const request = (rawBody: string, init: { url?: string; headers?: Record<string, string>; mtls?: boolean } = {}): WebhookRequest => ({
      url: new URL(init.url ?? 'https://loja.example/api/webhooks/x'),
      headers: new Headers({ 'content-type': 'application/json', ...init.headers }),
      rawBody,
      clientAddress: '203.0.113.9',
      clientCertificateVerified: init.mtls ?? false,
    });
    const abacateRequest = (rawBody: string) =>
      request(rawBody, {
        url: `https://loja.example/api/webhooks/abacatepay?webhookSecret=${WEBHOOK_SECRET}`,
        headers: { 'X-Webhook-Signature': signAbacateBody(rawBody) },
      });

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
      for (let sale = 0; sale < sales; sale++) await buyAndPay(running, { fields: { affiliate: registered.affiliate.code } });
      return registered.affiliate;
    }
    const balance = async (affiliateId: string) => balanceOf(await commissionsOf(running.server.orders, [affiliateId], running.clock.now));
    async function approveAll(deps: PayoutDeps) {
      const view = await payoutsView(deps, now());
      expect((await approveBatch(deps, { totalCents: view.totalCents, confirmed: true, by: 'owner' }, now())).ok).toBe(true);
    }
    const payoutOf = async (deps: PayoutDeps, affiliateId: string) =>
      (await payoutsView(deps, now())).payouts.find((payout) => payout.affiliateId === affiliateId)!;
    const feeOf = async (id: string) =>
      (await running.db.db.selectFrom('affiliate_payouts').select('fee_cents').where('id', '=', id).executeTakeFirstOrThrow()).fee_cents;
    const payoutEmails = async () =>
      (await running.db.db.selectFrom('outbox').select('kind').execute()).filter((row) => /payout/i.test(String(row.kind))).length;

    async function setUp(key: string, sales = 2) {
      running.clock.now = START;
      await savePayoutSettings(running.db.db, { weekday: 2, minCents: 500, confirmAboveCents: 100_000 }, START);
      const affiliate = await affiliateWithSales('Ana Lima', key, sales);
      running.clock.now = LATER;
      return affiliate;
    }

    it('AbacatePay: adds its fee so the affiliate gets the commission exactly; done only on transfer.completed read back, once beside a pass', async () => {
      const ana = await setUp('+5511987654330');
      const deps = depsWith([abacateProvider()]);
      await approveAll(deps);
      await runPayouts(deps, now);
      const payout = await payoutOf(deps, ana.id);
      const send = abacate.sends.get(payout.id)!;
      // The commission plus the seller's fee: AbacatePay takes its fee out of the amount sent.
      expect([send.amount, send.platformFee, send.key, send.keyType]).toEqual([2 * COMMISSION + 80, 80, '11987654330', 'PHONE']);
      // Born COMPLETE, which is only AbacatePay's acceptance: the payout waits for the bank's word.
      expect(payout.state).toBe('sent');
      await runPayouts(deps, now);
      expect((await payoutOf(deps, ana.id)).state).toBe('sent');
      expect(await balance(ana.id)).toMatchObject({ paidCents: 0, availableCents: 2 * COMMISSION });

      // The bank confirms; the webhook and a pass arrive at the same moment.
      const emailsBefore = await payoutEmails();
      await abacate.settleSend(payout.id, 'completed');
      const delivered = abacate.deliveries.at(-1)!;
      expect(JSON.parse(delivered.body)).toMatchObject({ event: 'transfer.completed', data: { transfer: { externalId: payout.id } } });
      const [fromWebhook] = await Promise.all([deliver(deps, 'abacatepay', abacateRequest(delivered.body)), runPayouts(deps, now)]);
      expect(fromWebhook).toHaveLength(1);
      expect((await payoutOf(deps, ana.id)).state).toBe('confirmed');
      expect(send.receivedCents).toBe(2 * COMMISSION);
      expect(Number(await feeOf(payout.id))).toBe(80);
      expect(await balance(ana.id)).toMatchObject({ paidCents: 2 * COMMISSION, availableCents: 0 });
      expect((await payoutEmails()) - emailsBefore).toBe(1);
      // A replay changes nothing.
      expect(await deliver(deps, 'abacatepay', abacateRequest(delivered.body))).toEqual(['ignored']);
      expect(await balance(ana.id)).toMatchObject({ paidCents: 2 * COMMISSION });

      // A send this shop never made is ignored, answered 2xx; a wrong signature is refused.
      const stranger = abacatepayBody('transfer.completed', abacatepayExamples['transfer.completed']!, 'x');
      expect(await deliver(deps, 'abacatepay', abacateRequest(stranger))).toEqual(['ignored']);
      expect(await deliver(deps, 'abacatepay', { ...abacateRequest(stranger), rawBody: stranger.replace('1000', '1001') })).toBe(
        'rejected',
      );
    });

    it('AbacatePay: transfer.failed read back fails the payout with the money back; its documented refusals each end as they should', async () => {
      const ana = await setUp('ana.abacate@example.com', 1);
      const deps = depsWith([abacateProvider()]);
      await approveAll(deps);
      await runPayouts(deps, now);
      const payout = await payoutOf(deps, ana.id);
      // A body that says failed while AbacatePay still says COMPLETE moves nothing: the read decides.
      const early = JSON.stringify({
        event: 'transfer.failed',
        apiVersion: 2,
        devMode: false,
        data: { transfer: { externalId: payout.id, status: 'FAILED' } },
      });
      expect(await deliver(deps, 'abacatepay', abacateRequest(early))).toEqual(['open']);
      expect((await payoutOf(deps, ana.id)).state).toBe('sent');
      const balanceBefore = abacate.balanceCents;
      await abacate.settleSend(payout.id, 'failed');
      expect(await deliver(deps, 'abacatepay', abacateRequest(abacate.deliveries.at(-1)!.body))).toEqual(['failed']);
      expect(abacate.balanceCents - balanceBefore).toBe(COMMISSION + 80);
      expect(await payoutOf(deps, ana.id)).toMatchObject({ state: 'failed' });
      expect(await balance(ana.id)).toMatchObject({ paidCents: 0, availableCents: COMMISSION });

      // Rate limited (HTTP 429): nothing sent, read back, then sent again under the same externalId.
      running.clock.now += 10 * DAY;
      await approveAll(deps);
      abacate.scriptNext('pixSend', { kind: 'status', status: 429, body: { data: null, success: false, error: 'Too many requests' } });
      await runPayouts(deps, now);
      const limited = (await payoutsView(deps, now())).payouts.find((each) => each.affiliateId === ana.id && each.state !== 'failed')!;
      expect(limited.state).toBe('unknown');
      await runPayouts(deps, now);
      expect((await payoutOf(deps, ana.id)).state).toBe('sent');
      expect(abacate.sends.get(limited.id)!.amount).toBe(COMMISSION + 80);
      await abacate.settleSend(limited.id, 'completed');
      await deliver(deps, 'abacatepay', abacateRequest(abacate.deliveries.at(-1)!.body));
      expect(await balance(ana.id)).toMatchObject({ paidCents: COMMISSION, availableCents: 0 });

      // The feature off on the account, a short balance, an unknown key: refused, the commission still available.
      const cases: Array<[() => void, RegExp]> = [
        [() => (abacate.pixSendEnabled = false), /Função não habilitada/],
        [() => (abacate.balanceCents = 100), /^Saldo insuficiente na conta para enviar/],
        [() => abacate.unknownKeys.add('ana.abacate@example.com'), /^O banco recusou a chave PIX do afiliado/],
      ];
      for (const [arrange, failure] of cases) {
        await buyAndPay(running, { fields: { affiliate: ana.code } });
        running.clock.now += 10 * DAY;
        abacate.pixSendEnabled = true;
        abacate.balanceCents = 10_000_000;
        abacate.unknownKeys.clear();
        arrange();
        await approveAll(deps);
        await runPayouts(deps, now);
        const latest = (await payoutsView(deps, now())).payouts.filter((each) => each.affiliateId === ana.id)[0]!;
        expect(latest.state, String(failure)).toBe('failed');
        expect(latest.failure).toMatch(failure);
      }
      abacate.pixSendEnabled = true;
      abacate.balanceCents = 10_000_000;
      abacate.unknownKeys.clear();
      expect(await balance(ana.id)).toMatchObject({ paidCents: COMMISSION, availableCents: 3 * COMMISSION });

      // No webhook ever comes: a send still COMPLETE a day after its last change is taken as settled by a pass.
      running.clock.now += 10 * DAY;
      await approveAll(deps);
      await runPayouts(deps, now);
      expect((await payoutOf(deps, ana.id)).state).toBe('sent');
      running.clock.now += DAY - 60_000;
      await runPayouts(deps, now);
      expect((await payoutOf(deps, ana.id)).state).toBe('sent');
      running.clock.now += 60_000;
      await runPayouts(deps, now);
      expect((await payoutOf(deps, ana.id)).state).toBe('confirmed');
      expect(await balance(ana.id)).toMatchObject({ paidCents: 4 * COMMISSION, availableCents: 0 });
    });

    it("Efí: the Pix enviado callback (mTLS) confirms only once Efí's read says REALIZADO; an unverified one is refused", async () => {
      const ana = await setUp('+5511987654331', 1);
      const deps = depsWith([efiProvider()]);
      efi.standIn.envioSettles = 'never';
      await approveAll(deps);
      await runPayouts(deps, now);
      const payout = await payoutOf(deps, ana.id);
      expect(payout.state).toBe('sent');
      const [, , sent] = efiExamples.pix!;
      const body = efiBody(sent!, 'x', payout.id);
      // Not the bank's certificate, no hmac: refused before anything is read.
      expect(await deliver(deps, 'efi', request(body))).toBe('rejected');
      // Verified, but Efí still says EM_PROCESSAMENTO: the body alone moves nothing.
      expect(await deliver(deps, 'efi', request(body, { mtls: true }))).toEqual(['open']);
      expect((await payoutOf(deps, ana.id)).state).toBe('sent');
      efi.standIn.envioSettles = 'on_read';
      const [first] = await Promise.all([deliver(deps, 'efi', request(body, { mtls: true })), runPayouts(deps, now)]);
      expect(first).toHaveLength(1);
      expect(await payoutOf(deps, ana.id)).toMatchObject({ state: 'confirmed', endToEndId: efi.standIn.envios.get(payout.id)!.e2eId });
      expect(await balance(ana.id)).toMatchObject({ paidCents: COMMISSION, availableCents: 0 });
      // An idEnvio this shop never sent: ignored.
      expect(await deliver(deps, 'efi', request(efiBody(sent!, 'x', 'vpNaoExiste'), { mtls: true }))).toEqual(['ignored']);
    });

    it("Woovi: OPENPIX:MOVEMENT_CONFIRMED, signed, confirms the payment Woovi's read says CONFIRMED, once", async () => {
      const ana = await setUp('+5511987654332', 1);
      const deps = depsWith([wooviProvider()]);
      await approveAll(deps);
      await runPayouts(deps, now);
      const payout = await payoutOf(deps, ana.id);
      expect(payout.state).toBe('sent');
      const body = exampleBody('MOVEMENT_CONFIRMED', 'OPENPIX:MOVEMENT_CONFIRMED', { chargeId: 'x', endToEndId: 'E1', sendId: payout.id });
      expect(await deliver(deps, 'woovi', request(body, { headers: { 'x-webhook-signature': woovi.sign(`${body} `) } }))).toBe('rejected');
      const signed = request(body, { headers: { 'x-webhook-signature': woovi.sign(body) } });
      const [first, second] = await Promise.all([deliver(deps, 'woovi', signed), deliver(deps, 'woovi', signed)]);
      expect([first, second].flat().sort()).toEqual(['confirmed', 'ignored']);
      expect(await payoutOf(deps, ana.id)).toMatchObject({ state: 'confirmed', endToEndId: woovi.payments.get(payout.id)!.endToEndId });
      expect(await balance(ana.id)).toMatchObject({ paidCents: COMMISSION, availableCents: 0 });
    });
  });
}

for (const database of databases) {
  describe(`a payout webhook through the shop's route, on ${database.name}`, () => {
    let abacate: AbacatepayStandIn;
    beforeAll(async () => {
      abacate = await startAbacatepayStandIn({ devMode: false });
    });
    afterAll(() => abacate?.stop());
    const running = useTestServer(
      database,
      () => providersEnv(['abacatepay'], abacatepayVariables(abacate), { ABACATEPAY_PIX_SEND: 'on', ABACATEPAY_PIX_SEND_FEE_CENTS: '80' }),
      { ownPublicUrl: true },
    );

    it('ABACATEPAY_PIX_SEND=on sends by /pix/send; transfer.completed posted to /api/webhooks/abacatepay confirms it once, 2xx', async () => {
      const { server, db } = running;
      abacate.now = () => Date.now();
      abacate.webhook = { url: `${server.url}/api/webhooks/abacatepay`, secret: ABACATEPAY_WEBHOOK_SECRET };
      const registered = await registerAffiliate(
        db.db,
        form.parse({
          name: 'Rita Melo',
          email: `rita.${Date.now()}@example.com`,
          document: uniqueCpf(),
          pixKey: 'rita@example.com',
          promotes: 'Blog',
        }),
        'active',
        Date.now(),
      );
      if (!registered.ok) throw new Error(registered.reason);
      // A payout as an approval writes it (affiliates/payouts.ts approveBatch), without lines: only its sending is looked at here.
      const at = Date.now();
      const id = `vp${Date.now().toString(16)}route`;
      await insertQueuedPayout(db, {
        id,
        batch_id: 'vbroute',
        affiliate_id: registered.affiliate.id,
        amount_cents: 1500,
        pix_key_type: 'email',
        pix_key: 'rita@example.com',
        provider: 'abacatepay',
        created_at: at,
      });
      const deps = { ...server.orders };
      await runPayouts(deps, () => Date.now());
      expect(abacate.sends.get(id)).toMatchObject({ amount: 1580, platformFee: 80, status: 'COMPLETE' });
      const state = async () =>
        (await db.db.selectFrom('affiliate_payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).state;
      expect(await state()).toBe('sent');

      await abacate.settleSend(id, 'completed');
      expect(abacate.deliveries.at(-1)).toMatchObject({ status: 200 });
      await server.background.idle();
      expect(await state()).toBe('confirmed');
      expect(abacate.sends.get(id)!.receivedCents).toBe(1500);

      // The same word again, and one for a send the shop never made: 2xx, nothing moves.
      const replay = abacate.deliveries.at(-1)!;
      const again = await fetch(replay.url, { method: 'POST', headers: replay.headers, body: replay.body });
      expect(again.status).toBe(200);
      const stranger = JSON.stringify({
        event: 'transfer.completed',
        apiVersion: 2,
        devMode: false,
        data: { transfer: { externalId: 'vpdesconhecido' } },
      });
      const unknown = await fetch(replay.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Webhook-Signature': signAbacateBody(stranger) },
        body: stranger,
      });
      expect(unknown.status).toBe(200);
      await server.background.idle();
      expect(await state()).toBe('confirmed');
    });
  });
}
