import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_SERVER_OPTIONS } from '../../src/server/http/http-options.ts';
import { fetchFrom } from '../support/clients.ts';
import {
  SHIPPED_NGINX_CONF,
  deriveLocalSite,
  freePort,
  selfSignedCertificate,
  startNginx,
  testNginxConfig,
  withTestCertificate,
  type RunningNginx,
} from '../support/nginx.ts';

/**
 * The shipped deploy/nginx.conf, checked by nginx itself and run by the real nginx in front of two
 * scripted instances: which requests it passes to another instance when the first one breaks,
 * what it tells the instances about the client, and which bodies it refuses.
 */

const shipped = fs.readFileSync(SHIPPED_NGINX_CONF, 'utf8');

type Misbehaviour = 'crash' | '502' | '503' | 'none';

/**
 * Two instances sharing one script: the first attempt at each request (told apart by X-Test-Id)
 * misbehaves as the test says; any later attempt answers 200 with what it received.
 */
const attempts = new Map<string, number>();
let misbehaviour: Misbehaviour = 'crash';
const received: Array<{ url: string; forwardedFor: string | undefined; bytes: number }> = [];

function scriptedInstance(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      const id = String(request.headers['x-test-id'] ?? '');
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      received.push({ url: request.url ?? '', forwardedFor: request.headers['x-forwarded-for'] as string | undefined, bytes });
      if (attempt === 1 && misbehaviour === 'crash') {
        // The instance dies with the request in hand: no answer, the connection just breaks.
        request.socket.destroy();
        return;
      }
      if (attempt === 1 && misbehaviour !== 'none') {
        response.writeHead(Number(misbehaviour), { 'Content-Type': 'application/json' }).end('{"error":"instance"}');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('deploy/nginx.conf', () => {
  it('passes nginx -t as shipped (with a stand-in certificate at the Let’s Encrypt paths)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cert-'));
    try {
      const result = testNginxConfig(withTestCertificate(shipped, selfSignedCertificate(dir)));
      expect(result.output).toContain('test is successful');
      expect(result.output).not.toMatch(/\[warn\]|\[emerg\]/);
      expect(result.code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets idle connections to the instances go before the instances close them', () => {
    // Otherwise nginx could send a request on a connection an instance is closing at that moment.
    const upstream = /upstream vitrine \{[^}]*\}/.exec(shipped)?.[0] ?? '';
    const seconds = Number(/^\s*keepalive_timeout (\d+)s;$/m.exec(upstream)?.[1]);
    expect(seconds * 1000, 'upstream keepalive_timeout, in ms').toBeLessThan(HTTP_SERVER_OPTIONS.keepAliveTimeout);
  });

  it('says TRUST_PROXY_HOPS=1 and serves the certificate certbot writes', () => {
    expect(shipped).toMatch(/TRUST_PROXY_HOPS=1/);
    expect(shipped).toMatch(/ssl_certificate\s+\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem;/);
    expect(shipped).toMatch(/ssl_certificate_key\s+\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem;/);
    expect(shipped).toMatch(/location \/\.well-known\/acme-challenge\//);
  });

  describe('run by nginx in front of two instances', () => {
    let instances: http.Server[];
    let nginx: RunningNginx | undefined;
    let sent = 0;

    beforeAll(async () => {
      instances = await Promise.all([scriptedInstance(), scriptedInstance()]);
    });
    afterEach(async () => {
      await nginx?.stop();
      nginx = undefined;
      received.length = 0;
    });
    afterAll(async () => {
      for (const instance of instances) {
        instance.closeAllConnections();
        await new Promise((resolve) => instance.close(resolve));
      }
    });

    /** A fresh nginx per request, so none inherits another's "instance failed" marks. */
    async function start() {
      await nginx?.stop();
      const port = await freePort();
      const upstreams = instances.map((instance) => `127.0.0.1:${(instance.address() as AddressInfo).port}`);
      nginx = await startNginx(deriveLocalSite(shipped, { port, upstreams }), port);
      return nginx.url;
    }

    async function send(method: string, pathname: string, behaviour: Misbehaviour, body = '{}') {
      misbehaviour = behaviour;
      const id = `request-${++sent}`;
      const url = await start();
      const response = await fetchFrom('127.0.0.1')(`${url}${pathname}`, {
        method,
        headers: { 'X-Test-Id': id, 'Content-Type': 'application/json' },
        ...(method === 'GET' ? {} : { body }),
      });
      return { status: response.status, attempts: attempts.get(id) ?? 0 };
    }

    it('a page or API read is answered by another instance when the first one dies with it', async () => {
      expect(await send('GET', '/api/live', 'crash')).toEqual({ status: 200, attempts: 2 });
    });

    it('a checkout goes to another instance when the first one broke or is shutting down (the checkout key makes that safe)', async () => {
      expect(await send('POST', '/api/orders', 'crash')).toEqual({ status: 200, attempts: 2 });
      expect(await send('POST', '/api/orders', '503')).toEqual({ status: 200, attempts: 2 });
    });

    it("a checkout's gateway error (502) reaches the buyer and is not tried on another instance", async () => {
      expect(await send('POST', '/api/orders', '502')).toEqual({ status: 502, attempts: 1 });
    });

    it('a postback is passed on to another instance when the first one dies with it', async () => {
      expect(await send('POST', '/api/webhooks/gateway?t=ord_x.pbs_y', 'crash')).toEqual({ status: 200, attempts: 2 });
    });

    it('other writes that reached an instance are never sent twice', async () => {
      expect(await send('POST', '/api/presence', 'crash')).toEqual({ status: 502, attempts: 1 });
      expect(await send('POST', '/api/admin/orders/ord_x/resend', 'crash')).toEqual({ status: 502, attempts: 1 });
    });

    it("appends the client's address to X-Forwarded-For, after anything the client claimed", async () => {
      misbehaviour = 'none';
      const url = await start();
      const response = await fetchFrom('127.0.0.9')(`${url}/api/live`, {
        headers: { 'X-Test-Id': 'forwarded', 'X-Forwarded-For': '203.0.113.66' },
      });
      expect(response.status).toBe(200);
      // With TRUST_PROXY_HOPS=1 the server takes the last entry: the address nginx saw.
      expect(received.at(-1)?.forwardedFor).toBe('203.0.113.66, 127.0.0.9');
    });

    it('refuses bodies over 512 KB except for the console (supplier CSV uploads)', async () => {
      const big = 'x'.repeat(700 * 1024);
      expect((await send('POST', '/api/events', 'crash', big)).status).toBe(413);
      const upload = await send('POST', '/api/admin/suppliers', '503', big);
      expect(upload).toEqual({ status: 503, attempts: 1 });
      expect(received.at(-1)?.bytes).toBe(big.length);
    });

    it('a reload is over when it returns: every new visitor after it reaches the new instances (npm run cluster prints its address then)', async () => {
      // As `npm run cluster` starts: nginx first, on an upstream that is not there, then the instances.
      misbehaviour = 'none';
      const port = await freePort();
      nginx = await startNginx(deriveLocalSite(shipped, { port, upstreams: ['127.0.0.1:9'] }), port);
      const upstreams = instances.map((instance) => `127.0.0.1:${(instance.address() as AddressInfo).port}`);
      await nginx.reload(deriveLocalSite(shipped, { port, upstreams }));
      const statuses: number[] = [];
      for (let visitor = 0; visitor < 200; visitor++) {
        const response = await fetch(`${nginx.url}/api/live`, { headers: { Connection: 'close' } });
        statuses.push(response.status);
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    });
  });
});
