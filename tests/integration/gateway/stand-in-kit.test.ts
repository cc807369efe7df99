import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTestPki, mtlsOf, type TestPki } from '../../support/providers/efi/efi-stand-in.ts';
import { createStandInKit, type StandInKit } from '../../support/stand-ins/kit.ts';
import { startHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';

/**
 * The kit every provider's stand-in is built on, with a one-route provider: `POST /orders` stores an
 * order and answers it. Each fault is met over a real connection, and whether the order was stored
 * tells the faults that do the request from those that do not.
 */

function orderShop() {
  const kit = createStandInKit<'create'>({ errorBody: (status) => ({ message: 'shop error', status }) });
  const orders: unknown[] = [];
  const app = new Hono();
  app.use('*', kit.record);
  app.post('/orders', (c) =>
    kit.answer(c, 'create', () => {
      orders.push(kit.recorded(c).body);
      return c.json({ id: orders.length }, 201);
    }),
  );
  return { kit, orders, app };
}

describe('the stand-in kit', () => {
  let shop: ReturnType<typeof orderShop>;
  let url = '';

  beforeAll(async () => {
    shop = orderShop();
    url = (await shop.kit.listen(shop.app.fetch)).url;
  });
  afterAll(() => shop.kit.stop());
  beforeEach(() => {
    shop.orders.length = 0;
    shop.kit.requests.length = 0;
    shop.kit.clearScripts();
  });

  const order = (signal?: AbortSignal) =>
    fetch(`${url}/orders?ref=a1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Key': 'k' },
      body: '{"sku":"x"}',
      signal,
    });

  it('records each request: method, path, query, headers, raw and parsed body, time', async () => {
    const before = Date.now();
    expect((await order()).status).toBe(201);
    expect(shop.kit.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/orders',
        query: { ref: 'a1' },
        rawBody: '{"sku":"x"}',
        body: { sku: 'x' },
        status: 201,
      }),
    ]);
    expect(shop.kit.requests[0]!.headers['x-key']).toBe('k');
    expect(shop.kit.requests[0]!.at).toBeGreaterThanOrEqual(before);
    expect(shop.kit.requests[0]!.clientCertificate).toBe(false);
  });

  it('answers the scripted faults of a route first in, first out, then the documented answer again', async () => {
    shop.kit.script('create', { kind: 'status', status: 503 });
    shop.kit.script('create', { kind: 'status', status: 409, body: { message: 'taken' } });
    shop.kit.script('create', { kind: 'status', status: 502, body: null });
    const first = await order();
    expect([first.status, await first.json()]).toEqual([503, { message: 'shop error', status: 503 }]);
    const second = await order();
    expect([second.status, await second.json()]).toEqual([409, { message: 'taken' }]);
    const third = await order();
    expect([third.status, await third.text()]).toEqual([502, '']);
    expect((await order()).status).toBe(201);
    expect(shop.orders).toHaveLength(1);
  });

  it('a raw fault answers malformed text as is; processed, the request was done first', async () => {
    shop.kit.script('create', { kind: 'raw', text: '{"id": 1,', status: 200 });
    shop.kit.script('create', { kind: 'raw', text: '<html>Bad gateway</html>', status: 502, contentType: 'text/html', processed: true });
    const malformed = await order();
    expect(await malformed.text()).toBe('{"id": 1,');
    expect(shop.orders).toHaveLength(0);
    const page = await order();
    expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([502, 'text/html', '<html>Bad gateway</html>']);
    expect(shop.orders).toHaveLength(1);
  });

  it('a delay does the request at once and answers it that much later', async () => {
    shop.kit.script('create', { kind: 'delay', ms: 400 });
    const started = Date.now();
    const reply = order();
    await expect.poll(() => shop.orders.length).toBe(1);
    expect(Date.now() - started).toBeLessThan(400);
    expect((await reply).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('a hang never answers; the client gives up, and the request was not done', async () => {
    shop.kit.script('create', { kind: 'hang' });
    await expect(order(AbortSignal.timeout(300))).rejects.toThrow(/abort|timeout/i);
    expect(shop.kit.requests).toMatchObject([{ status: 0 }]);
    expect(shop.orders).toHaveLength(0);
  });

  it('a reset drops the connection without doing the request; swallowed does it, then drops the answer', async () => {
    shop.kit.script('create', { kind: 'reset' });
    await expect(order()).rejects.toThrow(/fetch failed/);
    expect(shop.orders).toHaveLength(0);
    shop.kit.script('create', { kind: 'swallowed' });
    await expect(order()).rejects.toThrow(/fetch failed/);
    expect(shop.orders).toEqual([{ sku: 'x' }]);
  });
});

describe('webhook delivery', () => {
  let receiver: HttpReceiver;
  beforeAll(async () => (receiver = await startHttpReceiver()));
  afterAll(() => receiver.stop());

  it('posts the body with its headers, and records each delivery with the status it met', async () => {
    const kit = createStandInKit();
    receiver.respond = (request) => (request.headers['x-signature'] === 'good' ? 200 : 401);
    await kit.deliver(`${receiver.url}/hook?secret=s`, '{"event":"paid"}', { 'X-Signature': 'good' });
    void kit.deliver(`${receiver.url}/hook`, '{"event":"paid"}', { 'X-Signature': 'bad' });
    await kit.settled();
    await kit.deliver('http://127.0.0.1:9/hook', '{}');
    kit.inBackground(async () => {
      await kit.deliver(`${receiver.url}/later`, '{"event":"one"}', { 'X-Signature': 'good' });
      await kit.deliver(`${receiver.url}/later`, '{"event":"two"}', { 'X-Signature': 'good' });
    });
    await kit.settled();
    expect(kit.deliveries.map((delivery) => delivery.status)).toEqual([200, 401, 0, 200, 200]);
    expect(receiver.requests[0]).toMatchObject({ url: '/hook?secret=s', body: '{"event":"paid"}' });
    expect(receiver.requests[0]!.headers['content-type']).toBe('application/json');
  });
});

describe('over HTTPS with client certificates (mTLS)', () => {
  let pki: TestPki;
  let kit: StandInKit<'create'>;
  let url = '';

  beforeAll(async () => {
    pki = makeTestPki();
    const shop = orderShop();
    kit = shop.kit;
    url = (await kit.listen(shop.app.fetch, { mtls: mtlsOf(pki) })).url;
  });
  afterAll(async () => {
    await kit.stop();
    pki.cleanup();
  });

  const post = (pem: string | null) =>
    new Promise<number>((resolve, reject) => {
      const request = https.request(`${url}/orders`, {
        method: 'POST',
        ca: pki.caCert,
        ...(pem ? { cert: pem, key: pem } : {}),
        headers: { 'Content-Type': 'application/json' },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end('{"sku":"y"}');
    });

  it('takes a client whose certificate the CA signed, and records that it showed one', async () => {
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:/);
    expect(await post(readFileSync(pki.sellerPemPath, 'utf8'))).toBe(201);
    expect(kit.requests.at(-1)!.clientCertificate).toBe(true);
  });

  it('serves and records a stand-in that writes its own answer on Node’s response, the TLS socket at hand', async () => {
    const own = createStandInKit();
    const listening = await own.listenNode(
      (request, response) => {
        own.recordNode(request, response, '');
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.end(`authorized: ${String((request.socket as TLSSocket).authorized)}`);
      },
      { mtls: mtlsOf(pki) },
    );
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const pem = readFileSync(pki.sellerPemPath, 'utf8');
        https
          .get(listening.url, { ca: pki.caCert, cert: pem, key: pem }, (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
      expect(text).toBe('authorized: true');
      expect(own.requests).toMatchObject([{ method: 'GET', path: '/', clientCertificate: true }]);
      await expect.poll(() => own.requests[0]!.status).toBe(200);
    } finally {
      await own.stop();
    }
  });

  it('meets the scripted faults on a stand-in that writes its own answers on Node’s response', async () => {
    const own = createStandInKit<'create'>({ errorBody: (status) => ({ message: 'own error', status }) });
    const stored: string[] = [];
    const listening = await own.listenNode(
      (request, response) => {
        const fault = own.takeFault((route) => route === 'create');
        if (own.faultBeforeNode(fault, request, response)) return;
        stored.push(request.url ?? '');
        own.answerNode(fault, request, response, 201, { id: stored.length });
      },
      { mtls: mtlsOf(pki) },
    );
    const pem = readFileSync(pki.sellerPemPath, 'utf8');
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        https
          .get(`${listening.url}${path}`, { ca: pki.caCert, cert: pem, key: pem }, (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    try {
      own.script('create', { kind: 'status', status: 503 });
      own.script('create', { kind: 'swallowed' });
      own.script('create', { kind: 'rewrite', rewrite: (normal) => JSON.stringify({ ...normal, odd: true }) });
      expect(await get('/a')).toEqual({ status: 503, body: '{"message":"own error","status":503}' });
      await expect(get('/b')).rejects.toThrow(/socket hang up|ECONNRESET/);
      expect(await get('/c')).toEqual({ status: 201, body: '{"id":2,"odd":true}' });
      expect(await get('/d')).toEqual({ status: 201, body: '{"id":3}' });
      expect(stored).toEqual(['/b', '/c', '/d']);
    } finally {
      await own.stop();
    }
  });

  it('delivers a webhook presenting a client certificate to a receiver that takes only those (mTLS)', async () => {
    const receiver = createStandInKit();
    const app = new Hono();
    app.use('*', receiver.record);
    app.post('/hook', (c) => c.body(null, 200));
    const listening = await receiver.listen(app.fetch, { mtls: mtlsOf(pki) });
    const sender = createStandInKit({ deliveryTls: { ca: pki.caCert, cert: pki.bankClientCert, key: pki.bankClientKey } });
    try {
      expect(await sender.deliver(`${listening.url}/hook`, '{"pix":[]}')).toMatchObject({ status: 200, clientCertificate: true });
      expect(await sender.deliver(`${listening.url}/hook`, '{"pix":[]}', {}, undefined, { ca: pki.caCert })).toMatchObject({
        status: 0,
        clientCertificate: false,
      });
      expect(receiver.requests).toMatchObject([{ path: '/hook', rawBody: '{"pix":[]}', clientCertificate: true, status: 200 }]);
    } finally {
      await receiver.stop();
    }
  });

  it('refuses a client without a certificate, or with another CA’s', async () => {
    const count = kit.requests.length;
    await expect(post(null)).rejects.toThrow();
    await expect(post(readFileSync(pki.strangerPemPath, 'utf8'))).rejects.toThrow();
    expect(kit.requests).toHaveLength(count);
  });
});
