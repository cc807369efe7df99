import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClientOptions } from '../../../src/server/gateway/providers/tribopay/tribopay-client.ts';
import { GatewayError, type GatewayProduct } from '../../../src/server/gateway/types.ts';
import type { ChargeInput } from '../../../src/server/gateway/providers/tribopay/tribopay-types.ts';
import { createLogger, type LogLevel } from '../../../src/server/lib/logger.ts';
import {
  gatewayReplies,
  startGatewayStandIn,
  type GatewayRequest,
  type GatewayStandIn,
} from '../../support/providers/tribopay/tribopay-stand-in.ts';
import { refusedUrl } from '../../support/loopback.ts';

/**
 * The real client, over real HTTP on 127.0.0.1, against a stand-in gateway that answers each odd
 * shape and each failure the gateway notes record (or that integrators defend against).
 */

const TOKEN = 'tok_S3CR3T_stand_in_9f8e7d';
const PRODUCT_HASH = 'prd_target';
const EMV = '00020126360014br.gov.bcb.pix0114+5511999999999520400005303986540519.905802BR5907VITRINE6009SAO PAULO62070503***6304ABCD';
const PNG_BASE64 = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(150, 9)]).toString('base64');

const hang = gatewayReplies.hang;

const logLines: Array<{ level: LogLevel; line: string }> = [];
const logger = createLogger({ level: 'debug', sink: { write: (level, line) => logLines.push({ level, line }) } });

let standIn: GatewayStandIn;
let seen: GatewayRequest[] = [];

beforeAll(async () => {
  // The API under /api on the stand-in's host: the client must keep the configured path.
  standIn = await startGatewayStandIn({ basePath: '/api' });
});

afterAll(async () => {
  await standIn.stop();
  // Every line the client wrote, over all the cases: the token never appears.
  expect(logLines.length).toBeGreaterThan(20);
  for (const { line } of logLines) expect(line).not.toContain(TOKEN);
});

beforeEach(() => {
  standIn.requests.length = 0;
  seen = standIn.requests;
  standIn.onProducts = gatewayReplies.notScripted;
  standIn.onCreate = gatewayReplies.notScripted;
  standIn.onRead = gatewayReplies.notScripted;
});

function client(overrides: Partial<GatewayClientOptions> = {}) {
  return createGatewayClient({ baseUrl: standIn.url, token: TOKEN, productHash: PRODUCT_HASH, logger, ...overrides });
}

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

const targetProduct = {
  hash: PRODUCT_HASH,
  title: 'Lista de Fornecedores Secretos Vitalícia',
  cover: 'https://cdn.example.com/capa.jpg',
  offers: [
    { hash: 'off_old', title: 'Oferta antiga', price: 990, status: 0 },
    { hash: 'off_live', title: null, price: 1990, status: 1 },
  ],
  status: 1,
};
const otherProduct = { hash: 'prd_other', title: 'Outro', offers: [{ hash: 'off_x', price: 500, status: 1 }] };
const expectedProduct: GatewayProduct = {
  productHash: PRODUCT_HASH,
  offerHash: 'off_live',
  title: 'Lista de Fornecedores Secretos Vitalícia',
  priceCents: 1990,
  cover: 'https://cdn.example.com/capa.jpg',
};

describe('getProduct', () => {
  it('sends the bearer token (and api_token) to {provider}/public/v1/products and picks the status-1 offer', async () => {
    standIn.onProducts = (c) => c.json({ data: [otherProduct, targetProduct], links: { first: null, last: null, prev: null, next: null } });
    expect(await client().getProduct()).toEqual(expectedProduct);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/public/v1/products',
      headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
    });
    expect(seen[0]!.query.api_token).toBe(TOKEN);
  });

  it('accepts a bare list, numeric-string status and `amount` instead of `price`', async () => {
    standIn.onProducts = (c) =>
      c.json([{ hash: PRODUCT_HASH, name: 'Nome', cover: null, offers: [{ hash: 'o1', amount: '1990', status: '1' }] }]);
    expect(await client().getProduct()).toEqual({
      productHash: PRODUCT_HASH,
      offerHash: 'o1',
      title: 'Nome',
      priceCents: 1990,
      cover: null,
    });
  });

  it('follows links.next, keeping the token on the configured host', async () => {
    standIn.onProducts = (c, request) => {
      if (request.query.page === '3') return c.json({ data: [targetProduct], links: { next: null } });
      if (request.query.page === '2') {
        // A next link naming another host must not receive our token: the client stays on ours.
        return c.json({ data: [], links: { next: 'http://gateway.invalid/api/public/v1/products?page=3' } });
      }
      return c.json({ data: [otherProduct], links: { next: `${standIn.url}/public/v1/products?page=2` } });
    };
    expect(await client().getProduct()).toEqual(expectedProduct);
    expect(seen.map((request) => request.query.page)).toEqual([undefined, '2', '3']);
    for (const request of seen) {
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.query.api_token).toBe(TOKEN);
    }
  });

  it('stops paging after 20 pages and reports the product as not found', async () => {
    let page = 1;
    standIn.onProducts = (c) => c.json({ data: [otherProduct], links: { next: `${standIn.url}/public/v1/products?page=${++page}` } });
    const error = await failure(client().getProduct());
    expect(error.message).toBe('Produto com hash prd_target não encontrado');
    expect(seen).toHaveLength(20);
  });

  it('caches the product: a second call makes no request', async () => {
    standIn.onProducts = (c) => c.json({ data: [targetProduct] });
    const gateway = client();
    const [first, second] = await Promise.all([gateway.getProduct(), gateway.getProduct()]);
    expect(await gateway.getProduct()).toEqual(expectedProduct);
    expect(first).toEqual(second);
    expect(seen).toHaveLength(1);
  });

  it('asks again once the cache has expired', async () => {
    standIn.onProducts = (c) => c.json({ data: [targetProduct] });
    const gateway = client({ productCacheMs: 30 });
    await gateway.getProduct();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await gateway.getProduct();
    expect(seen).toHaveLength(2);
  });

  it('does not cache a failure', async () => {
    let calls = 0;
    standIn.onProducts = (c) => (++calls === 1 ? c.json({ message: 'Tente mais tarde' }, 503) : c.json({ data: [targetProduct] }));
    const gateway = client();
    expect((await failure(gateway.getProduct())).message).toBe('Erro ao buscar produtos: 503 - Tente mais tarde');
    expect(await gateway.getProduct()).toEqual(expectedProduct);
    expect(seen).toHaveLength(2);
  });

  it('reports an HTTP error with the gateway message', async () => {
    standIn.onProducts = (c) => c.json({ message: 'Serviço indisponível' }, 500);
    const error = await failure(client().getProduct());
    expect([error.message, error.kind, error.httpStatus]).toEqual(['Erro ao buscar produtos: 500 - Serviço indisponível', 'products', 500]);
  });

  it('reports a 401 without a message as "Erro desconhecido"', async () => {
    standIn.onProducts = (c) => c.body(null, 401);
    const error = await failure(client().getProduct());
    expect([error.message, error.kind, error.httpStatus]).toEqual(['Erro ao buscar produtos: 401 - Erro desconhecido', 'products', 401]);
  });

  it('reports a missing product', async () => {
    standIn.onProducts = (c) => c.json({ data: [otherProduct], links: { next: null } });
    const error = await failure(client().getProduct());
    expect([error.message, error.kind]).toEqual(['Produto com hash prd_target não encontrado', 'product_not_found']);
  });

  it('reports a product without offers', async () => {
    standIn.onProducts = (c) => c.json({ data: [{ ...targetProduct, offers: [] }] });
    const error = await failure(client().getProduct());
    expect([error.message, error.kind]).toEqual(['Produto não possui ofertas disponíveis', 'no_offers']);
  });

  it('reports invalid JSON, an unexpected shape, a refused connection and a timeout as "Erro ao carregar produto"', async () => {
    standIn.onProducts = (c) => c.body('{"data": [', 200, { 'Content-Type': 'application/json' });
    expect(await failure(client().getProduct())).toMatchObject({ message: 'Erro ao carregar produto', kind: 'product_load' });
    standIn.onProducts = (c) => c.json({ data: { hash: PRODUCT_HASH } });
    expect(await failure(client().getProduct())).toMatchObject({ message: 'Erro ao carregar produto', kind: 'product_load' });
    const refused = createGatewayClient({ baseUrl: await refusedUrl(), token: TOKEN, productHash: PRODUCT_HASH, logger });
    expect(await failure(refused.getProduct())).toMatchObject({ message: 'Erro ao carregar produto', kind: 'product_load' });
    standIn.onProducts = () => hang();
    expect(await failure(client({ timeoutMs: 200 }).getProduct())).toMatchObject({
      message: 'Erro ao carregar produto',
      kind: 'product_load',
    });
  });

  it('treats a redirect as an error instead of following it with the token', async () => {
    standIn.onProducts = (c) => c.redirect('http://gateway.invalid/elsewhere', 302);
    expect((await failure(client().getProduct())).message).toBe('Erro ao buscar produtos: 302 - Erro desconhecido');
    expect(seen).toHaveLength(1);
  });
});

const chargeInput: ChargeInput = {
  amountCents: 1990,
  product: expectedProduct,
  customer: { name: 'Maria Souza', email: 'maria@example.com', phoneDigits: '(11) 98765-4321', document: '529.982.247-25' },
  postbackUrl: 'https://loja.example/api/webhooks/gateway?t=per-order-secret',
  expireInDays: 1,
};

describe('createCharge', () => {
  it('POSTs the gateway-notes §5.2 body with the token in the body and the header', async () => {
    standIn.onCreate = (c) =>
      c.json({ hash: 'tx00000001', payment_status: 'waiting_payment', amount: 1990, pix: { pix_qr_code: EMV } }, 201);
    await client().createCharge(chargeInput);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/public/v1/transactions',
      headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }),
      query: {},
    });
    expect(request!.body).toEqual({
      api_token: TOKEN,
      amount: 1990,
      payment_method: 'pix',
      installments: 1,
      offer_hash: 'off_live',
      cart: [
        {
          product_hash: PRODUCT_HASH,
          offer_hash: 'off_live',
          title: 'Lista de Fornecedores Secretos Vitalícia',
          cover: 'https://cdn.example.com/capa.jpg',
          price: 1990,
          quantity: 1,
          operation_type: 1,
          tangible: false,
        },
      ],
      customer: { name: 'Maria Souza', email: 'maria@example.com', phone_number: '11987654321', document: '52998224725' },
      postback_url: 'https://loja.example/api/webhooks/gateway?t=per-order-secret',
      expire_in_days: 1,
      transaction_origin: 'api',
    });
  });

  it("adds the visit's campaign as the optional tracking object, and nothing when there is none", async () => {
    standIn.onCreate = (c) =>
      c.json({ hash: 'tx00000009', payment_status: 'waiting_payment', amount: 1990, pix: { pix_qr_code: EMV } }, 201);
    await client().createCharge({ ...chargeInput, tracking: { utm_source: 'fb', utm_campaign: 'black' } });
    expect((seen.at(-1)!.body as { tracking?: unknown }).tracking).toEqual({ utm_source: 'fb', utm_campaign: 'black' });
    await client().createCharge(chargeInput);
    expect(seen.at(-1)!.body).not.toHaveProperty('tracking');
  });

  it('reads the real TriboPay reply: root object, EMV in pix_qr_code and pix_url, null base64', async () => {
    standIn.onCreate = (c) =>
      c.json(
        {
          event: 'transaction',
          id: 991,
          hash: 'tx00000002',
          payment_method: 'pix',
          payment_status: 'waiting_payment',
          installments: 1,
          pix: { pix_qr_code: EMV, pix_url: EMV, qr_code_base64: null },
          billet: null,
          amount: 1990,
          amount_liquid: 1791,
          transaction: '26004327',
          utm_source: 'null',
          postback_url: chargeInput.postbackUrl,
        },
        201,
      );
    expect(await client().createCharge(chargeInput)).toEqual({
      transactionHash: 'tx00000002',
      alternateIds: ['26004327', '991'],
      amountCents: 1990,
      rawStatus: 'waiting_payment',
      state: 'pending',
      pix: { code: EMV, imageDataUrl: null, imageUrl: null, paymentUrl: null },
      expiresAt: null,
    });
  });

  it('reads PIX under payment.pix', async () => {
    standIn.onCreate = (c) => c.json({ hash: 'tx3', payment_status: 'waiting_payment', amount: 1990, payment: { pix: { emv: EMV } } }, 201);
    expect((await client().createCharge(chargeInput)).pix.code).toBe(EMV);
  });

  it('reads a data wrapper with the amount as a string', async () => {
    standIn.onCreate = (c) =>
      c.json({
        success: true,
        data: {
          hash: 'tx4',
          amount: '1990',
          payment_status: 'waiting_payment',
          pix: { pix_qr_code: EMV, pix_url: 'https://pay.example.com/tx4' },
        },
      });
    expect(await client().createCharge(chargeInput)).toMatchObject({
      transactionHash: 'tx4',
      amountCents: 1990,
      pix: { code: EMV, paymentUrl: 'https://pay.example.com/tx4' },
    });
  });

  it('reads a reply with only qr_code', async () => {
    standIn.onCreate = (c) => c.json({ hash: 'tx5', amount: 1990, pix: { qr_code: EMV } }, 201);
    expect(await client().createCharge(chargeInput)).toMatchObject({
      transactionHash: 'tx5',
      rawStatus: null,
      state: 'unknown',
      pix: { code: EMV, imageDataUrl: null },
    });
  });

  it('reads a reply with only a base64 image', async () => {
    standIn.onCreate = (c) =>
      c.json({ hash: 'tx6', amount: 1990, payment_status: 'waiting_payment', pix: { qr_code_base64: PNG_BASE64 } }, 201);
    expect((await client().createCharge(chargeInput)).pix).toEqual({
      code: null,
      imageDataUrl: `data:image/png;base64,${PNG_BASE64}`,
      imageUrl: null,
      paymentUrl: null,
    });
  });

  it('flattens a Laravel 422 into the message the visitor sees', async () => {
    standIn.onCreate = (c) =>
      c.json(
        {
          success: false,
          message: 'installments é obrigatório (e mais 1 erro)',
          errors: { installments: ['installments é obrigatório'], 'customer.document': ['O CPF informado é inválido'] },
          status: 422,
        },
        422,
      );
    const error = await failure(client().createCharge(chargeInput));
    expect([error.message, error.kind, error.httpStatus, error.uncertain]).toEqual([
      'installments é obrigatório; O CPF informado é inválido',
      'charge',
      422,
      false,
    ]);
  });

  it('passes a 400 message through', async () => {
    standIn.onCreate = (c) => c.json({ message: 'O valor da compra precisa ser no minimo 5 reais' }, 400);
    const error = await failure(client().createCharge(chargeInput));
    expect([error.message, error.httpStatus, error.uncertain]).toEqual(['O valor da compra precisa ser no minimo 5 reais', 400, false]);
  });

  it('reports a 500 with an empty body by its status, as uncertain', async () => {
    standIn.onCreate = (c) => c.body(null, 500);
    const error = await failure(client().createCharge(chargeInput));
    expect([error.message, error.httpStatus, error.uncertain]).toEqual(['Erro ao processar pagamento: 500', 500, true]);
  });

  it('reports a refused connection as certain: nothing was sent', async () => {
    const refused = createGatewayClient({ baseUrl: await refusedUrl(), token: TOKEN, productHash: PRODUCT_HASH, logger });
    const error = await failure(refused.createCharge(chargeInput));
    expect([error.message, error.kind, error.httpStatus, error.uncertain]).toEqual([
      'Erro ao processar pagamento',
      'charge',
      undefined,
      false,
    ]);
  });

  it('times out a hanging gateway as uncertain, and never retries', async () => {
    standIn.onCreate = () => hang();
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 300 }).createCharge(chargeInput));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect([error.message, error.kind, error.uncertain]).toEqual(['Erro ao processar pagamento', 'charge', true]);
    // Give a retry every chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('reports a connection lost after sending as uncertain, and never retries', async () => {
    standIn.onCreate = (c) => {
      (c.env as { incoming: { socket: { destroy(): void } } }).incoming.socket.destroy();
      return hang();
    };
    const error = await failure(client().createCharge(chargeInput));
    expect([error.message, error.uncertain]).toEqual(['Erro ao processar pagamento', true]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('reports an unreadable success as uncertain: the charge probably exists', async () => {
    standIn.onCreate = (c) => c.body('<html>ok</html>', 201);
    expect(await failure(client().createCharge(chargeInput))).toMatchObject({ message: 'Erro ao processar pagamento', uncertain: true });
    standIn.onCreate = (c) => c.json({ success: true }, 201);
    expect(await failure(client().createCharge(chargeInput))).toMatchObject({ message: 'Erro ao processar pagamento', uncertain: true });
  });
});

describe('getTransaction', () => {
  it('reads payment_status, the amount and the product hash, with the token', async () => {
    standIn.onRead = (c) =>
      c.json({
        hash: 'tx7',
        transaction: '26004400',
        payment_status: 'paid',
        status: 'waiting_payment',
        amount: 1990,
        product: { hash: PRODUCT_HASH },
        offer: { hash: `${PRODUCT_HASH}_a1b2` },
      });
    expect(await client().getTransaction('tx7')).toEqual({
      transactionHash: 'tx7',
      alternateIds: ['26004400'],
      amountCents: 1990,
      rawStatus: 'paid',
      state: 'paid',
      productHash: PRODUCT_HASH,
      offerHash: `${PRODUCT_HASH}_a1b2`,
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/public/v1/transactions/tx7',
      headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
    });
    expect(seen[0]!.query.api_token).toBe(TOKEN);
  });

  it('reads a data wrapper, status only when payment_status is absent, and items[0].product_hash', async () => {
    standIn.onRead = (c) => c.json({ data: { hash: 'tx8', status: 'refunded', amount: '1990', items: [{ product_hash: PRODUCT_HASH }] } });
    expect(await client().getTransaction('tx8')).toMatchObject({
      state: 'reversed',
      rawStatus: 'refunded',
      amountCents: 1990,
      productHash: PRODUCT_HASH,
    });
  });

  it('reports 404 with the gateway message', async () => {
    standIn.onRead = (c) => c.json({ message: 'Transação não encontrada' }, 404);
    const error = await failure(client().getTransaction('nope'));
    expect([error.message, error.kind, error.httpStatus]).toEqual(['Transação não encontrada', 'transaction', 404]);
  });

  it('refuses a reply about another transaction', async () => {
    standIn.onRead = (c) => c.json({ hash: 'someone-else', payment_status: 'paid', amount: 1990 });
    expect(await failure(client().getTransaction('tx9'))).toMatchObject({ message: 'Erro ao processar pagamento', kind: 'transaction' });
  });

  it('escapes the hash in the path', async () => {
    standIn.onRead = (c) => c.json({ message: 'Transação não encontrada' }, 404);
    await failure(client().getTransaction('a/b?c'));
    expect(seen[0]!.path).toBe('/api/public/v1/transactions/a%2Fb%3Fc');
  });
});

describe('logging', () => {
  it('writes one line per call with method, path, status and time, and no personal data', async () => {
    standIn.onCreate = (c) => c.json({ hash: 'tx10', payment_status: 'waiting_payment', amount: 1990, pix: { pix_qr_code: EMV } }, 201);
    const before = logLines.length;
    await client().createCharge(chargeInput);
    const lines = logLines.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.line).toMatch(/INFO Gateway call method=POST path=\/api\/public\/v1\/transactions status=201 ms=\d+/);
    for (const secret of ['Maria', 'maria@example.com', '11987654321', '52998224725', 'per-order-secret', TOKEN]) {
      expect(lines[0]!.line).not.toContain(secret);
    }
  });
});
