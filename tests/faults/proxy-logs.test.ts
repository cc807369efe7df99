import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../src/server/access/access-service.ts';
import { reminderOptOutToken } from '../../src/server/orders/order-links.ts';
import { newCheckoutKey, postOrder, uniqueBuyer } from '../support/clients.ts';
import { SHIPPED_NGINX_CONF, deriveLocalSite, freePort, startNginx, type RunningNginx } from '../support/nginx.ts';
import { waitFor } from '../support/wait.ts';
import { createSqliteDb, type TestDb } from '../integration/test-db.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * The shipped proxies' logs on disk, written by the real nginx and the real Caddy in front of the
 * real server: requests carrying each secret Vitrine puts in a URL (an access link, an order's
 * reference and its reminders opt-out, the gateway's postback secret, the console's buyer search)
 * leave the method, the path and the status in the access log and not one of the secrets. Nor does
 * the buyer's tab polling its order with the X-Order-Key header, which Caddy's JSON log would
 * otherwise record among the request headers. And one Strict-Transport-Security header reaches the
 * browser, the server's.
 */

const SHIPPED_CADDYFILE = path.resolve(import.meta.dirname, '../../deploy/Caddyfile');

/**
 * The server's answers: the postback pays, the order page is a 404 (no client build here, so no
 * page shell), the console refuses a visitor without a session, the buyer's tab gets its paid
 * order, and the access link redirects to the member page once the order is paid.
 */
const EXPECTED_STATUSES = [200, 404, 200, 200, 200, 401, 200, 200, 303];

interface Sent {
  method: 'GET' | 'POST';
  url: string;
  /** What the log must show instead (path and query as logged). */
  logged: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  /** Header names and values as they came over the wire, repeated headers kept apart. */
  rawHeaders: string[];
  body: string;
}

/** One request over a fresh connection, with the answer's raw headers (fetch would merge repeated ones). */
function send(base: string, request: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${base}${request.url}`,
      { method: request.method, headers: request.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const headerCount = (answer: Answer, name: string) =>
  answer.rawHeaders.filter((value, index) => index % 2 === 0 && value.toLowerCase() === name).length;

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The shipped Caddyfile for a local run: plain http on a loopback port instead of the domain, our
 * server as the upstream, the access log in a file, no admin endpoint. Every log setting stays.
 */
function deriveLocalCaddyfile(shipped: string, options: { port: number; upstream: string; accessLog: string; tryFor?: string }): string {
  const local = shipped
    .replace(/^(\s*)lb_try_duration \S+$/m, (line, indent: string) =>
      options.tryFor ? `${indent}lb_try_duration ${options.tryFor}` : line,
    )
    .replace(/^loja\.example\.com \{$/m, `http://127.0.0.1:${options.port} {`)
    .replace(/reverse_proxy 127\.0\.0\.1:3000 \{/, `reverse_proxy ${options.upstream} {`)
    .replace(/^(\s*)output stdout$/m, `$1output file ${options.accessLog}`);
  // Into the global options block, or a block of its own when the file has none.
  const withOptions = /^\{$/m.test(local) ? local.replace(/^\{$/m, '{\n\tadmin off') : `{\n\tadmin off\n}\n\n${local}`;
  for (const changed of [`127.0.0.1:${options.port}`, options.upstream, options.accessLog, 'admin off']) {
    if (!withOptions.includes(changed)) throw new Error(`deploy/Caddyfile: could not adapt it for a local run (${changed})`);
  }
  return withOptions;
}

interface RunningCaddy {
  url: string;
  accessLog: string;
  /** Caddy's own log (stderr). */
  output: string[];
  stop(): Promise<void>;
}

async function startCaddy(upstream: string, options: { tryFor?: string } = {}): Promise<RunningCaddy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-caddy-'));
  const port = await freePort();
  const accessLog = path.join(dir, 'access.log');
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, deriveLocalCaddyfile(fs.readFileSync(SHIPPED_CADDYFILE, 'utf8'), { port, upstream, accessLog, ...options }));
  // Caddy keeps its state under XDG folders: the temp dir, never this user's home.
  const env = { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
  const child: ChildProcess = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exited = false;
  const done = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await done;
    clearTimeout(timer);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      'Caddy to listen',
      async () => {
        if (exited) throw new Error('caddy exited');
        return portOpen(port);
      },
      10_000,
      50,
    );
  } catch {
    await stop();
    throw new Error(`Caddy did not start on port ${port}:\n${output.join('\n')}`);
  }
  return { url: `http://127.0.0.1:${port}`, accessLog, output, stop };
}

describe('proxy logs keep no secret of a URL', () => {
  let db: TestDb;
  let server: TestServer;
  const secrets: string[] = [];
  let requests: Sent[] = [];
  let orderId = '';
  // The tab's per-attempt key, easy to spot in a log: with it the poll below hands out the access link.
  const viewKey = `OrderKeySecret_${Date.now().toString(36)}`.padEnd(43, 'K');

  beforeAll(async () => {
    db = await createSqliteDb();
    // An https PUBLIC_URL, as behind either proxy: the server then sends HSTS itself.
    server = await startTestServer(db, { PUBLIC_URL: 'https://loja.example.com', DEMO_MODE: '1', ADMIN_PASSWORD: 'senha-do-painel-logs' });
    const buyer = uniqueBuyer('Lia Prado');
    const created = await postOrder<{ orderId: string }>(server.url, { ...buyer, checkoutKey: newCheckoutKey(), viewKey });
    expect(created.status).toBe(201);
    orderId = created.body.orderId;
    const order = await db.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    await db.db.updateTable('sandbox_transactions').set({ payment_status: 'paid' }).where('hash', '=', order.charge_id!).execute();
    const ref = order.public_ref;
    const optOut = reminderOptOutToken(order);
    const postback = `${orderId}.${order.postback_secret}`;
    requests = [
      // The gateway's postback first: it pays the order, so the access link below opens the list.
      {
        method: 'POST',
        url: `/api/webhooks/gateway?t=${postback}`,
        logged: '/api/webhooks/gateway?[redacted]',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ hash: order.charge_id, payment_status: 'paid' }),
      },
      { method: 'GET', url: `/pedido/${ref}`, logged: '/pedido/[redacted]', headers: { Referer: `https://mail.example.net/read/${ref}` } },
      {
        method: 'GET',
        url: `/api/order-page/${ref}`,
        logged: '/api/order-page/[redacted]',
        headers: { Referer: `https://loja.example.com/pedido/${ref}` },
      },
      { method: 'GET', url: `/pedido/${ref}/lembretes/${optOut}`, logged: '/pedido/[redacted]/lembretes/[redacted]' },
      {
        method: 'POST',
        url: `/pedido/${ref}/lembretes/${optOut}`,
        logged: '/pedido/[redacted]/lembretes/[redacted]',
        body: 'List-Unsubscribe=One-Click',
      },
      {
        method: 'GET',
        url: `/api/admin/orders?status=all&q=${encodeURIComponent(buyer.email)}`,
        logged: '/api/admin/orders?[redacted]',
      },
      { method: 'GET', url: '/api/live', logged: '/api/live' },
    ];
    // The order id is left out: the tab's poll has it in its path, and without the view key the
    // poll tells only the order's status.
    secrets.push(ref, optOut, order.postback_secret, viewKey, buyer.email, encodeURIComponent(buyer.email), buyer.email.split('@')[0]!);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  /**
   * Sends every request, then the buyer's tab polling the (now paid) order with its view key, then
   * one with the access link of the order.
   */
  async function sendAll(base: string): Promise<Array<{ sent: Sent; answer: Answer }>> {
    const answers: Array<{ sent: Sent; answer: Answer }> = [];
    for (const sent of requests) answers.push({ sent, answer: await send(base, sent) });
    await server.background.idle();
    // Lower-case, as a browser sends it over HTTP/2; the header is a live credential: the answer holds the access link.
    const poll: Sent = {
      method: 'GET',
      url: `/api/orders/${orderId}`,
      logged: `/api/orders/${orderId}`,
      headers: { 'x-order-key': viewKey },
    };
    const polled = await send(base, poll);
    const reply = JSON.parse(polled.body) as { status?: string; accessUrl?: string };
    expect(reply.status).toBe('paid');
    expect(reply.accessUrl).toMatch(/^\/acesso\/acc_/);
    answers.push({ sent: poll, answer: polled });
    // A fresh link each time, valid: the answer sets it as the member cookie, which must not reach the log either.
    const token = await issueAccessToken(
      db.db,
      (await db.db.selectFrom('orders').select('id').where('status', '=', 'paid').executeTakeFirstOrThrow()).id,
      Date.now(),
    );
    secrets.push(token);
    const access: Sent = { method: 'GET', url: `/acesso/${token}`, logged: '/acesso/[redacted]' };
    answers.push({ sent: access, answer: await send(base, access) });
    return answers;
  }

  function expectNoSecret(text: string) {
    expect(secrets.length).toBeGreaterThan(6);
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
  }

  describe('deploy/nginx.conf', () => {
    let nginx: RunningNginx;
    beforeAll(async () => {
      const port = await freePort();
      const shipped = fs.readFileSync(SHIPPED_NGINX_CONF, 'utf8');
      nginx = await startNginx(deriveLocalSite(shipped, { port, upstreams: [new URL(server.url).host] }), port);
    });
    afterAll(async () => {
      await nginx?.stop();
    });

    it('logs every server of the file in the redacting format', () => {
      const shipped = fs.readFileSync(SHIPPED_NGINX_CONF, 'utf8');
      const servers = shipped.match(/^server\s*\{/gm) ?? [];
      expect(servers).toHaveLength(2);
      expect(shipped.match(/^\s*access_log\s+\S+\s+vitrine_redacted;$/gm)).toHaveLength(servers.length);
      expect(shipped).not.toMatch(/^\s*access_log\s+(?!\S+\s+vitrine_redacted;)/m);
    });

    it('writes the method, path and status of each request, and none of its secrets', async () => {
      const answers = await sendAll(nginx.url);
      expect(answers.map(({ answer }) => answer.status)).toEqual(EXPECTED_STATUSES);
      const lines = await waitFor(
        'nginx to log every request',
        () => {
          const text = fs.existsSync(nginx.accessLog) ? fs.readFileSync(nginx.accessLog, 'utf8') : '';
          const found = text.split('\n').filter(Boolean);
          return found.length >= answers.length && found;
        },
        5_000,
        50,
      );
      expect(lines).toHaveLength(answers.length);
      answers.forEach(({ sent, answer }, index) => {
        expect(lines[index], sent.logged).toContain(`"${sent.method} ${sent.logged} HTTP/1.1" ${answer.status} `);
      });
      // Of a Referer, its origin only.
      expect(lines[1]).toContain('"https://mail.example.net"');
      expect(lines[2]).toContain('"https://loja.example.com"');
      expectNoSecret(lines.join('\n'));
      expectNoSecret(nginx.output.join('\n'));
    });

    it('passes on the server’s Strict-Transport-Security and adds none of its own', async () => {
      const page = await send(nginx.url, { method: 'GET', url: '/api/live', logged: '' });
      expect(headerCount(page, 'strict-transport-security')).toBe(1);
      expect(page.rawHeaders).toContain('max-age=31536000; includeSubDomains');
    });
  });

  describe('deploy/Caddyfile', () => {
    let caddy: RunningCaddy;
    beforeAll(async () => {
      caddy = await startCaddy(new URL(server.url).host);
    });
    afterAll(async () => {
      await caddy?.stop();
    });

    it('writes the method, path and status of each request, and none of its secrets', async () => {
      const answers = await sendAll(caddy.url);
      expect(answers.map(({ answer }) => answer.status)).toEqual(EXPECTED_STATUSES);
      const entries = await waitFor(
        'Caddy to log every request',
        () => {
          const text = fs.existsSync(caddy.accessLog) ? fs.readFileSync(caddy.accessLog, 'utf8') : '';
          const found = text.split('\n').filter(Boolean);
          return found.length >= answers.length && { text, found };
        },
        5_000,
        50,
      );
      const logged = entries.found.map(
        (line) => JSON.parse(line) as { status: number; request: { method: string; uri: string; headers: Record<string, string[]> } },
      );
      expect(logged.map((entry) => [entry.request.method, entry.request.uri, entry.status])).toEqual(
        answers.map(({ sent, answer }) => [sent.method, sent.logged, answer.status]),
      );
      expect(logged[1]!.request.headers.Referer).toEqual(['https://mail.example.net']);
      expect(logged[2]!.request.headers.Referer).toEqual(['https://loja.example.com']);
      // The tab's poll is logged without its X-Order-Key header.
      expect(Object.keys(logged[7]!.request.headers).map((name) => name.toLowerCase())).not.toContain('x-order-key');
      expectNoSecret(entries.text);
      expectNoSecret(caddy.output.join('\n'));
    });

    it('passes on the server’s Strict-Transport-Security and adds none of its own', async () => {
      const page = await send(caddy.url, { method: 'GET', url: '/api/live', logged: '' });
      expect(headerCount(page, 'strict-transport-security')).toBe(1);
      expect(page.rawHeaders).toContain('max-age=31536000; includeSubDomains');
    });

    it('redacts the request its own error log quotes when no instance answers', async () => {
      // Nothing listens on the upstream; the shipped 10 s of retries are cut to 1 s to keep the test short.
      const down = await startCaddy(`127.0.0.1:${await freePort()}`, { tryFor: '1s' });
      try {
        const link = `tok_${'x'.repeat(8)}${Date.now()}`;
        secrets.push(link);
        const answer = await send(down.url, {
          method: 'GET',
          url: `/acesso/${link}?t=${link}`,
          logged: '',
          headers: { 'X-Order-Key': viewKey },
        });
        // 502 when the last try failed to connect, 503 once the health check took the instance out.
        expect([502, 503]).toContain(answer.status);
        const error = await waitFor(
          'Caddy to log the failed request',
          () => down.output.find((line) => line.includes('"level":"error"')),
          5_000,
          50,
        );
        expect(error).toContain('"uri":"/acesso/[redacted]?[redacted]"');
        expectNoSecret(down.output.join('\n'));
      } finally {
        await down.stop();
      }
    });
  });
});
