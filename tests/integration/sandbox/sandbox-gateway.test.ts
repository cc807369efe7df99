import { startHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import { listenOnLoopback, refusedUrl, type LoopbackServer } from '../../support/loopback.ts';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePixBrCode } from '../../../src/server/gateway/br-code.ts';
import { createGatewayClient } from '../../../src/server/gateway/providers/tribopay/tribopay-client.ts';
import { createSandboxGateway } from '../../../src/server/sandbox/sandbox.ts';
import { GatewayError } from '../../../src/server/gateway/types.ts';
import type { ChargeInput, GatewayClient } from '../../../src/server/gateway/providers/tribopay/tribopay-types.ts';
import { createLogger, type LogLevel } from '../../../src/server/lib/logger.ts';
import { rowCount, sandboxCharge, setSandboxCharge } from '../../support/db-reads.ts';
import { databases } from '../test-db.ts';
import { postSandboxCharge } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';

/**
 * The real gateway client against the sandbox gateway, both over real HTTP on 127.0.0.1, with the
 * sandbox's state in a real database: the purchase a newcomer clicks through offline.
 */

const TOKEN = 'sandbox-token-for-tests-42';

interface Postback {
  query: Record<string, string>;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

for (const database of databases) {
  describe(`sandbox gateway on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let host: LoopbackServer;
    let receiver: HttpReceiver;
    let gateway: GatewayClient;
    /** The postbacks the seller's receiver got, as our webhook route reads them. */
    const postbacks = (): Postback[] =>
      receiver.requests.map((request) => ({
        query: Object.fromEntries(new URL(request.url, receiver.url).searchParams),
        contentType: request.headers['content-type'],
        body: JSON.parse(request.body) as Record<string, unknown>,
      }));
    const logLines: Array<{ level: LogLevel; line: string }> = [];
    const logger = createLogger({ level: 'debug', sink: { write: (level, line) => logLines.push({ level, line }) } });

    const chargeInput = (postbackUrl: string): ChargeInput => ({
      amountCents: 1990,
      product: {
        productHash: 'sandbox-product',
        offerHash: 'sandbox-offer',
        title: 'Lista de Fornecedores Secretos Vitalícia',
        priceCents: 1990,
        cover: null,
      },
      customer: { name: 'Maria Souza', email: 'maria@example.com', phoneDigits: '11987654321', document: '52998224725' },
      postbackUrl,
      expireInDays: 1,
    });

    const api = (path: string, init: RequestInit & { token?: string | null } = {}) => {
      const { token = TOKEN, ...rest } = init;
      return fetch(`${host.url}/sandbox/public/v1${path}`, {
        ...rest,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(rest.headers as Record<string, string> | undefined),
        },
      });
    };

    beforeAll(async () => {
      db = await database.create();
      receiver = await startHttpReceiver();
      // Mounted under /sandbox on an app of its own, as app.ts mounts it.
      const hostApp = new Hono();
      hostApp.route('/sandbox', createSandboxGateway({ db: db.db, token: TOKEN, logger }));
      host = await listenOnLoopback(hostApp.fetch);
      gateway = createGatewayClient({ baseUrl: () => `${host.url}/sandbox`, token: TOKEN, productHash: 'sandbox-product', logger });
    });

    afterAll(async () => {
      await host.close();
      await receiver.stop();
      await db.close();
      for (const { line } of logLines) expect(line).not.toContain(TOKEN);
    });

    it('lists the sandbox product, which the client reads like the real one', async () => {
      expect(await gateway.getProduct()).toEqual({
        productHash: 'sandbox-product',
        offerHash: 'sandbox-offer',
        title: 'Lista de Fornecedores Secretos Vitalícia',
        priceCents: 1990,
        cover: null,
      });
      const body = (await (await api('/products')).json()) as { data: Array<{ offers: unknown[] }>; links: { next: unknown } };
      expect(body.links.next).toBeNull();
      expect(body.data[0]!.offers).toEqual([expect.objectContaining({ hash: 'sandbox-offer', price: 1990, status: 1 })]);
    });

    it('charges, reads back, is paid from the pay page and posts the postback', async () => {
      const postbackUrl = `${receiver.url}/api/webhooks/gateway?t=order-secret-1`;
      const charge = await gateway.createCharge(chargeInput(postbackUrl));
      expect(charge.transactionHash).toMatch(/^[a-z0-9]{10}$/);
      expect(charge).toMatchObject({ amountCents: 1990, rawStatus: 'waiting_payment', state: 'pending' });
      expect(charge.pix).toMatchObject({ imageDataUrl: null, imageUrl: null, paymentUrl: null });
      // A valid BR Code for R$ 19,90 whose txid is the transaction.
      expect(parsePixBrCode(charge.pix.code!)).toMatchObject({ amountCents: 1990, txid: charge.transactionHash });
      expect(charge.pix.code!.slice(-4)).toMatch(/^[0-9A-F]{4}$/);

      expect(await gateway.getTransaction(charge.transactionHash)).toEqual({
        transactionHash: charge.transactionHash,
        alternateIds: charge.alternateIds,
        amountCents: 1990,
        rawStatus: 'waiting_payment',
        state: 'pending',
        productHash: 'sandbox-product',
        offerHash: 'sandbox-offer',
        // The sandbox keeps no document, as its own reply says.
        customer: { email: 'maria@example.com', phone: '11987654321', document: null },
      });

      const payPath = `/sandbox/pay/${charge.transactionHash}`;
      const page = await fetch(`${host.url}${payPath}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('lang="pt-BR"');
      expect(html).toContain('Ambiente de testes (sandbox)');
      expect(html).toMatch(/R\$\s19,90/);
      expect(html).toContain('Aguardando pagamento');
      expect(html).toContain('Simular pagamento');
      expect(html).toContain(`action="${payPath}"`);

      const paid = await fetch(`${host.url}${payPath}`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(payPath);

      expect(await gateway.getTransaction(charge.transactionHash)).toMatchObject({ rawStatus: 'paid', state: 'paid', amountCents: 1990 });
      expect(postbacks()).toHaveLength(1);
      const [postback] = postbacks();
      expect(postback!.query).toEqual({ t: 'order-secret-1' });
      expect(postback!.contentType).toMatch(/^application\/json/);
      // Format A: the transaction object itself.
      expect(postback!.body).toMatchObject({
        event: 'transaction',
        hash: charge.transactionHash,
        payment_status: 'paid',
        amount: 1990,
        postback_url: postbackUrl,
        pix: { pix_qr_code: charge.pix.code },
      });

      const after = await (await fetch(`${host.url}${payPath}`)).text();
      expect(after).toContain('Pagamento simulado');
      expect(after).toContain('Simular estorno');
      expect(after).not.toContain('Simular pagamento');

      // A second click changes nothing but replays the postback.
      expect((await fetch(`${host.url}${payPath}`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      expect(await gateway.getTransaction(charge.transactionHash)).toMatchObject({ state: 'paid' });
      expect(postbacks().map((p) => p.body.payment_status)).toEqual(['paid', 'paid']);

      const refunded = await fetch(`${host.url}${payPath}/refund`, { method: 'POST', redirect: 'manual' });
      expect(refunded.status).toBe(303);
      expect(refunded.headers.get('location')).toBe(payPath);
      expect(await gateway.getTransaction(charge.transactionHash)).toMatchObject({ rawStatus: 'refunded', state: 'reversed' });
      expect(postbacks().map((p) => p.body.payment_status)).toEqual(['paid', 'paid', 'refunded']);
      expect(await (await fetch(`${host.url}${payPath}`)).text()).toContain('Estorno simulado');

      // Paying a refunded charge does not bring it back.
      await fetch(`${host.url}${payPath}`, { method: 'POST', redirect: 'manual' });
      expect(await gateway.getTransaction(charge.transactionHash)).toMatchObject({ state: 'reversed' });
    });

    it('refunds only what was paid', async () => {
      const charge = await gateway.createCharge(chargeInput(`${receiver.url}/api/webhooks/gateway?t=s2`));
      await fetch(`${host.url}/sandbox/pay/${charge.transactionHash}/refund`, { method: 'POST', redirect: 'manual' });
      expect(await gateway.getTransaction(charge.transactionHash)).toMatchObject({ state: 'pending' });
    });

    it('refunds a paid transaction through the API once, with its postback, as the client reads it', async () => {
      const postbackUrl = `${receiver.url}/api/webhooks/gateway?t=api-refund`;
      const charge = await gateway.createCharge(chargeInput(postbackUrl));
      const hash = charge.transactionHash;
      const refundsOf = () => postbacks().filter((postback) => postback.query.t === 'api-refund');
      await fetch(`${host.url}/sandbox/pay/${hash}`, { method: 'POST', redirect: 'manual' });

      expect(await gateway.refundTransaction(hash)).toEqual({ rawStatus: 'refunded', state: 'reversed' });
      expect(await gateway.getTransaction(hash)).toMatchObject({ rawStatus: 'refunded', state: 'reversed' });
      expect(refundsOf().map((postback) => postback.body.payment_status)).toEqual(['paid', 'refunded']);
      expect(refundsOf()[1]!.body).toMatchObject({ event: 'transaction', hash, payment_status: 'refunded', amount: 1990 });

      // The answer is the transaction object, exactly as a read gives it.
      const read = (await (await api(`/transactions/${hash}`)).json()) as Record<string, unknown>;
      await setSandboxCharge(db, hash, 'paid');
      const answer = await api(`/transactions/${hash}/refund`, { method: 'POST' });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ...read, updated_at: expect.any(String) });

      // A second call refunds nothing, sends nothing and says why, as a definite refusal.
      const again = await api(`/transactions/${hash}/refund`, { method: 'POST' });
      expect([again.status, await again.json()]).toEqual([422, { message: 'Transaction already refunded' }]);
      expect(await gateway.refundTransaction(hash).catch((caught: unknown) => caught)).toMatchObject({
        kind: 'refund',
        httpStatus: 422,
        uncertain: false,
        message: 'O gateway recusou o reembolso (HTTP 422): Transaction already refunded.',
      });
      expect(refundsOf()).toHaveLength(3);
    });

    it('refuses to refund through the API what is not paid, what it does not know, and without the token', async () => {
      const charge = await gateway.createCharge(chargeInput(`${receiver.url}/api/webhooks/gateway?t=api-unpaid`));
      const unpaid = await api(`/transactions/${charge.transactionHash}/refund`, { method: 'POST' });
      expect([unpaid.status, await unpaid.json()]).toEqual([422, { message: 'Only paid transactions can be refunded' }]);
      expect(await gateway.getTransaction(charge.transactionHash)).toMatchObject({ state: 'pending' });

      const unknown = await api('/transactions/abcdefghij/refund', { method: 'POST' });
      expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Transação não encontrada' }]);
      expect(await gateway.refundTransaction('abcdefghij').catch((caught: unknown) => caught)).toMatchObject({
        kind: 'refund',
        httpStatus: 404,
        uncertain: false,
        message: 'O gateway recusou o reembolso (HTTP 404): Transação não encontrada.',
      });

      await fetch(`${host.url}/sandbox/pay/${charge.transactionHash}`, { method: 'POST', redirect: 'manual' });
      for (const token of [null, 'wrong']) {
        const refused = await api(`/transactions/${charge.transactionHash}/refund`, { method: 'POST', token });
        expect([refused.status, await refused.json()]).toEqual([401, { message: 'Unauthenticated.' }]);
      }
      expect(await gateway.getTransaction(charge.transactionHash)).toMatchObject({ state: 'paid' });
      expect(
        postbacks()
          .filter((postback) => postback.query.t === 'api-unpaid')
          .map((p) => p.body.payment_status),
      ).toEqual(['paid']);
    });

    it('answers the create call in TriboPay shape, echoing postback_url', async () => {
      const response = await api('/transactions', {
        method: 'POST',
        body: JSON.stringify({
          api_token: TOKEN,
          amount: 1990,
          payment_method: 'pix',
          installments: 1,
          offer_hash: 'sandbox-offer',
          cart: [{ product_hash: 'sandbox-product', offer_hash: 'sandbox-offer', price: 1990, quantity: 1, operation_type: 1 }],
          customer: { name: 'João', email: 'joao@example.com', phone_number: '11912345678', document: '52998224725' },
          postback_url: 'http://127.0.0.1:9/hook?t=x',
        }),
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as Record<string, unknown> & { pix: Record<string, unknown> };
      expect(body).toMatchObject({
        event: 'transaction',
        payment_method: 'pix',
        payment_status: 'waiting_payment',
        installments: 1,
        amount: 1990,
        billet: null,
        utm_source: 'null',
        utm_medium: 'null',
        postback_url: 'http://127.0.0.1:9/hook?t=x',
        customer: { name: 'João', email: 'joao@example.com', phone_number: '11912345678', phone_coutry_code: '55' },
        items: [expect.objectContaining({ operation_type: 'sale', quantity: 1 })],
      });
      expect(body).not.toHaveProperty('data');
      expect(typeof body.id).toBe('number');
      expect(typeof body.transaction).toBe('string');
      expect(body.pix.pix_url).toBe(body.pix.pix_qr_code);
      expect(body.pix.qr_code_base64).toBeNull();
      expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it("records the charge's tracking object the client sends, and echoes it as top-level utm_* fields", async () => {
      const charge = await gateway.createCharge({
        ...chargeInput(`${receiver.url}/api/webhooks/gateway?t=tracked`),
        tracking: { utm_source: 'fb', utm_campaign: 'black', src: 'bio' },
      });
      const stored = await sandboxCharge(db, charge.transactionHash);
      expect(JSON.parse(stored.tracking!)).toEqual({ utm_source: 'fb', utm_campaign: 'black', src: 'bio' });
      const read = (await (await api(`/transactions/${charge.transactionHash}`)).json()) as Record<string, unknown>;
      expect(read).toMatchObject({ utm_source: 'fb', utm_campaign: 'black', utm_medium: 'null', utm_content: 'null', utm_term: 'null' });
    });

    it('validates like TriboPay', async () => {
      const base = {
        amount: 1990,
        payment_method: 'pix',
        offer_hash: 'sandbox-offer',
        customer: { name: 'Maria', email: 'maria@example.com' },
      };
      const post = async (body: unknown) => {
        const response = await api('/transactions', { method: 'POST', token: null, body: JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };

      expect(await post({ ...base, installments: 1 })).toEqual({
        status: 422,
        body: { success: false, message: 'api_token é obrigatório', errors: { api_token: ['api_token é obrigatório'] }, status: 422 },
      });
      expect(await post({ ...base, api_token: TOKEN })).toMatchObject({
        status: 422,
        body: { message: 'installments é obrigatório', errors: { installments: ['installments é obrigatório'] } },
      });
      expect(await post(base)).toMatchObject({ status: 422, body: { message: 'api_token é obrigatório (e mais 1 erro)' } });
      expect(await post({ ...base, api_token: TOKEN, installments: 1, amount: 499 })).toEqual({
        status: 400,
        body: { message: 'O valor da compra precisa ser no minimo 5 reais' },
      });
      expect(await post({ ...base, api_token: 'wrong-token', installments: 1 })).toEqual({
        status: 401,
        body: { message: 'Unauthenticated.' },
      });
      const viaClient = createGatewayClient({ baseUrl: `${host.url}/sandbox`, token: TOKEN, productHash: 'sandbox-product', logger });
      const error = await viaClient
        .createCharge({ ...chargeInput('http://127.0.0.1:9/'), amountCents: 400 })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ message: 'O valor da compra precisa ser no minimo 5 reais', httpStatus: 400, uncertain: false });
    });

    it('requires the token on reads, and 404s an unknown transaction', async () => {
      expect((await api('/products', { token: null })).status).toBe(401);
      expect(await (await api('/products', { token: 'wrong' })).json()).toEqual({ message: 'Unauthenticated.' });
      expect((await fetch(`${host.url}/sandbox/public/v1/products?api_token=${TOKEN}`)).status).toBe(200);
      expect((await api('/transactions/abcdefghij', { token: null })).status).toBe(401);

      const missing = await api('/transactions/abcdefghij');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'Transação não encontrada' });
      const error = await gateway.getTransaction('abcdefghij').catch((caught: unknown) => caught);
      expect(error).toMatchObject({ message: 'Transação não encontrada', kind: 'transaction', httpStatus: 404 });

      expect((await fetch(`${host.url}/sandbox/pay/abcdefghij`)).status).toBe(404);
      expect((await fetch(`${host.url}/sandbox/pay/abcdefghij`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
    });

    it('still marks the charge paid when the postback cannot be delivered, and says so in the log', async () => {
      const charge = await gateway.createCharge(chargeInput(`${await refusedUrl()}/api/webhooks/gateway?t=lost-secret`));
      const response = await fetch(`${host.url}/sandbox/pay/${charge.transactionHash}`, { method: 'POST', redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(await gateway.getTransaction(charge.transactionHash)).toMatchObject({ state: 'paid' });
      const line = logLines.find(({ line: text }) => text.includes('Sandbox postback failed') && text.includes(charge.transactionHash));
      expect(line?.level).toBe('warn');
      // The postback URL carries the order's secret: it is never written to the log.
      expect(logLines.some(({ line: text }) => text.includes('lost-secret') || text.includes('order-secret-1'))).toBe(false);
    });
  });
}

describe("the demo site's sandbox", () => {
  const running = useTestServer(databases[0]);

  it('sends postbacks only to its own site: a charge naming another address is refused', async () => {
    const { db, server } = running;
    const charge = (postbackUrl: string) =>
      postSandboxCharge(
        server.url,
        { name: 'Maria Souza', email: 'maria@example.com', phone_number: '11987654321' },
        { postback_url: postbackUrl },
      );
    const foreign = await charge('http://203.0.113.9/hook?t=x');
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { errors: Record<string, string[]> }).errors.postback_url).toEqual([
      'postback_url deve apontar para este site',
    ]);
    expect(await rowCount(db, 'sandbox_transactions')).toBe(0);
    const own = await charge(`http://localhost:${new URL(server.url).port}/api/webhooks/gateway?t=x`);
    expect(own.status).toBe(201);
  });
});
