import { beforeAll, describe, expect, it } from 'vitest';
import { orderBump } from '../../../src/content/offers.ts';
import type { CreatedOrder, OrderStatusReply } from '../../../src/shared/checkout.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../../src/shared/order-view-key.ts';
import { loadConfig } from '../../../src/server/config/config.ts';
import { renderOutboxMessage } from '../../../src/server/access/access-email.ts';
import { listPaidOrderIdsByEmail } from '../../../src/server/orders/order-access.ts';
import { lookUpAccessToken } from '../../../src/server/access/access-service.ts';
import { entitledLists } from '../../../src/server/purchase/purchase-service.ts';
import { businessMonth } from '../../../src/shared/time.ts';
import { newCheckoutKey, newViewKey, postOrder, signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, outboxRows, refundRow, setOrderColumns } from '../../support/db-reads.ts';
import {
  standInGatewayClient,
  STAND_IN_PRODUCT_HASH,
  type ChargeLedger,
  type GatewayRequest,
} from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { REAL_GATEWAY_TEST_ENV } from '../../support/real-gateway-env.ts';
import { consoleCall, drainOutbox, ledgerSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';
import { countSpotsTaken } from '../../../src/server/orders/order-lookup.ts';

/**
 * The order bump (docs/offers.md) on SQLite and PostgreSQL, over real HTTP against the gateway's
 * stand-in: one PIX for the sum with both items in the cart, the read-back's total, capacity,
 * duplicates, and the one-time offer after payment (one charge however often it is accepted).
 */
const BUMP_PRODUCT = 'prd_bump_standin';
const BUMP_OFFER = 'off_bump_standin';
const MAIN_PRICE = 1990;
const bump = orderBump!;

type Running = ReturnType<typeof useTestServer<(typeof databases)[number]>> & { ledger: ChargeLedger };

function useBumpServer(database: (typeof databases)[number], env: Record<string, string> = {}): Running {
  const running = useTestServer(
    database,
    { BUMP_PRODUCT_HASH: BUMP_PRODUCT, BUMP_OFFER_HASH: BUMP_OFFER, ...env },
    { gateway: (standIn) => standInGatewayClient(standIn) },
  ) as Running;
  beforeAll(() => {
    running.ledger = running.gateway.rememberCharges();
  });
  return running;
}

async function checkout(running: Running, options: { bump: boolean; buyer?: ReturnType<typeof uniqueBuyer> }) {
  const key = newViewKey();
  const buyer = options.buyer ?? uniqueBuyer('Paula Reis');
  const created = await postOrder<CreatedOrder & { error?: string }>(running.server.url, {
    ...buyer,
    checkoutKey: newCheckoutKey(),
    viewKey: key,
    bump: options.bump,
  });
  return { ...created, viewKey: key, buyer };
}

/** The buyer pays at the gateway; returns the order as stored after the postback. */
async function payAndConfirm(running: Running, orderId: string) {
  await ledgerSays(running.server, running.db, running.ledger, orderId);
  return orderRow(running.db, orderId);
}

function status(running: Running, orderId: string, key?: string): Promise<OrderStatusReply> {
  return fetch(`${running.server.url}/api/orders/${orderId}`, { headers: key ? { [ORDER_VIEW_KEY_HEADER]: key } : {} }).then(
    (response) => response.json() as Promise<OrderStatusReply>,
  );
}

function answerOffer(running: Running, orderId: string, key: string | undefined, accept: boolean) {
  return fetch(`${running.server.url}/api/orders/${orderId}/addon`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { [ORDER_VIEW_KEY_HEADER]: key } : {}) },
    body: JSON.stringify({ accept }),
  });
}

const chargeBody = (request: GatewayRequest) =>
  request.body as {
    amount: number;
    offer_hash: string;
    cart: Array<{ product_hash: string; offer_hash: string; price: number; title: string; quantity: number }>;
  };

for (const database of databases) {
  describe(`order bump on ${database.name}`, () => {
    const running = useBumpServer(database);

    it('charges one PIX for the sum, with both items in the cart, and opens both lists once paid', async () => {
      const before = running.gateway.charges().length;
      const created = await checkout(running, { bump: true });
      expect(created.status).toBe(201);
      expect(created.body.amountCents).toBe(MAIN_PRICE + bump.priceCents);
      expect(created.body.items).toEqual([
        { key: 'main', title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: MAIN_PRICE },
        { key: 'bump', title: bump.name, priceCents: bump.priceCents },
      ]);
      const charges = running.gateway.charges().slice(before);
      expect(charges).toHaveLength(1);
      const body = chargeBody(charges[0]!);
      expect(body.amount).toBe(2980);
      expect(body.offer_hash).toBe('off_standin');
      expect(body.cart.map((line) => [line.product_hash, line.offer_hash, line.price, line.quantity])).toEqual([
        [STAND_IN_PRODUCT_HASH, 'off_standin', MAIN_PRICE, 1],
        [BUMP_PRODUCT, BUMP_OFFER, bump.priceCents, 1],
      ]);
      expect(body.cart[1]!.title).toBe(bump.name);

      const paid = await payAndConfirm(running, created.body.orderId);
      expect(paid.status).toBe('paid');
      expect(await entitledLists(running.db.db, paid.id)).toEqual(['suppliers', 'recharge']);
      // The bump was bought: no offer after payment.
      const reply = await status(running, paid.id, created.viewKey);
      expect(reply.status).toBe('paid');
      expect(reply.addonOffer).toBeUndefined();
      expect((await answerOffer(running, paid.id, created.viewKey, true)).status).toBe(409);
    });

    it('never confirms a read-back whose total is not the order’s', async () => {
      const created = await checkout(running, { bump: true });
      expect(created.status).toBe(201);
      await running.server.background.idle();
      // The gateway says paid, but for the main product's price alone.
      running.ledger.byOrder.get(created.body.orderId)!.amount = MAIN_PRICE;
      const order = await payAndConfirm(running, created.body.orderId);
      expect(order.status).toBe('pending');
      expect(order.paid_at).toBeNull();
      expect(running.server.logLines.some(({ line }) => line.includes('Paid amount differs from the order'))).toBe(true);
    });

    it('offers the bump once after payment: accepted twice at once it makes one add-on order and one charge', async () => {
      const created = await checkout(running, { bump: false });
      expect(created.status).toBe(201);
      expect(created.body.amountCents).toBe(MAIN_PRICE);
      expect(created.body.items.map((item) => item.key)).toEqual(['main']);
      const parent = await payAndConfirm(running, created.body.orderId);
      expect(await entitledLists(running.db.db, parent.id)).toEqual(['suppliers']);

      // Only the tab that bought sees and answers it.
      expect((await status(running, parent.id)).addonOffer).toBeUndefined();
      expect((await status(running, parent.id, created.viewKey)).addonOffer).toEqual({
        title: bump.name,
        pitch: bump.pitch,
        priceCents: bump.afterPaymentPriceCents,
        version: 0,
      });
      expect((await answerOffer(running, parent.id, newViewKey(), true)).status).toBe(403);

      const before = running.gateway.charges().length;
      const [first, second] = await Promise.all([
        answerOffer(running, parent.id, created.viewKey, true),
        answerOffer(running, parent.id, created.viewKey, true),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 201]);
      const [a, b] = (await Promise.all([first.json(), second.json()])) as CreatedOrder[];
      expect(a!.orderId).toBe(b!.orderId);
      expect(a!.amountCents).toBe(bump.afterPaymentPriceCents);
      expect(a!.items).toEqual([{ key: 'bump', title: bump.name, priceCents: bump.afterPaymentPriceCents }]);
      expect(a!.pix.code).toBeTruthy();
      const charges = running.gateway.charges().slice(before);
      expect(charges).toHaveLength(1);
      expect(chargeBody(charges[0]!).cart.map((line) => [line.product_hash, line.offer_hash, line.price])).toEqual([
        [BUMP_PRODUCT, BUMP_OFFER, bump.afterPaymentPriceCents],
      ]);
      // A third press later returns the same PIX, with no new charge.
      const again = await answerOffer(running, parent.id, created.viewKey, true);
      expect(again.status).toBe(201);
      expect(((await again.json()) as CreatedOrder).orderId).toBe(a!.orderId);
      expect(running.gateway.charges().length).toBe(before + 1);
      // Answered: the paid page shows the offer no more.
      expect((await status(running, parent.id, created.viewKey)).addonOffer).toBeUndefined();

      const addon = await payAndConfirm(running, a!.orderId);
      expect(addon).toMatchObject({ status: 'paid', kind: 'addon', parent_order_id: parent.id, duplicate_of: null });
      expect(await entitledLists(running.db.db, parent.id)).toEqual(['suppliers', 'recharge']);
      // The add-on's status names no access link of its own (the tab shows its parent's).
      expect(await status(running, addon.id, created.viewKey)).toEqual({ status: 'paid' });
      // The parent's access e-mail goes again, with the page that now shows both lists.
      const queued = [...(await outboxRows(running.db, parent.id)), ...(await outboxRows(running.db, addon.id))];
      expect(queued.filter((row) => row.order_id === addon.id).map((row) => row.kind)).not.toContain('access_email');
      expect(queued.filter((row) => row.order_id === parent.id && row.kind.startsWith('access_resend:'))).toHaveLength(1);
      expect(queued.filter((row) => row.order_id === addon.id && row.kind.startsWith('review_request'))).toHaveLength(0);
      // An add-on has no member page of its own: "reenviar acesso" by e-mail names the parent alone,
      // and an access e-mail for the add-on (a console resend) links to the parent's page.
      expect(await listPaidOrderIdsByEmail(running.db.db, parent.buyer_email)).toEqual([parent.id]);
      const resent = await renderOutboxMessage(
        { db: running.db.db, config: loadConfig({ DATA_DIR: '/tmp/vitrine-unused' }), publicUrl: () => running.server.url },
        { orderId: addon.id, kind: 'access_resend:1' },
      );
      const token = /\/acesso\/(acc_[\w-]+)/.exec(resent.text)?.[1];
      const opened = await lookUpAccessToken(running.db.db, token!);
      expect(opened.kind === 'active' && opened.order.id).toBe(parent.id);
      // One order page for the whole purchase: the parent's lists both items.
      const page = (await (await fetch(`${running.server.url}/api/order-page/${parent.public_ref}`)).json()) as {
        status: string;
        items: unknown;
      };
      expect(page).toMatchObject({
        status: 'paid',
        items: [
          { key: 'main', priceCents: MAIN_PRICE },
          { key: 'bump', title: bump.name, priceCents: bump.afterPaymentPriceCents },
        ],
      });
    });

    it('"Gerar novo código" on an expired add-on PIX makes a new one; the old stays findable', async () => {
      const created = await checkout(running, { bump: false });
      const parent = await payAndConfirm(running, created.body.orderId);
      const first = (await (await answerOffer(running, parent.id, created.viewKey, true)).json()) as CreatedOrder;
      await running.server.background.idle();
      // The add-on's code expires unpaid.
      await setOrderColumns(running.db, first.orderId, { expires_at: Date.now() - 1000 });
      const before = running.gateway.charges().length;
      const again = await answerOffer(running, parent.id, created.viewKey, true);
      expect(again.status).toBe(201);
      const second = (await again.json()) as CreatedOrder;
      expect(second.orderId).not.toBe(first.orderId);
      expect(second.pix.code).toBeTruthy();
      expect(running.gateway.charges().length).toBe(before + 1);
      const old = await orderRow(running.db, first.orderId);
      expect(old.checkout_key).toBe(`addon.${parent.id}.${first.orderId}`);
      // Paid, the new one opens the bump's list.
      const paidSecond = await payAndConfirm(running, second.orderId);
      expect(await entitledLists(running.db.db, parent.id)).toEqual(['suppliers', 'recharge']);
      // The buyer pays the old code too, late: the bump paid twice is flagged for a refund.
      await setOrderColumns(running.db, first.orderId, { expires_at: Date.now() + 60_000 });
      const paidFirst = await payAndConfirm(running, first.orderId);
      expect(paidFirst.status).toBe('paid');
      expect(paidFirst.duplicate_of).toBe(paidSecond.id);
    });

    it('"Não, obrigado" closes the offer for good and changes nothing else', async () => {
      const created = await checkout(running, { bump: false });
      const parent = await payAndConfirm(running, created.body.orderId);
      const before = running.gateway.charges().length;
      const declined = await answerOffer(running, parent.id, created.viewKey, false);
      expect(declined.status).toBe(200);
      expect(await declined.json()).toEqual({});
      const reply = await status(running, parent.id, created.viewKey);
      expect(reply.addonOffer).toBeUndefined();
      expect(reply.accessUrl).toMatch(/^\/acesso\//);
      expect((await answerOffer(running, parent.id, created.viewKey, true)).status).toBe(409);
      expect(running.gateway.charges().length).toBe(before);
      expect(await entitledLists(running.db.db, parent.id)).toEqual(['suppliers']);
    });

    it('flags a buyer who pays the bump twice, never the bump bought after the main product', async () => {
      const buyer = uniqueBuyer('Davi Nunes');
      const first = await checkout(running, { bump: true, buyer });
      const firstPaid = await payAndConfirm(running, first.body.orderId);
      expect(firstPaid.duplicate_of).toBeNull();
      // The same buyer, a new charge with the bump: the main product and the bump bought twice.
      const second = await checkout(running, { bump: true, buyer });
      expect(second.body.orderId).not.toBe(first.body.orderId);
      const secondPaid = await payAndConfirm(running, second.body.orderId);
      expect(secondPaid.duplicate_of).toBe(firstPaid.id);
    });
  });

  describe(`capacity counts the main product only, on ${database.name}`, () => {
    const running = useBumpServer(database, { MONTHLY_CAPACITY: '2' });

    it('an add-on paid after the main product takes no spot', async () => {
      const created = await checkout(running, { bump: false });
      const parent = await payAndConfirm(running, created.body.orderId);
      const accepted = await answerOffer(running, parent.id, created.viewKey, true);
      expect(accepted.status).toBe(201);
      const addon = await payAndConfirm(running, ((await accepted.json()) as CreatedOrder).orderId);
      expect(addon.status).toBe('paid');
      const monthStart = businessMonth(Date.now()).start;
      expect(await countSpotsTaken(running.db.db, monthStart)).toBe(1);
      // So a second buyer still gets the month's last spot, and a third finds it sold out.
      const second = await checkout(running, { bump: true });
      expect(second.status).toBe(201);
      await payAndConfirm(running, second.body.orderId);
      expect(await countSpotsTaken(running.db.db, monthStart)).toBe(2);
      const third = await checkout(running, { bump: false });
      expect(third.status).toBe(409);
    });
  });

  describe(`a refund refunds the whole purchase, on ${database.name}`, () => {
    const running = useBumpServer(database, { GATEWAY_REFUNDS: '1', ADMIN_PASSWORD: 'senha-do-painel-bump' });

    it('"Reembolsar" on the order also refunds the bump bought after payment: one gateway call each', async () => {
      const created = await checkout(running, { bump: false });
      const parent = await payAndConfirm(running, created.body.orderId);
      const accepted = await answerOffer(running, parent.id, created.viewKey, true);
      const addon = await payAndConfirm(running, ((await accepted.json()) as CreatedOrder).orderId);
      const origin = REAL_GATEWAY_TEST_ENV.PUBLIC_URL;
      const admin = await signInToConsole(running.server.url, 'senha-do-painel-bump', origin);
      const pressed = await consoleCall(running.server.url, admin, `/orders/${parent.id}/refund/start`, {}, { origin });
      expect(pressed.status).toBe(202);
      await drainOutbox(running.server);
      const parentHash = running.ledger.byOrder.get(parent.id)!.hash;
      const addonHash = running.ledger.byOrder.get(addon.id)!.hash;
      expect([running.gateway.refundCalls(parentHash), running.gateway.refundCalls(addonHash)]).toEqual([1, 1]);
      const rows = await Promise.all([parent.id, addon.id].map((id) => orderRow(running.db, id)));
      expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({ [parent.id]: 'reversed', [addon.id]: 'reversed' });
      const refunds = await Promise.all([parent.id, addon.id].map((id) => refundRow(running.db, id)));
      expect(refunds.map((row) => row.status)).toEqual(['refunded', 'refunded']);
    });
  });
}
