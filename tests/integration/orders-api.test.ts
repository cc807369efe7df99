import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../src/server/gateway/gateway-client.ts';
import { createLogger } from '../../src/server/logger.ts';
import { fetchFrom, newClientAddress, uniqueBuyer } from '../support/clients.ts';
import { databases, type TestDb } from './test-db.ts';
import { startStandInGateway, type StandInGateway } from './stand-in-gateway.ts';
import { payBySandboxPostback } from './sandbox-payment.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { REAL_GATEWAY_TEST_ENV } from '../support/real-gateway-env.ts';

const buyer = { name: 'Maria Souza', email: 'maria@example.com', phone: '(11) 98765-4321' };
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(20, 'x');

/** A checkout request from `address` (a fresh client address unless given). */
async function postOrder(server: { url: string }, body: Record<string, unknown>, address = newClientAddress()) {
  const response = await fetchFrom(address)(`${server.url}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

for (const database of databases) {
  describe(`checkout API on ${database.name} with the sandbox gateway`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let server: TestServer;
    beforeAll(async () => {
      db = await database.create();
      server = await startTestServer(db);
    });
    afterAll(async () => {
      await server.stop();
      await db.close();
    });

    it('GET /api/product returns the chosen offer', async () => {
      const response = await fetch(`${server.url}/api/product`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ title: 'Lista de Fornecedores Secretos Vitalícia', priceCents: 1990 });
    });

    it('creates the order, charges once and returns the PIX with a locally drawn QR', async () => {
      const before = Date.now();
      const { status, body } = await postOrder(server, { ...buyer, checkoutKey: key() });
      expect(status).toBe(201);
      expect(body.amountCents).toBe(1990);
      const pix = body.pix as { code: string; qrSvg: string };
      expect(pix.code).toMatch(/^000201/);
      expect(pix.code).toContain('540519.90'); // EMV field 54, length 05, amount
      expect(pix.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(body.expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000);
      expect(body.sandboxPayUrl).toMatch(/^\/sandbox\/pay\//);

      const order = await db.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', body.orderId as string)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe('pending');
      expect(order.amount_cents).toBe(1990);
      expect(order.buyer_phone).toBe('11987654321');
      expect(order.transaction_hash).toBeTruthy();
      expect(order.pix_code).toBe(pix.code);
    });

    it('10 concurrent identical requests make one order and one gateway charge', async () => {
      const checkoutKey = key();
      const countCharges = async () =>
        Number(
          (
            await db.db
              .selectFrom('sandbox_transactions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const chargesBefore = await countCharges();
      const address = newClientAddress();
      const sameBuyer = uniqueBuyer();
      const results = await Promise.all(Array.from({ length: 10 }, () => postOrder(server, { ...sameBuyer, checkoutKey }, address)));
      expect(results.map((result) => result.status)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((result) => result.body.orderId)).size).toBe(1);
      expect(new Set(results.map((result) => (result.body.pix as { code: string }).code)).size).toBe(1);
      expect(await countCharges()).toBe(chargesBefore + 1);
      const orders = await db.db.selectFrom('orders').select('id').where('checkout_key', '=', checkoutKey).execute();
      expect(orders).toHaveLength(1);
    });

    it('refuses a bad form with Portuguese field messages and writes nothing', async () => {
      const count = async () =>
        Number(
          (
            await db.db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const { status, body } = await postOrder(server, { name: '', email: 'x@', phone: '1234', checkoutKey: key() });
      expect(status).toBe(422);
      expect(body.fields).toEqual({
        name: 'Informe seu nome completo.',
        email: 'Informe um e-mail válido.',
        phone: 'Telefone inválido',
      });
      expect((await postOrder(server, { ...buyer, checkoutKey: 'short' })).status).toBe(422);
      expect((await postOrder(server, { ...uniqueBuyer(), amountCents: 1, checkoutKey: key() })).status).toBe(201);
      expect(await count()).toBe(before + 1);
    });

    it('GET /api/orders/:id tells the status and 404s an unknown id', async () => {
      const { body } = await postOrder(server, { ...uniqueBuyer(), checkoutKey: key() });
      const status = await fetch(`${server.url}/api/orders/${body.orderId as string}`);
      expect(await status.json()).toEqual({ status: 'pending' });
      expect((await fetch(`${server.url}/api/orders/ord_nope`)).status).toBe(404);
    });
  });

  describe(`checkout against a failing gateway on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let gateway: StandInGateway;
    let server: TestServer;
    beforeAll(async () => {
      db = await database.create();
      gateway = await startStandInGateway();
      const logger = createLogger({ level: 'error', sink: { write: () => undefined } });
      const client = createGatewayClient({
        baseUrl: gateway.url,
        token: 'tok_secret_value',
        productHash: 'prd_standin',
        logger,
        timeoutMs: 300,
      });
      server = await startTestServer(
        db,
        {
          ...REAL_GATEWAY_TEST_ENV,
          PROVIDER_URL: gateway.url,
          PROVIDER_TOKEN: 'tok_secret_value',
          PRODUCT_HASH: 'prd_standin',
          CUSTOMER_DOCUMENT: '52998224725',
        },
        { gateway: client },
      );
    });
    afterEach(() => {
      gateway.requests.length = 0;
    });
    afterAll(async () => {
      await server.stop();
      await gateway.stop();
      await db.close();
    });

    it('a gateway timeout leaves the order failed and never charges twice', async () => {
      gateway.onCreate = () => new Promise<Response>(() => undefined); // never answers
      const checkoutKey = key();
      const first = await postOrder(server, { ...buyer, checkoutKey });
      expect(first.status).toBe(502);
      expect(first.body.error).toBe('Erro ao processar pagamento');
      const retry = await postOrder(server, { ...buyer, checkoutKey });
      expect(retry.status).toBe(502);
      expect(gateway.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
      const order = await db.db.selectFrom('orders').selectAll().where('checkout_key', '=', checkoutKey).executeTakeFirstOrThrow();
      expect(order.status).toBe('failed');
      expect(order.failure_reason).toBe('Erro ao processar pagamento');
    });

    it("a refused charge shows the gateway's message and the order records it", async () => {
      gateway.onCreate = (c) => c.json({ success: false, message: 'O valor da compra precisa ser no minimo 5 reais' }, 400);
      const checkoutKey = key();
      const { status, body } = await postOrder(server, { ...buyer, checkoutKey });
      expect(status).toBe(502);
      expect(body.error).toBe('O valor da compra precisa ser no minimo 5 reais');
      const order = await db.db.selectFrom('orders').selectAll().where('checkout_key', '=', checkoutKey).executeTakeFirstOrThrow();
      expect(order.status).toBe('failed');
    });

    it('sends the fixed document, phone digits and our postback URL; the token stays out of the logs', async () => {
      gateway.onCreate = (c) =>
        c.json(
          {
            hash: 'tx123',
            amount: 1990,
            payment_status: 'waiting_payment',
            pix: { pix_qr_code: '00020101021226', pix_url: null, qr_code_base64: null },
          },
          201,
        );
      const { status, body } = await postOrder(server, { ...buyer, checkoutKey: key() });
      expect(status).toBe(201);
      const sent = gateway.requests.find((request) => request.method === 'POST')!.body as Record<string, unknown>;
      expect(sent.amount).toBe(1990);
      expect(sent.customer).toMatchObject({ phone_number: '11987654321', document: '52998224725', email: 'maria@example.com' });
      expect(sent.postback_url).toMatch(/\/api\/webhooks\/gateway\?t=ord_[\w-]+\.pbs_[\w-]+$/);
      expect((body.pix as { code: string }).code).toBe('00020101021226');
      expect(server.logLines.map((entry) => entry.line).join('\n')).not.toContain('tok_secret_value');
    });

    it('shows the catalogue message when the product cannot be found', async () => {
      gateway.onProducts = (c) => c.json({ data: [], links: { next: null } });
      const fresh = await startTestServer(db, {
        ...REAL_GATEWAY_TEST_ENV,
        PROVIDER_URL: gateway.url,
        PROVIDER_TOKEN: 'tok_secret_value',
        PRODUCT_HASH: 'prd_missing',
        CUSTOMER_DOCUMENT: '52998224725',
      });
      try {
        const response = await fetch(`${fresh.url}/api/product`);
        expect(response.status).toBe(502);
        expect(await response.json()).toEqual({ error: 'Produto com hash prd_missing não encontrado' });
      } finally {
        await fresh.stop();
      }
    });
  });

  describe(`monthly capacity on ${database.name}`, () => {
    /** The buyer pays at the gateway (the sandbox) and the gateway's postback reaches us. */
    async function pay(server: TestServer, db: TestDb, orderId: string) {
      expect(await payBySandboxPostback(server, db, orderId)).toBe(200);
    }
    const live = async (server: TestServer) =>
      (await (await fetch(`${server.url}/api/live`)).json()) as { spotsLeft: number; soldOut: boolean };

    it('20 concurrent payments for the last 3 spots are all honoured, and the page sells out when the 3rd is paid', async () => {
      const db = await database.create();
      const server = await startTestServer(db, { MONTHLY_CAPACITY: '5' });
      try {
        const earlier = [
          await postOrder(server, { ...uniqueBuyer(), checkoutKey: key() }),
          await postOrder(server, { ...uniqueBuyer(), checkoutKey: key() }),
        ];
        for (const order of earlier) await pay(server, db, order.body.orderId as string);
        await server.background.idle();
        expect(await live(server)).toMatchObject({ spotsLeft: 3, soldOut: false });

        // 20 buyers get a PIX each: charges on offer take no spot.
        const offered = await Promise.all(Array.from({ length: 20 }, () => postOrder(server, { ...uniqueBuyer(), checkoutKey: key() })));
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
        const orders = await db.db.selectFrom('orders').select(['status']).where('id', 'in', ids).execute();
        expect(orders.filter((order) => order.status === 'paid')).toHaveLength(20);
        const mails = await db.db.selectFrom('outbox').select('order_id').where('order_id', 'in', ids).execute();
        expect(new Set(mails.map((row) => row.order_id)).size).toBe(20);
        expect(await live(server)).toMatchObject({ spotsLeft: 0, soldOut: true });

        const refused = await postOrder(server, { ...uniqueBuyer(), checkoutKey: key() });
        expect(refused.status).toBe(409);
        expect(refused.body.error).toMatch(/^As vagas deste mês esgotaram\. O próximo lote abre em \d{2}\/\d{2}\/\d{4}\.$/);
      } finally {
        await server.stop();
        await db.close();
      }
    });
  });
}

describe('a real gateway without CUSTOMER_DOCUMENT', () => {
  it("asks for the buyer's CPF", async () => {
    const db = await databases[0].create();
    const gateway = await startStandInGateway();
    const server = await startTestServer(db, {
      ...REAL_GATEWAY_TEST_ENV,
      PROVIDER_URL: gateway.url,
      PROVIDER_TOKEN: 'tok',
      PRODUCT_HASH: 'prd_standin',
    });
    try {
      const missing = await postOrder(server, { ...buyer, checkoutKey: key() });
      expect(missing.status).toBe(422);
      expect(missing.body.fields).toEqual({ document: 'CPF inválido' });
      const wrong = await postOrder(server, { ...buyer, document: '123.456.789-00', checkoutKey: key() });
      expect(wrong.body.fields).toEqual({ document: 'CPF inválido' });
    } finally {
      await server.stop();
      await gateway.stop();
      await db.close();
    }
  });
});
