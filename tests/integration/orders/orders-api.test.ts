import { afterEach, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import type { CreatedOrder } from '../../../src/shared/checkout.ts';
import { ORDER_VIEW_KEY_HEADER } from '../../../src/shared/order-view-key.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, newViewKey, postOrder, uniqueBuyer } from '../../support/clients.ts';
import { rowCount, orderRow, ordersBy, outboxRows } from '../../support/db-reads.ts';
import { gatewayReplies, standInEnv, standInGatewayClient, STAND_IN_TOKEN } from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { databases, type TestDb } from '../test-db.ts';
import { buy, payBySandboxPostback } from '../../support/purchase.ts';
import { startTestServer, useTestServer, type TestServer } from '../../support/test-server.ts';

const buyer = { name: 'Maria Souza', email: 'maria@example.com', phone: '(11) 98765-4321' };

for (const database of databases) {
  describe(`checkout API on ${database.name} with the sandbox gateway`, () => {
    const running = useTestServer(database);

    it('GET /api/product returns the chosen offer', async () => {
      const response = await fetch(`${running.server.url}/api/product`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        title: 'Lista de Fornecedores Secretos Vitalícia',
        priceCents: 1990,
        version: 0,
        bump: { name: 'Lista de Fornecedores de Recarga', priceCents: 990 },
      });
    });

    it('creates the order, charges once and returns the PIX with a locally drawn QR', async () => {
      const before = Date.now();
      const { status, body } = await postOrder(running.server.url, { ...buyer, checkoutKey: newCheckoutKey() });
      expect(status).toBe(201);
      expect(body.amountCents).toBe(1990);
      const pix = body.pix as { code: string; qrSvg: string };
      expect(pix.code).toMatch(/^000201/);
      expect(pix.code).toContain('540519.90'); // EMV field 54, length 05, amount
      expect(pix.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(body.expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000);
      expect(body.sandboxPayUrl).toMatch(/^\/sandbox\/pay\//);

      const order = await orderRow(running.db, body.orderId as string);
      expect(order.status).toBe('pending');
      expect(order.amount_cents).toBe(1990);
      expect(order.buyer_phone).toBe('11987654321');
      expect(order.charge_id).toBeTruthy();
      expect(order.pix_code).toBe(pix.code);
    });

    it('the create reply carries all the PIX panel draws, and only that, gzipped for a client that accepts it', async () => {
      const sent = { ...uniqueBuyer(), checkoutKey: newCheckoutKey(), viewKey: newViewKey() };
      const response = await fetchFrom(newClientAddress())(`${running.server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip, deflate, br, zstd' },
        body: JSON.stringify(sent),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('content-encoding')).toBe('gzip');
      const wire = Buffer.from(await response.arrayBuffer());
      const text = zlib.gunzipSync(wire).toString('utf8');
      // The QR's path is most of it: the phone's slow link carries a third of it.
      expect(wire.length).toBeLessThan(text.length / 2);
      const reply = JSON.parse(text) as CreatedOrder;
      expect(Object.keys(reply).sort()).toEqual([
        'amountCents',
        'expiresAt',
        'items',
        'orderId',
        'pix',
        'publicRef',
        'sandboxPayUrl',
        'serverTime',
      ]);
      expect(reply.items).toEqual([{ key: 'main', title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 }]);
      expect(reply.amountCents).toBe(1990);
      expect(reply.pix.code).toMatch(/^000201/);
      expect(reply.pix.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(reply.expiresAt).toBeGreaterThan(reply.serverTime);
      // Nothing of what the buyer typed comes back, nor the tab's key.
      for (const typed of [sent.name, sent.email, sent.phone, sent.viewKey]) expect(text).not.toContain(typed);

      // The status the panel's first poll would ask for is the one the reply stands for.
      const status = await fetch(`${running.server.url}/api/orders/${reply.orderId}`, {
        headers: { [ORDER_VIEW_KEY_HEADER]: sent.viewKey },
      });
      expect(await status.json()).toEqual({ status: 'pending' });

      // A client that asks for no encoding, or refuses gzip, reads it as it is.
      const refusals: Array<Record<string, string>> = [{}, { 'Accept-Encoding': 'br, gzip;q=0' }, { 'Accept-Encoding': 'identity, *;q=0' }];
      for (const refusing of refusals) {
        const plain = await postOrder(running.server.url, { ...sent }, newClientAddress(), refusing);
        expect(plain.status).toBe(201);
        expect(plain.body).toEqual({ ...reply, serverTime: plain.body.serverTime });
      }
    });

    it('10 concurrent identical requests make one order and one gateway charge', async () => {
      const checkoutKey = newCheckoutKey();
      const countCharges = () => rowCount(running.db, 'sandbox_transactions');
      const chargesBefore = await countCharges();
      const address = newClientAddress();
      const sameBuyer = uniqueBuyer();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => postOrder(running.server.url, { ...sameBuyer, checkoutKey }, address)),
      );
      expect(results.map((result) => result.status)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((result) => result.body.orderId)).size).toBe(1);
      expect(new Set(results.map((result) => (result.body.pix as { code: string }).code)).size).toBe(1);
      expect(await countCharges()).toBe(chargesBefore + 1);
      const orders = await ordersBy(running.db, 'checkout_key', checkoutKey);
      expect(orders).toHaveLength(1);
    });

    it('refuses a bad form with Portuguese field messages and writes nothing', async () => {
      const count = () => rowCount(running.db, 'orders');
      const before = await count();
      const { status, body } = await postOrder(running.server.url, { name: '', email: 'x@', phone: '1234', checkoutKey: newCheckoutKey() });
      expect(status).toBe(422);
      expect(body.fields).toEqual({
        name: 'Informe seu nome completo.',
        email: 'Informe um e-mail válido.',
        phone: 'Telefone inválido',
      });
      expect((await postOrder(running.server.url, { ...buyer, checkoutKey: 'short' })).status).toBe(422);
      // A tampered bump answer: Portuguese, not zod's "Invalid input: expected boolean, received string".
      const tampered = await postOrder(running.server.url, { ...uniqueBuyer(), bump: 'true', checkoutKey: newCheckoutKey() });
      expect(tampered).toMatchObject({
        status: 422,
        body: { error: 'Confira os campos destacados.', fields: { bump: 'Escolha com ou sem o adicional e tente de novo.' } },
      });
      expect((await postOrder(running.server.url, { ...uniqueBuyer(), amountCents: 1, checkoutKey: newCheckoutKey() })).status).toBe(201);
      expect(await count()).toBe(before + 1);
    });

    it('GET /api/orders/:id tells the status and 404s an unknown id', async () => {
      const { body } = await postOrder(running.server.url, { ...uniqueBuyer(), checkoutKey: newCheckoutKey() });
      const status = await fetch(`${running.server.url}/api/orders/${body.orderId as string}`);
      expect(await status.json()).toEqual({ status: 'pending' });
      expect((await fetch(`${running.server.url}/api/orders/ord_nope`)).status).toBe(404);
    });
  });

  describe(`checkout against a failing gateway on ${database.name}`, () => {
    const running = useTestServer(database, {}, { gateway: (standIn) => standInGatewayClient(standIn) });
    afterEach(() => {
      running.gateway.requests.length = 0;
    });

    it('a gateway timeout leaves the order failed and never charges twice', async () => {
      running.gateway.onCreate = gatewayReplies.hang;
      const checkoutKey = newCheckoutKey();
      const first = await postOrder(running.server.url, { ...buyer, checkoutKey });
      expect(first.status).toBe(502);
      expect(first.body.error).toBe('Erro ao processar pagamento');
      const retry = await postOrder(running.server.url, { ...buyer, checkoutKey });
      expect(retry.status).toBe(502);
      expect(running.gateway.charges()).toHaveLength(1);
      const [order] = await ordersBy(running.db, 'checkout_key', checkoutKey);
      expect(order!.status).toBe('failed');
      expect(order!.failure_reason).toBe('Erro ao processar pagamento');
    });

    it("a refused charge shows the gateway's message and the order records it", async () => {
      running.gateway.onCreate = (c) => gatewayReplies.message(c, 400, 'O valor da compra precisa ser no minimo 5 reais');
      const checkoutKey = newCheckoutKey();
      const { status, body } = await postOrder(running.server.url, { ...buyer, checkoutKey });
      expect(status).toBe(502);
      expect(body.error).toBe('O valor da compra precisa ser no minimo 5 reais');
      const [order] = await ordersBy(running.db, 'checkout_key', checkoutKey);
      expect(order!.status).toBe('failed');
    });

    it('sends the fixed document, phone digits and our postback URL; the token stays out of the logs', async () => {
      running.gateway.onCreate = (c) =>
        c.json(
          {
            hash: 'tx123',
            amount: 1990,
            payment_status: 'waiting_payment',
            pix: { pix_qr_code: '00020101021226', pix_url: null, qr_code_base64: null },
          },
          201,
        );
      const { status, body } = await postOrder(running.server.url, { ...buyer, checkoutKey: newCheckoutKey() });
      expect(status).toBe(201);
      const sent = running.gateway.charges()[0]!.body as Record<string, unknown>;
      expect(sent.amount).toBe(1990);
      expect(sent.customer).toMatchObject({ phone_number: '11987654321', document: '52998224725', email: 'maria@example.com' });
      expect(sent.postback_url).toMatch(/\/api\/webhooks\/tribopay\?t=ord_[\w-]+\.pbs_[\w-]+$/);
      expect((body.pix as { code: string }).code).toBe('00020101021226');
      expect(running.server.logLines.map((entry) => entry.line).join('\n')).not.toContain(STAND_IN_TOKEN);
    });

    it('shows the catalogue message when the product cannot be found', async () => {
      running.gateway.onProducts = (c) => gatewayReplies.products(c, []);
      const fresh = await startTestServer(running.db, standInEnv(running.gateway, { PRODUCT_HASH: 'prd_missing' }));
      try {
        const response = await fetch(`${fresh.url}/api/product`);
        expect(response.status).toBe(502);
        expect(await response.json()).toEqual({ error: 'Produto com hash prd_missing não encontrado' });
      } finally {
        await fresh.stop();
      }
    });

    it('shows the generic product message for a failure that is not a gateway error, whatever its name', async () => {
      const failure = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { name: 'GatewayError' });
      const broken = { ...standInGatewayClient(running.gateway), getProduct: () => Promise.reject(failure) };
      const fresh = await startTestServer(running.db, standInEnv(running.gateway), { gateway: broken });
      try {
        const response = await fetch(`${fresh.url}/api/product`);
        expect(response.status).toBe(502);
        expect(await response.json()).toEqual({ error: 'Erro ao carregar produto' });
      } finally {
        await fresh.stop();
      }
    });
  });

  describe(`monthly capacity on ${database.name}`, () => {
    const running = useTestServer(database, { MONTHLY_CAPACITY: '5' });
    /** The buyer pays at the gateway (the sandbox) and the gateway's postback reaches us. */
    async function pay(server: TestServer, db: TestDb, orderId: string) {
      expect(await payBySandboxPostback(server, db, orderId)).toBe(200);
    }
    const live = async (server: TestServer) =>
      (await (await fetch(`${server.url}/api/live`)).json()) as { spotsLeft: number; soldOut: boolean };

    it('20 concurrent payments for the last 3 spots are all honoured, and the page sells out when the 3rd is paid', async () => {
      const { db, server } = running;
      const earlier = [await buy(server), await buy(server)];
      for (const order of earlier) await pay(server, db, order.orderId);
      await server.background.idle();
      expect(await live(server)).toMatchObject({ spotsLeft: 3, soldOut: false });

      // 20 buyers get a PIX each: charges on offer take no spot.
      const offered = await Promise.all(
        Array.from({ length: 20 }, () => postOrder(server.url, { ...uniqueBuyer(), checkoutKey: newCheckoutKey() })),
      );
      expect(offered.map((result) => result.status)).toEqual(Array(20).fill(201));
      expect(await live(server)).toMatchObject({ spotsLeft: 3, soldOut: false });
      const ids = offered.map((result) => result.body.orderId as string);

      // Two of them pay: one spot left, still on sale.
      for (const id of ids.slice(0, 2)) await pay(server, db, id);
      await server.background.idle();
      expect(await live(server)).toMatchObject({ spotsLeft: 1, soldOut: false });

      // The other 18 pay at once: the 3rd payment sells out, and every payment is honoured.
      await Promise.all(ids.slice(2).map((id) => pay(server, db, id)));
      await server.background.idle();
      const orders = await Promise.all(ids.map((id) => orderRow(db, id)));
      expect(orders.filter((order) => order.status === 'paid')).toHaveLength(20);
      const mails = (await Promise.all(ids.map((id) => outboxRows(db, id)))).flat();
      expect(new Set(mails.map((row) => row.order_id)).size).toBe(20);
      expect(await live(server)).toMatchObject({ spotsLeft: 0, soldOut: true });

      const refused = await postOrder(server.url, { ...uniqueBuyer(), checkoutKey: newCheckoutKey() });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/^As vagas deste mês esgotaram\. O próximo lote abre em \d{2}\/\d{2}\/\d{4}\.$/);
    });
  });
}

describe('a real gateway without CUSTOMER_DOCUMENT', () => {
  // Empty is unset: no fixed document.
  const running = useTestServer(databases[0], { CUSTOMER_DOCUMENT: '' }, { gateway: true });

  it("asks for the buyer's CPF", async () => {
    const { server } = running;
    const missing = await postOrder(server.url, { ...buyer, checkoutKey: newCheckoutKey() });
    expect(missing.status).toBe(422);
    expect(missing.body.fields).toEqual({ document: 'CPF inválido' });
    const wrong = await postOrder(server.url, { ...buyer, document: '123.456.789-00', checkoutKey: newCheckoutKey() });
    expect(wrong.body.fields).toEqual({ document: 'CPF inválido' });
  });
});
