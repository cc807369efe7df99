import { afterAll, describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../src/content/offer.ts';
import type { AddonOffer, AddonPriceChangedBody, PriceChangedBody, ProductInfo } from '../../../src/shared/checkout.ts';
import type { AdminPageState, Offer } from '../../../src/shared/offer.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../../src/shared/order-view-key.ts';
import { newCheckoutKey, newViewKey, postOrder, signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { auditRows, orderRow, ordersBy, rowsOfOrder } from '../../support/db-reads.ts';
import { buy, consoleCall, drainOutbox, sandboxSays } from '../../support/purchase.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { startTestServer, useTestServer, type TestServer, type TestServerRig } from '../../support/test-server.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { isPixEmail } from '../smtp-test-server.ts';
import { databases, type TestDb } from '../test-db.ts';

/**
 * Prices change safely (docs/editing.md#prices): a price the seller publishes applies to the next checkout only, a
 * PIX already issued keeps its amount, a checkout that showed the old price is told before any charge, each order
 * records the page version and the prices it was placed under and prints them ever after, and "de R$ X" is
 * published only for a price really charged 30 of the last 90 days. On the built-in sandbox (the demo's TriboPay,
 * which charges the page's price) and, for the catalogue's rule, the TriboPay stand-in.
 */

const PASSWORD = 'senha-do-painel-de-precos';
const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2026, 2, 2, 12);
const ORIGINAL_NAME = offerDefaults.product.name;
const FIRST_NAME = 'Lista VIP de Fornecedores 2027';
const SECOND_NAME = 'Lista VIP de Fornecedores 2027 Plus';

function edited(base: Offer, change: (offer: Offer) => void): Offer {
  const offer = structuredClone(base);
  change(offer);
  return offer;
}

/** The console's origin: the server's own address, or PUBLIC_URL where set (a real gateway needs one). */
const originOf = (rig: TestServerRig) => rig.env.PUBLIC_URL ?? rig.server.url;
const signIn = (rig: TestServerRig) => signInToConsole(rig.server.url, PASSWORD, originOf(rig));
const adminCall = (rig: TestServerRig, cookie: string, path: string, body?: unknown) =>
  consoleCall(rig.server.url, cookie, path, body, { origin: originOf(rig) });

/** The console's draft and publish, as the editor sends them; resolves with the publish's reply. */
async function publish(rig: TestServerRig, offer: Offer): Promise<Response> {
  const cookie = await signIn(rig);
  const state = (await (await adminCall(rig, cookie, '/page')).json()) as AdminPageState;
  const saved = await adminCall(rig, cookie, '/page/draft', { baseNumber: state.live.number, offer });
  // A reference price that cannot be honest is refused as the draft is saved.
  if (saved.status !== 200) return saved;
  return adminCall(rig, cookie, '/page/publish', { baseNumber: state.live.number });
}

async function livePage(rig: TestServerRig): Promise<AdminPageState> {
  const cookie = await signIn(rig);
  return (await (await adminCall(rig, cookie, '/page')).json()) as AdminPageState;
}

async function product(rig: TestServerRig): Promise<ProductInfo> {
  const response = await fetch(`${rig.server.url}/api/product`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as ProductInfo;
}

/** The order's items as stored, the main product first. */
const items = async (db: TestDb, orderId: string) =>
  (await rowsOfOrder(db, 'order_items', orderId))
    .map((row) => ({ item: row.item, title: row.title, priceCents: Number(row.price_cents) }))
    .sort((a, b) => (a.item === 'main' ? -1 : b.item === 'main' ? 1 : 0));

for (const database of databases) {
  describe(`a price published in the console on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { smtp: true, clock: START });
    let before: { orderId: string; pixCode: string };
    let underFirst: string;

    it('applies to the next checkout only: a PIX issued before keeps its amount, each order records its version and prices', async () => {
      expect(await product(running)).toEqual({
        title: ORIGINAL_NAME,
        priceCents: 1990,
        version: 0,
        bump: { name: offerDefaults.bump.name, priceCents: 990 },
      });
      const old = await buy(running.server, { fields: { offerVersion: 0 } });
      before = { orderId: old.orderId, pixCode: old.reply.pix.code! };

      running.clock.now += 60_000;
      const published = await publish(
        running,
        edited(offerDefaults, (offer) => {
          offer.product = { name: FIRST_NAME, priceCents: 2490, referencePriceCents: 0 };
          offer.bump.priceCents = 1290;
          offer.bump.afterPaymentPriceCents = 1190;
        }),
      );
      expect(published.status).toBe(200);
      expect(await product(running)).toEqual({
        title: FIRST_NAME,
        priceCents: 2490,
        version: 1,
        bump: { name: offerDefaults.bump.name, priceCents: 1290 },
      });

      // The PIX issued before the change: its amount, code and items as they were.
      const kept = await orderRow(running.db, before.orderId);
      expect(Number(kept.amount_cents)).toBe(1990);
      expect(kept.pix_code).toBe(before.pixCode);
      expect(kept.offer_version).toBe(0);
      expect(await items(running.db, before.orderId)).toEqual([{ item: 'main', title: ORIGINAL_NAME, priceCents: 1990 }]);
      const page = (await (await fetch(`${running.server.url}/api/order-page/${kept.public_ref}`)).json()) as {
        amountCents: number;
        items: unknown;
      };
      expect(page).toMatchObject({ amountCents: 1990, items: [{ key: 'main', title: ORIGINAL_NAME, priceCents: 1990 }] });

      // The next checkout: the new name and prices, the bump's too, under version 1.
      const next = await buy(running.server, { fields: { bump: true, offerVersion: 1 } });
      underFirst = next.orderId;
      expect(next.reply.amountCents).toBe(2490 + 1290);
      const row = await orderRow(running.db, next.orderId);
      expect(row.offer_version).toBe(1);
      expect(await items(running.db, next.orderId)).toEqual([
        { item: 'main', title: FIRST_NAME, priceCents: 2490 },
        { item: 'bump', title: offerDefaults.bump.name, priceCents: 1290 },
      ]);
      expect(row.pix_code).toContain('540537.80'); // EMV field 54: the amount the buyer's bank shows
    });

    it('answers 409 with the new prices to a checkout that showed older ones, before any charge', async () => {
      const buyer = uniqueBuyer('Rita Prado');
      const checkoutKey = newCheckoutKey();
      const refused = await postOrder<PriceChangedBody>(running.server.url, { ...buyer, checkoutKey, offerVersion: 0 });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(
        'O preço foi atualizado desde que você abriu a página. Confira o novo valor acima e toque de novo para gerar o PIX.',
      );
      expect(refused.body.product).toMatchObject({ title: FIRST_NAME, priceCents: 2490, version: 1 });
      // Nothing stored, nothing charged.
      expect(await ordersBy(running.db, 'checkout_key', checkoutKey)).toEqual([]);
      expect(await ordersBy(running.db, 'buyer_email', buyer.email)).toEqual([]);

      // A version the server never published is "another price" too.
      expect((await postOrder(running.server.url, { ...buyer, checkoutKey: newCheckoutKey(), offerVersion: 99 })).status).toBe(409);

      // Shown the new price, the buyer taps again: charged what they saw.
      const paid = await postOrder<{ amountCents: number }>(running.server.url, {
        ...buyer,
        checkoutKey: newCheckoutKey(),
        offerVersion: 1,
      });
      expect(paid.status).toBe(201);
      expect(paid.body.amountCents).toBe(2490);

      // A publish that changes words only leaves a checkout of the version before it alone.
      running.clock.now += 60_000;
      const live = (await livePage(running)).live.offer;
      const words = await publish(
        running,
        edited(live, (offer) => (offer.hero.badge = 'Lista atualizada')),
      );
      expect(words.status).toBe(200);
      const same = await postOrder<{ amountCents: number }>(running.server.url, {
        ...uniqueBuyer('Ana Lima'),
        checkoutKey: newCheckoutKey(),
        offerVersion: 1,
      });
      expect(same.status).toBe(201);
      expect(same.body.amountCents).toBe(2490);
    });

    it('prints in e-mails and on the order page the name and price the order was placed under, after a later change', async () => {
      running.smtp.received.length = 0;
      running.clock.now += 60_000;
      const live = (await livePage(running)).live.offer;
      const later = await publish(
        running,
        edited(live, (offer) => {
          offer.product.name = SECOND_NAME;
          offer.product.priceCents = 2990;
        }),
      );
      expect(later.status).toBe(200);
      // The hour's PIX reminder of the order placed under version 1 is written now, after the change.
      running.clock.now += 61 * 60_000;
      await drainOutbox(running.server);
      const order = await orderRow(running.db, underFirst);
      const pixMail = running.smtp.received.find((mail) => isPixEmail(mail) && mail.to.includes(order.buyer_email));
      expect(pixMail).toBeDefined();
      const pix = parseMail(pixMail!.raw);
      expect(pix.text).toContain(FIRST_NAME);
      expect(pix.text).not.toContain(SECOND_NAME);
      expect(pix.text).toMatch(/R\$\s37,80/);
      expect(pix.text).toMatch(new RegExp(`- ${FIRST_NAME}: R\\$\\s24,90`));

      await sandboxSays(running.server, running.db, underFirst, 'paid');
      await drainOutbox(running.server);
      const accessMail = running.smtp.received.find((mail) => !isPixEmail(mail) && mail.to.includes(order.buyer_email));
      expect(accessMail).toBeDefined();
      const access = parseMail(accessMail!.raw);
      expect(decodeHeader(access.headers.get('subject')!)).toContain(FIRST_NAME);
      expect(access.text).not.toContain(SECOND_NAME);
      expect(access.text).toMatch(/R\$\s24,90/);

      const page = (await (await fetch(`${running.server.url}/api/order-page/${order.public_ref}`)).json()) as { items: unknown };
      expect(page).toMatchObject({
        items: [
          { key: 'main', title: FIRST_NAME, priceCents: 2490 },
          { key: 'bump', title: offerDefaults.bump.name, priceCents: 1290 },
        ],
      });
    });

    it('offers the bump after payment at the live price, recorded with its version', async () => {
      const viewKey = newViewKey();
      const { orderId } = await buy(running.server, { fields: { viewKey, offerVersion: 3 } });
      expect(Number((await orderRow(running.db, orderId)).amount_cents)).toBe(2990);
      await sandboxSays(running.server, running.db, orderId, 'paid');
      const status = (await (
        await fetch(`${running.server.url}/api/orders/${orderId}`, { headers: { [ORDER_VIEW_KEY_HEADER]: viewKey } })
      ).json()) as { addonOffer?: { title: string; priceCents: number } };
      expect(status.addonOffer).toMatchObject({ title: offerDefaults.bump.name, priceCents: 1190 });
      const accepted = await fetch(`${running.server.url}/api/orders/${orderId}/addon`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [ORDER_VIEW_KEY_HEADER]: viewKey },
        body: JSON.stringify({ accept: true }),
      });
      expect(accepted.status).toBe(201);
      const addon = (await accepted.json()) as { orderId: string; amountCents: number };
      expect(addon.amountCents).toBe(1190);
      expect((await orderRow(running.db, addon.orderId)).offer_version).toBe(3);
    });

    it('answers 409 with the new price to an offer after payment shown before a change, charging nothing; a PIX issued keeps its amount', async () => {
      const viewKey = newViewKey();
      const { orderId } = await buy(running.server, { fields: { viewKey, offerVersion: 3 } });
      await sandboxSays(running.server, running.db, orderId, 'paid');
      const headers = { 'Content-Type': 'application/json', [ORDER_VIEW_KEY_HEADER]: viewKey };
      const answer = (body: unknown) =>
        fetch(`${running.server.url}/api/orders/${orderId}/addon`, { method: 'POST', headers, body: JSON.stringify(body) });
      const status = (await (await fetch(`${running.server.url}/api/orders/${orderId}`, { headers })).json()) as {
        addonOffer?: AddonOffer;
      };
      expect(status.addonOffer).toMatchObject({ priceCents: 1190, version: 3 });

      // The seller changes the add-on's price while the buyer looks at the offer.
      const reprice = async (afterPaymentPriceCents: number) => {
        running.clock.now += 60_000;
        const live = (await livePage(running)).live.offer;
        expect(
          (
            await publish(
              running,
              edited(live, (offer) => (offer.bump.afterPaymentPriceCents = afterPaymentPriceCents)),
            )
          ).status,
        ).toBe(200);
      };
      await reprice(1390);
      const refused = await answer({ accept: true, offerVersion: 3 });
      expect(refused.status).toBe(409);
      const body = (await refused.json()) as AddonPriceChangedBody;
      expect(body.error).toBe(
        'O preço foi atualizado desde que você viu a oferta. Confira o novo valor acima e toque de novo para gerar o PIX.',
      );
      expect(body.addonOffer).toMatchObject({ title: offerDefaults.bump.name, priceCents: 1390, version: 4 });
      // Nothing stored, nothing charged, the offer still open.
      expect(await ordersBy(running.db, 'parent_order_id', orderId)).toEqual([]);
      expect((await orderRow(running.db, orderId)).addon_answer).toBeNull();

      // Shown the new price, the buyer taps again: charged what they saw.
      const accepted = await answer({ accept: true, offerVersion: 4 });
      expect(accepted.status).toBe(201);
      const addon = (await accepted.json()) as { orderId: string; amountCents: number };
      expect(addon.amountCents).toBe(1390);
      expect((await orderRow(running.db, addon.orderId)).offer_version).toBe(4);

      // A later change leaves the PIX issued alone: the same order and amount, whatever version the tab sends.
      await reprice(1590);
      const again = await answer({ accept: true, offerVersion: 4 });
      expect(again.status).toBe(201);
      expect(await again.json()).toMatchObject({ orderId: addon.orderId, amountCents: 1390 });
      expect(Number((await orderRow(running.db, addon.orderId)).amount_cents)).toBe(1390);

      // Expired, its "Gerar novo código" (after a reload, no version sent) is a new price the buyer has not seen: 409 first.
      running.clock.now += 2 * DAY;
      const regenerate = await answer({ accept: true });
      expect(regenerate.status).toBe(409);
      expect(((await regenerate.json()) as AddonPriceChangedBody).addonOffer).toMatchObject({ priceCents: 1590, version: 5 });
      expect((await ordersBy(running.db, 'parent_order_id', orderId)).map((row) => row.id)).toEqual([addon.orderId]);
      const renewed = await answer({ accept: true, offerVersion: 5 });
      expect(renewed.status).toBe(201);
      expect(await renewed.json()).toMatchObject({ amountCents: 1590 });
    });
  });

  describe(`the reference price ("de R$ X por R$ Y") on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: START });
    const withReference = (referencePriceCents: number, priceCents = 1490) =>
      edited(offerDefaults, (offer) => {
        offer.product.priceCents = priceCents;
        offer.product.referencePriceCents = referencePriceCents;
      });
    const refusal = async (response: Response) => {
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(body.fields['product.referencePriceCents']).toBe(body.error);
      return body.error;
    };

    it('is refused until the price was charged for 30 of the last 90 days, and says for how long it was', async () => {
      // Before any order, the build's price was never charged.
      expect(await refusal(await publish(running, withReference(1990)))).toBe(
        'O preço de referência R$\u00a019,90 só pode aparecer se foi o preço cobrado por pelo menos 30 dias nos últimos 90. Nos últimos 90 dias ele valeu por 0 dias.',
      );
      await buy(running.server);
      running.clock.now = START + 20 * DAY;
      expect(await refusal(await publish(running, withReference(1990)))).toMatch(/ele valeu por 20 dias\.$/);
      // A price never charged at all: refused as the draft is saved, with its reason, so the preview never shows it.
      running.clock.now = START + 31 * DAY;
      const cookie = await signIn(running);
      const neverCharged = await adminCall(running, cookie, '/page/draft', { baseNumber: 0, offer: withReference(4700) });
      expect(await refusal(neverCharged)).toMatch(/R\$\s47,00 .* valeu por 0 dias\.$/);
      expect(((await (await adminCall(running, cookie, '/page')).json()) as AdminPageState).draft).toBeNull();
      // Not above the price: refused at the field as the draft is saved.
      const notAbove = await adminCall(running, cookie, '/page/draft', { baseNumber: 0, offer: withReference(1490) });
      expect(notAbove.status).toBe(422);
      expect(((await notAbove.json()) as { fields: Record<string, string> }).fields['product.referencePriceCents']).toBe(
        'O preço de referência precisa ser maior que o preço. Use 0 para não mostrar.',
      );

      expect((await publish(running, withReference(1990))).status).toBe(200);
      expect((await livePage(running)).live.offer.product).toEqual({ name: ORIGINAL_NAME, priceCents: 1490, referencePriceCents: 1990 });
    });

    it('counts only the last 90 days: a restore long after is refused, a reference-free version is not', async () => {
      // R$ 19,90 was live from START to START + 31 days; 100 days later that is outside the window.
      running.clock.now = START + 131 * DAY;
      const cookie = await signIn(running);
      const restored = await adminCall(running, cookie, '/page/versions/1/restore', { baseNumber: 1 });
      expect(await refusal(restored)).toMatch(/ele valeu por 0 dias\.$/);
      // R$ 14,90 has been live for 100 days: it may now be the reference of a lower price.
      expect((await publish(running, withReference(1490, 990))).status).toBe(200);
      expect((await adminCall(running, cookie, '/page/versions/0/restore', { baseNumber: 2 })).status).toBe(200);
    });
  });

  describe.skipIf(!siteBuilt)(`a reference price that stops being honest on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: START, site: () => builtSite(PASSWORD) });
    const struck = /<s>R\$\s19,90<\/s>/;
    const html = async (server: Pick<TestServer, 'app'>) => (await server.app.request('/')).text();
    const withdrawals = async () => (await auditRows(running.db)).filter((row) => row.action === 'page_reference_withdrawn');
    let other: TestServer;
    afterAll(async () => other?.stop());

    it("leaves every instance's page the moment it no longer qualifies, recorded once, and the console says why", async () => {
      // R$ 19,90 charged from the first order for 40 days, then "de R$ 19,90 por R$ 14,90".
      await buy(running.server);
      running.clock.now = START + 40 * DAY;
      const published = await publish(
        running,
        edited(offerDefaults, (offer) => {
          offer.product.priceCents = 1490;
          offer.product.referencePriceCents = 1990;
        }),
      );
      expect(published.status).toBe(200);
      // A second instance on the same database and clock, as behind nginx.
      other = await startTestServer(running.db, { ADMIN_PASSWORD: PASSWORD }, { site: builtSite(PASSWORD), now: () => running.clock.now });
      await other.checkOffer();
      for (const server of [running.server, other]) expect(await html(server)).toMatch(struck);
      // The 40 days leave the 90-day window from START + 100 days: until then 30 of them are in it.
      const honestUntil = START + 100 * DAY;
      expect((await livePage(running)).referencePrice).toEqual({ priceCents: 1990, honestUntil, withdrawn: null });

      running.clock.now = honestUntil;
      for (const server of [running.server, other]) {
        await server.checkOffer();
        expect(await html(server)).toMatch(struck);
      }
      expect(await withdrawals()).toEqual([]);

      running.clock.now = honestUntil + 1_000;
      for (const server of [running.server, other]) {
        await server.checkOffer();
        const page = await html(server);
        expect(page).not.toMatch(struck);
        expect(page).toMatch(/R\$\s14,90/);
        expect(page).not.toContain('"referencePriceCents"');
      }
      const [recorded, ...more] = await withdrawals();
      expect(more).toEqual([]);
      expect(JSON.parse(recorded!.detail!)).toEqual({ version: 1, referencePriceCents: 1990, honestUntil, days: 29 });

      const state = await livePage(running);
      expect(state.referencePrice).toEqual({ priceCents: 1990, honestUntil, withdrawn: { days: 29 } });
      // The version stays as published: its history is the seller's.
      expect(state.live.offer.product.referencePriceCents).toBe(1990);
    });

    it('is not printed by an instance started after it lapsed, and a publish keeping it is refused with the days', async () => {
      running.clock.now = START + 120 * DAY;
      const started = await startTestServer(
        running.db,
        { ADMIN_PASSWORD: PASSWORD },
        { site: builtSite(PASSWORD), now: () => running.clock.now },
      );
      try {
        await started.checkOffer();
        expect(await html(started)).not.toMatch(struck);
        expect(await withdrawals()).toHaveLength(1);
      } finally {
        await started.stop();
      }
      const live = (await livePage(running)).live.offer;
      const kept = await publish(
        running,
        edited(live, (offer) => (offer.hero.badge = 'Lista atualizada')),
      );
      expect(kept.status).toBe(422);
      expect(((await kept.json()) as { error: string }).error).toMatch(/R\$\s19,90 .* valeu por 10 dias\.$/);
    });
  });

  describe(`with TriboPay alone on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { gateway: true });

    it('charges its catalogue price: the editor locks the price and says so, and a publish never pretends it changed', async () => {
      const state = await livePage(running);
      expect(state.locked).toEqual(['product.priceCents']);
      const cheaper = await publish(
        running,
        edited(offerDefaults, (offer) => (offer.product.priceCents = 1490)),
      );
      expect(cheaper.status).toBe(422);
      const body = (await cheaper.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toMatch(/^Com a TriboPay, o PIX cobra o preço da oferta cadastrada no painel dela \(R\$\s19,90\)/);
      expect(body.fields['product.priceCents']).toBe(body.error);
      expect((await livePage(running)).live.number).toBe(0);
      // Its name and the bump's prices are still the seller's to change.
      const renamed = await publish(
        running,
        edited(offerDefaults, (offer) => (offer.product.name = FIRST_NAME)),
      );
      expect(renamed.status).toBe(200);
      expect(await product(running)).toMatchObject({ title: FIRST_NAME, priceCents: 1990, version: 1 });
    });
  });
}
