import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { orderBump } from '../../../src/content/offers.ts';
import type { AdminOrderDetail, AdminOrderList, AdminOverview } from '../../../src/shared/admin.ts';
import type { CreatedOrder } from '../../../src/shared/checkout.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../../src/shared/order-view-key.ts';
import { businessDay } from '../../../src/shared/time.ts';
import { readBumpFunnel } from '../../../src/server/funnel/bump-funnel.ts';
import { newViewKey, signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { standInGatewayClient, type ChargeLedger } from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { REAL_GATEWAY_TEST_ENV } from '../../support/real-gateway-env.ts';
import { startHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import { buy, consoleCall, ledgerSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';
import { readFunnel } from '../../../src/server/funnel/funnel-report.ts';

/**
 * What the seller sees of the order bump (docs/operations.md, docs/tracking.md, docs/payments.md), on SQLite and
 * PostgreSQL, from one known set of orders made through the real API against the gateway's
 * stand-in: Visão geral's figures, the orders list, detail and CSV, the funnel's bump steps, the
 * GA4 and Meta purchases (stand-ins on loopback) and the webhooks (checked with the Standard
 * Webhooks reference library).
 */
const PASSWORD = 'senha-do-painel-adicional';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const MAIN = { title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 };
const bump = orderBump!;
const tracking = { consent: 'granted', fbp: 'fb.1.1700000000000.1234567890', ga: 'GA1.1.987654321.1700000000' };

interface Bought {
  orderId: string;
  publicRef: string;
  viewKey: string;
}

type GaEvent = { name: string; params: { transaction_id: string; value: number; items: unknown[] } };
type MetaEvent = { event_name: string; event_id: string; custom_data: { value: number; currency: string } };

for (const database of databases) {
  describe(`the seller sees the order bump, on ${database.name}`, () => {
    /** The stand-ins for Meta, GA4 and the seller's webhook, started before the server that names them. */
    const receivers = {} as { meta: HttpReceiver; ga: HttpReceiver; hooks: HttpReceiver };
    beforeAll(async () => {
      [receivers.meta, receivers.ga, receivers.hooks] = await Promise.all([startHttpReceiver(), startHttpReceiver(), startHttpReceiver()]);
    });
    afterAll(() => Promise.all([receivers.meta?.stop(), receivers.ga?.stop(), receivers.hooks?.stop()]));
    const running = useTestServer(
      database,
      () => ({
        BUMP_PRODUCT_HASH: 'prd_bump_standin',
        BUMP_OFFER_HASH: 'off_bump_standin',
        ADMIN_PASSWORD: PASSWORD,
        META_PIXEL_ID: '1234567890',
        META_CAPI_TOKEN: 'EAAGtestConversionsApiToken0123456789',
        META_CAPI_URL: receivers.meta.url,
        GA_ID: 'G-TEST12345',
        GA_API_SECRET: 'mp_secret_0123',
        GA_MP_URL: receivers.ga.url,
        WEBHOOK_URL: `${receivers.hooks.url}/hooks`,
        WEBHOOK_SECRET: SECRET,
      }),
      { gateway: (standIn) => standInGatewayClient(standIn) },
    );
    let ledger: ChargeLedger;
    /** A: the bump ticked, paid. B: without, offer accepted and paid. C: declined. D: accepted, unpaid. E: with, unpaid. */
    const orders = {} as Record<'a' | 'b' | 'c' | 'd' | 'e', Bought> & { bAddon: Bought; dAddon: Bought };

    async function checkout(withBump: boolean): Promise<Bought> {
      const viewKey = newViewKey();
      const { reply: created } = await buy(running.server, {
        buyer: uniqueBuyer('Paula Reis'),
        fields: { viewKey, bump: withBump, tracking },
      });
      return { orderId: created.orderId, publicRef: created.publicRef, viewKey };
    }

    const pay = (orderId: string) => ledgerSays(running.server, running.db, ledger, orderId);

    async function answer(parent: Bought, accept: boolean): Promise<Bought | undefined> {
      const response = await fetch(`${running.server.url}/api/orders/${parent.orderId}/addon`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [ORDER_VIEW_KEY_HEADER]: parent.viewKey },
        body: JSON.stringify({ accept }),
      });
      expect(response.status).toBe(accept ? 201 : 200);
      if (!accept) return undefined;
      const created = (await response.json()) as CreatedOrder;
      return { orderId: created.orderId, publicRef: created.publicRef, viewKey: parent.viewKey };
    }

    let cookie: string | undefined;
    // The console's origin is PUBLIC_URL, which the stand-in's settings name.
    const origin = REAL_GATEWAY_TEST_ENV.PUBLIC_URL;
    async function consoleGet(path: string): Promise<Response> {
      cookie ??= await signInToConsole(running.server.url, PASSWORD, origin);
      return consoleCall(running.server.url, cookie, path, undefined, { origin });
    }

    beforeAll(async () => {
      ledger = running.gateway.rememberCharges();
      orders.a = await checkout(true);
      await pay(orders.a.orderId);
      orders.b = await checkout(false);
      await pay(orders.b.orderId);
      orders.bAddon = (await answer(orders.b, true))!;
      await pay(orders.bAddon.orderId);
      orders.c = await checkout(false);
      await pay(orders.c.orderId);
      await answer(orders.c, false);
      orders.d = await checkout(false);
      await pay(orders.d.orderId);
      orders.dAddon = (await answer(orders.d, true))!;
      orders.e = await checkout(true);
      await running.server.background.idle();
      await running.server.outbox.runOnce();
      await running.server.background.idle();
    });

    it('Visão geral: bump revenue, take rate and offer conversion; sales count main orders, revenue every order', async () => {
      const response = await consoleGet('/overview');
      expect(response.status).toBe(200);
      const overview = (await response.json()) as AdminOverview;
      // Paid: A 29,80; B 19,90 and its add-on 9,90; C 19,90; D 19,90.
      expect(overview.totals.last7).toEqual({ revenueCents: 2980 + 1990 + bump.afterPaymentPriceCents + 1990 + 1990, paidOrders: 4 });
      expect(overview.paidOrdersAllTime).toBe(4);
      expect(overview.latestPaid?.id).toBe(orders.d.orderId);
      expect(overview.bump?.last7).toEqual({
        revenueCents: bump.priceCents + bump.afterPaymentPriceCents,
        checkoutRevenueCents: bump.priceCents,
        afterPaymentRevenueCents: bump.afterPaymentPriceCents,
        paidOrders: 4,
        withBump: 1,
        takeRate: 0.25,
        offerEligible: 3,
        offerAccepted: 2,
        offerDeclined: 1,
        offerPaid: 1,
        offerConversion: 1 / 3,
      });
      expect(overview.daily.at(-1)).toMatchObject({ paidOrders: 4, revenueCents: overview.totals.last7.revenueCents });
    });

    it('the orders list, the detail and the CSV carry the items, the add-on and its parent', async () => {
      const list = (await (await consoleGet('/orders')).json()) as AdminOrderList;
      const byId = new Map(list.orders.map((order) => [order.id, order]));
      expect(byId.get(orders.a.orderId)?.items).toEqual([
        { key: 'main', ...MAIN },
        { key: 'bump', title: bump.name, priceCents: bump.priceCents },
      ]);
      expect(byId.get(orders.bAddon.orderId)).toMatchObject({
        kind: 'addon',
        parentOrderId: orders.b.orderId,
        amountCents: bump.afterPaymentPriceCents,
        items: [{ key: 'bump', title: bump.name, priceCents: bump.afterPaymentPriceCents }],
      });

      const parent = (await (await consoleGet(`/orders/${orders.b.orderId}`)).json()) as AdminOrderDetail;
      expect(parent).toMatchObject({ kind: 'main', parentOrderId: null, addons: [{ id: orders.bAddon.orderId, status: 'paid' }] });
      const addon = (await (await consoleGet(`/orders/${orders.bAddon.orderId}`)).json()) as AdminOrderDetail;
      expect(addon).toMatchObject({ kind: 'addon', parentOrderId: orders.b.orderId, addons: [] });

      const csv = await (await consoleGet('/orders.csv')).text();
      // fetch's text() already dropped the BOM.
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        'Pedido;Status;Nome;E-mail;Telefone;Valor (R$);Criado em;Pago em;Itens;Tipo;Pedido principal;Provedor de PIX;Líquido (R$)',
      );
      expect(lines.find((line) => line.startsWith(`${orders.a.orderId};`))).toMatch(
        new RegExp(`;"${MAIN.title}; ${bump.name}";Compra;;TriboPay;[\\d,]+$`),
      );
      expect(lines.find((line) => line.startsWith(`${orders.bAddon.orderId};`))).toMatch(
        new RegExp(`;${bump.name};Adicional após o pagamento;${orders.b.orderId};TriboPay;[\\d,]+$`),
      );
    });

    it('the funnel counts main orders, and the bump steps come from the orders', async () => {
      const today = businessDay(Date.now());
      const rows = await readFunnel(running.db.db, today, today);
      const count = (event: string) => rows.filter((row) => row.event === event).reduce((sum, row) => sum + Number(row.count), 0);
      // Five checkouts and four payments: the two add-on orders are no new checkout.
      expect(count('order_created')).toBe(5);
      expect(count('order_paid')).toBe(4);
      expect(await readBumpFunnel(running.db.db, Date.now() - 60 * 60_000, Date.now() + 60_000)).toEqual({
        ordersCreated: 5,
        createdWithBump: 2,
        paidWithBump: 1,
        offered: 3,
        accepted: 2,
        declined: 1,
        addonPaid: 1,
      });
    });

    it('GA4 gets every item and the total; Meta the total; an add-on is its own purchase', async () => {
      const ga = receivers.ga.requests.map((request) => (JSON.parse(request.body) as { events: GaEvent[] }).events[0]!);
      const purchases = new Map(
        ga.filter((event) => event.name === 'purchase').map((event) => [event.params.transaction_id, event.params]),
      );
      expect(purchases.size).toBe(5);
      expect(purchases.get(orders.a.publicRef)).toMatchObject({
        value: 29.8,
        currency: 'BRL',
        items: [
          { item_id: 'main', item_name: MAIN.title, price: 19.9, quantity: 1 },
          { item_id: 'bump', item_name: bump.name, price: bump.priceCents / 100, quantity: 1 },
        ],
      });
      expect(purchases.get(orders.bAddon.publicRef)).toMatchObject({
        value: bump.afterPaymentPriceCents / 100,
        items: [{ item_id: 'bump', item_name: bump.name, price: bump.afterPaymentPriceCents / 100, quantity: 1 }],
      });
      expect(purchases.get(orders.b.publicRef)?.items).toHaveLength(1);

      const meta = receivers.meta.requests.map((request) => (JSON.parse(request.body) as { data: MetaEvent[] }).data[0]!);
      const byEvent = new Map(meta.map((event) => [event.event_id, event]));
      expect(byEvent.size).toBe(5);
      expect(byEvent.get(orders.a.publicRef)).toMatchObject({ event_name: 'Purchase', custom_data: { value: 29.8, currency: 'BRL' } });
      expect(byEvent.get(orders.bAddon.publicRef)?.custom_data.value).toBe(bump.afterPaymentPriceCents / 100);
    });

    it('webhooks carry the items, and an add-on names its main order', async () => {
      const verifier = new Webhook(SECRET);
      type Payload = {
        type: string;
        data: { id: string; kind: string; parent_order_id: string | null; items: unknown[]; amount_cents: number };
      };
      const events = receivers.hooks.requests.map((request) => verifier.verify(request.body, request.headers) as Payload);
      const paid = (id: string) => events.find((event) => event.type === 'order.paid' && event.data.id === id)?.data;
      expect(paid(orders.a.orderId)).toMatchObject({
        kind: 'main',
        parent_order_id: null,
        amount_cents: 2980,
        items: [
          { key: 'main', title: MAIN.title, price_cents: 1990 },
          { key: 'bump', title: bump.name, price_cents: bump.priceCents },
        ],
      });
      expect(paid(orders.bAddon.orderId)).toMatchObject({
        kind: 'addon',
        parent_order_id: orders.b.orderId,
        amount_cents: bump.afterPaymentPriceCents,
        items: [{ key: 'bump', title: bump.name, price_cents: bump.afterPaymentPriceCents }],
      });
      const created = events.find((event) => event.type === 'order.created' && event.data.id === orders.e.orderId);
      expect(created?.data.items).toHaveLength(2);
    });
  });
}
