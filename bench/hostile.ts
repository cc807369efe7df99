import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer, type RunningServer } from '../tests/e2e/server.ts';

/**
 * What the costliest anonymous request costs the server, and what 20 clients sending it in a loop
 * do to everyone else. For each public route, a few candidates (largest body the route accepts,
 * longest path, deepest JSON, a real order's pages…) are each sent a few times from fresh loopback
 * addresses, and the server's CPU per request is read from /proc (the server is its own process,
 * the production build); the costliest candidate then floods the server from 20 loopback source
 * addresses for a bounded time while a probe measures `GET /healthz`, beside an idle baseline.
 * Figures, not pass/fail: nothing here fails a test.
 */
const FLOOD_CLIENTS = 20;
const FLOOD_SECONDS = Number(process.env.HOSTILE_SECONDS ?? 5);
const SAMPLES_PER_CANDIDATE = 20;
/** A visitor's request may cost this much server CPU (the fuzz suite's budget, tests/fuzz/fuzz-kit.ts). */
const CPU_TARGET_MS = 50;
/** A balancer's probe must stay well inside its timeout while the flood runs. */
const HEALTHZ_P95_TARGET_MS = 100;

interface Outgoing {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

interface Candidate {
  label: string;
  /** A fresh request each time (a checkout needs its own key and buyer). */
  make: () => Outgoing;
}

interface Route {
  name: string;
  candidates: Candidate[];
}

function send(baseUrl: string, request: Outgoing, options: { localAddress?: string; agent?: http.Agent }): Promise<number> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const headers = { ...request.headers, ...(request.body ? { 'Content-Length': String(request.body.length) } : {}) };
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        ...(options.agent ? { agent: options.agent } : { agent: false, localAddress: options.localAddress }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy());
    outgoing.on('error', () => resolve(0));
    outgoing.end(request.body);
  });
}

/** The server process's CPU time so far (user + system), in ms; /proc counts in clock ticks of 10 ms. */
function serverCpuMs(server: RunningServer): number {
  const stat = fs.readFileSync(`/proc/${server.process.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from its closing parenthesis on.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let addresses = 0;
/** A loopback address of its own for each measured request, so no per-client limit cheapens it. */
function freshAddress(): string {
  addresses += 1;
  return `127.0.${150 + Math.floor(addresses / 250)}.${1 + (addresses % 250)}`;
}

async function cpuPerRequest(server: RunningServer, candidate: Candidate): Promise<{ cpuMs: number; statuses: string }> {
  // One untimed send warms the route (its first compile is not what a flood costs).
  await send(server.url, candidate.make(), { localAddress: freshAddress() });
  const statuses = new Map<number, number>();
  const before = serverCpuMs(server);
  for (let index = 0; index < SAMPLES_PER_CANDIDATE; index++) {
    const status = await send(server.url, candidate.make(), { localAddress: freshAddress() });
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  // Let the server finish work it does after answering (a postback's re-check, the outbox).
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    cpuMs: (serverCpuMs(server) - before) / SAMPLES_PER_CANDIDATE,
    statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
  };
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0, count: sorted.length };
}

/**
 * `GET /healthz` one after another from 127.0.0.1 until `stop()`; latencies in ms. In a worker
 * thread: on the bench's own event loop, busy with the 20 flooding clients, a probe would time
 * the bench's queue as much as the server.
 */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const latencies = [];
let running = true;
parentPort.once('message', () => (running = false));
const probe = () => new Promise((resolve) => {
  const request = http.get(workerData.url + '/healthz', { agent: false, localAddress: '127.0.0.1' }, (response) => {
    response.resume();
    response.on('end', resolve);
  });
  request.on('error', resolve);
});
(async () => {
  while (running) {
    const started = performance.now();
    await probe();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(latencies);
})();
`;

function probeHealth(baseUrl: string) {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url: baseUrl } });
  const latencies = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const result = percentiles(await latencies);
      await worker.terminate();
      return result;
    },
  };
}

async function flood(server: RunningServer, candidate: Candidate) {
  const agents = Array.from(
    { length: FLOOD_CLIENTS },
    // A new connection per request: a refused body left unread would spoil a kept-alive one.
    (_, index) => new http.Agent({ keepAlive: false, maxSockets: 1, localAddress: `127.0.120.${index + 1}` }),
  );
  const statuses = new Map<number, number>();
  let sent = 0;
  const cpuBefore = serverCpuMs(server);
  const deadline = Date.now() + FLOOD_SECONDS * 1000;
  const probe = probeHealth(server.url);
  await Promise.all(
    agents.map(async (agent) => {
      while (Date.now() < deadline) {
        const status = await send(server.url, candidate.make(), { agent });
        sent += 1;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const health = await probe.stop();
  const cpuShare = (serverCpuMs(server) - cpuBefore) / (FLOOD_SECONDS * 1000);
  for (const agent of agents) agent.destroy();
  return { health, sent, cpuShare, statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' ') };
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const jsonHeaders = { 'Content-Type': 'application/json' };

let buyers = 0;
function order(extra: Record<string, unknown> = {}) {
  buyers += 1;
  const digits = String(10_000_000 + buyers).slice(-8);
  return {
    name: 'Cliente de Teste',
    email: `hostil${process.pid}.${buyers}@example.com`,
    phone: `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`,
    checkoutKey: `hostil${process.pid}x${buyers}`.padEnd(24, 'x'),
    ...extra,
  };
}

/** A valid order body grown to about `bytes` with campaign parameters (cut, never refused). */
function paddedOrder(bytes: number) {
  const keys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'src', 'sck', 'fbclid', 'gclid'];
  const room = bytes - JSON.stringify(order()).length - 300;
  const attribution = Object.fromEntries(keys.map((key) => [key, 'x'.repeat(Math.max(0, Math.floor(room / keys.length) - 20))]));
  return order({ viewKey: 'v'.repeat(48), attribution, tracking: { consent: 'granted' } });
}

const deep = (depth: number) => Buffer.from(`${'['.repeat(depth)}1${']'.repeat(depth)}`);

function routes(context: {
  origin: string;
  orderId: string;
  viewKey: string;
  publicRef: string;
  sandboxHash: string;
  largestAsset: string;
}): Route[] {
  const { origin, orderId, viewKey, publicRef, sandboxHash, largestAsset } = context;
  const fixed = (label: string, request: Outgoing): Candidate => ({ label, make: () => request });
  const longQuery = `?${'utm_source=x&'.repeat(1100)}`;
  return [
    {
      name: 'site pages',
      candidates: ['/', '/presell', '/termos', '/acesso', '/painel'].flatMap((page) => [
        fixed(`GET ${page} (no compression)`, { method: 'GET', path: page }),
        fixed(`GET ${page}?<14 KB query> (brotli)`, { method: 'GET', path: `${page}${longQuery}`, headers: { 'Accept-Encoding': 'br' } }),
      ]),
    },
    {
      name: 'static files',
      candidates: [
        fixed(`GET ${largestAsset} (no compression)`, { method: 'GET', path: largestAsset }),
        fixed(`GET ${largestAsset} (gzip)`, { method: 'GET', path: largestAsset, headers: { 'Accept-Encoding': 'gzip' } }),
        fixed(`GET ${largestAsset} (Range: 1,000 ranges)`, {
          method: 'GET',
          path: largestAsset,
          headers: { Range: `bytes=${Array.from({ length: 1000 }, (_, index) => `${index}-${index}`).join(',')}` },
        }),
        fixed('GET /assets/<missing file>', { method: 'GET', path: '/assets/missing-0000.js' }),
      ],
    },
    {
      name: 'unknown paths',
      candidates: [
        fixed('GET /<15 KB path>', { method: 'GET', path: `/${'a'.repeat(15_000)}` }),
        fixed("GET /<15 KB of '%'>", { method: 'GET', path: `/${'%'.repeat(15_000)}` }),
        fixed("GET /<15 KB of '/'>x", { method: 'GET', path: `/${'/'.repeat(15_000)}x` }),
        fixed('POST /<15 KB path> with 1 MB body', { method: 'POST', path: `/${'a'.repeat(15_000)}`, body: Buffer.alloc(1 << 20, 97) }),
      ],
    },
    {
      name: 'member link /acesso/{token}',
      candidates: [
        fixed('GET /acesso/<128-character token>', { method: 'GET', path: `/acesso/acc_${'a'.repeat(124)}` }),
        fixed('GET /acesso/<15 KB token>', { method: 'GET', path: `/acesso/${'a'.repeat(15_000)}` }),
      ],
    },
    {
      name: 'order page and opt-out /pedido/…',
      candidates: [
        fixed('GET /pedido/{real ref}', { method: 'GET', path: `/pedido/${publicRef}` }),
        fixed('GET /pedido/{real ref}/lembretes/{wrong token}', {
          method: 'GET',
          path: `/pedido/${publicRef}/lembretes/${'t'.repeat(64)}`,
        }),
        fixed('POST /pedido/{real ref}/lembretes/{wrong token}', {
          method: 'POST',
          path: `/pedido/${publicRef}/lembretes/${'t'.repeat(64)}`,
        }),
      ],
    },
    { name: 'GET /api/live', candidates: [fixed('GET /api/live', { method: 'GET', path: '/api/live' })] },
    { name: 'GET /api/product', candidates: [fixed('GET /api/product', { method: 'GET', path: '/api/product' })] },
    {
      name: 'POST /api/orders',
      candidates: [
        {
          label: 'a valid checkout (new buyer)',
          make: () => ({ method: 'POST', path: '/api/orders', headers: jsonHeaders, body: json(order()) }),
        },
        {
          label: 'a valid checkout padded to 8 KB',
          make: () => ({ method: 'POST', path: '/api/orders', headers: jsonHeaders, body: json(paddedOrder(8 * 1024)) }),
        },
        fixed('8 KB of nested arrays', { method: 'POST', path: '/api/orders', headers: jsonHeaders, body: deep(4000) }),
        fixed('an 8 KB name', {
          method: 'POST',
          path: '/api/orders',
          headers: jsonHeaders,
          body: json({ ...order(), name: 'x'.repeat(8000) }),
        }),
      ],
    },
    {
      name: 'GET /api/orders/{id}',
      candidates: [
        fixed('GET /api/orders/{real id} with its view key', {
          method: 'GET',
          path: `/api/orders/${orderId}`,
          headers: { 'X-Order-Key': viewKey },
        }),
        fixed('GET /api/orders/{real id}', { method: 'GET', path: `/api/orders/${orderId}` }),
      ],
    },
    {
      name: '/api/order-page/{ref}',
      candidates: [
        fixed('GET /api/order-page/{real ref} (pending: the PIX)', { method: 'GET', path: `/api/order-page/${publicRef}` }),
        fixed('POST /api/order-page/{real ref}/resend', { method: 'POST', path: `/api/order-page/${publicRef}/resend` }),
      ],
    },
    {
      name: 'POST /api/events',
      candidates: [
        fixed('a page view', { method: 'POST', path: '/api/events', headers: jsonHeaders, body: json({ name: 'page_view', path: '/' }) }),
        fixed('a 1 KB path', {
          method: 'POST',
          path: '/api/events',
          headers: jsonHeaders,
          body: json({ name: 'page_view', path: `/${'/'.repeat(500)}x` }),
        }),
      ],
    },
    {
      name: 'POST /api/presence',
      candidates: [
        {
          label: 'a heartbeat',
          make: () => ({
            method: 'POST',
            path: '/api/presence',
            headers: jsonHeaders,
            body: json({ visitorId: `v${Math.random().toString(36).slice(2).padEnd(30, '0')}` }),
          }),
        },
      ],
    },
    {
      name: '/api/access',
      candidates: [
        fixed('GET /api/access with a 128-character cookie', {
          method: 'GET',
          path: '/api/access',
          headers: { Cookie: `vitrine_access=acc_${'a'.repeat(124)}` },
        }),
        fixed('POST /api/access/resend', {
          method: 'POST',
          path: '/api/access/resend',
          headers: jsonHeaders,
          body: json({ email: 'maria@example.com' }),
        }),
      ],
    },
    {
      name: 'POST /api/webhooks/gateway',
      candidates: [
        fixed('256 KB JSON, real order, wrong secret', {
          method: 'POST',
          path: `/api/webhooks/gateway?t=${orderId}.pbs_wrong`,
          headers: jsonHeaders,
          body: json({ hash: 'x', data: { hash: 'y'.repeat(256 * 1024 - 60) } }),
        }),
        fixed('256 KB nested arrays, no order', {
          method: 'POST',
          path: '/api/webhooks/gateway',
          headers: jsonHeaders,
          body: deep(128 * 1024 - 1),
        }),
        fixed('256 KB form, real order, wrong secret', {
          method: 'POST',
          path: `/api/webhooks/gateway?t=${orderId}.pbs_wrong`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: Buffer.from('data[hash]=x&'.repeat(Math.floor((256 * 1024) / 13))),
        }),
      ],
    },
    {
      name: 'console login and API',
      candidates: [
        {
          label: 'POST /api/admin/login, wrong 200-character password',
          make: () => ({
            method: 'POST',
            path: '/api/admin/login',
            headers: { ...jsonHeaders, Origin: origin },
            body: json({ password: 'x'.repeat(200) }),
          }),
        },
        fixed('POST /api/admin/suppliers, 4 MB body, no session', {
          method: 'POST',
          path: '/api/admin/suppliers',
          headers: { ...jsonHeaders, Origin: origin },
          body: json({ csv: 'x'.repeat(4 * 1024 * 1024 - 20) }),
        }),
        fixed('GET /api/admin/overview, no session', {
          method: 'GET',
          path: '/api/admin/overview',
          headers: { Cookie: `vitrine_admin=${'a'.repeat(43)}` },
        }),
      ],
    },
    {
      name: 'sandbox gateway (demo mode)',
      candidates: [
        fixed('GET /sandbox/pay/{real hash} (the pay page)', { method: 'GET', path: `/sandbox/pay/${sandboxHash}` }),
        fixed('GET /sandbox/public/v1/products', {
          method: 'GET',
          path: '/sandbox/public/v1/products',
          headers: { Authorization: 'Bearer sandbox-token' },
        }),
        {
          label: 'POST /sandbox/public/v1/transactions, a charge padded to 64 KB',
          make: () => ({
            method: 'POST',
            path: '/sandbox/public/v1/transactions',
            headers: jsonHeaders,
            body: json({
              api_token: 'sandbox-token',
              amount: 1990,
              payment_method: 'pix',
              installments: 1,
              offer_hash: 'sandbox-offer',
              customer: { name: 'Maria', email: 'maria@example.com' },
              tracking: Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`k${index}`, 'x'.repeat(200)])),
            }),
          }),
        },
      ],
    },
    {
      name: 'probes',
      candidates: [fixed('GET /healthz', { method: 'GET', path: '/healthz' }), fixed('GET /readyz', { method: 'GET', path: '/readyz' })],
    },
  ];
}

/** One real order (a pending PIX in the sandbox), so the order routes do their real work. */
async function createOrder(baseUrl: string) {
  const viewKey = 'b'.repeat(48);
  const response = await fetch(`${baseUrl}/api/orders`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(order({ viewKey })) });
  if (response.status !== 201) throw new Error(`The bench's checkout answered ${response.status}: ${await response.text()}`);
  const created = (await response.json()) as { orderId: string; publicRef: string; sandboxPayUrl?: string };
  return {
    orderId: created.orderId,
    viewKey,
    publicRef: created.publicRef,
    sandboxHash: created.sandboxPayUrl?.split('/').pop() ?? 'none',
  };
}

export async function runHostileBench(clientDir: string): Promise<void> {
  const assets = fs.readdirSync(path.join(clientDir, 'assets')).filter((name) => name.endsWith('.js'));
  const largest = assets.sort(
    (a, b) => fs.statSync(path.join(clientDir, 'assets', b)).size - fs.statSync(path.join(clientDir, 'assets', a)).size,
  )[0];
  const server = await startServer();
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  try {
    const context = { ...(await createOrder(server.url)), origin: server.url, largestAsset: `/assets/${largest}` };
    console.log(
      `\nHostile requests: the costliest request each public route accepts (server CPU per request, ${SAMPLES_PER_CANDIDATE} sends from fresh loopback addresses)`,
    );
    const worst: Array<{ route: string; candidate: Candidate; cpuMs: number }> = [];
    for (const route of routes(context)) {
      let costliest: { candidate: Candidate; cpuMs: number } | undefined;
      for (const candidate of route.candidates) {
        const { cpuMs, statuses } = await cpuPerRequest(server, candidate);
        console.log(`    ${ms(cpuMs).padStart(9)}  ${route.name}: ${candidate.label} (${statuses})`);
        if (!costliest || cpuMs > costliest.cpuMs) costliest = { candidate, cpuMs };
      }
      worst.push({ route: route.name, ...costliest! });
    }
    console.log('\n  Costliest per route:');
    for (const entry of worst) {
      console.log(
        `  ${entry.cpuMs <= CPU_TARGET_MS ? '✓' : '✗'} ${ms(entry.cpuMs).padStart(9)}  ${entry.route}: ${entry.candidate.label} (target ≤ ${CPU_TARGET_MS} ms)`,
      );
    }

    const idleProbe = probeHealth(server.url);
    await new Promise((resolve) => setTimeout(resolve, FLOOD_SECONDS * 1000));
    const idle = await idleProbe.stop();
    console.log(
      `\n  GET /healthz while ${FLOOD_CLIENTS} clients (distinct loopback addresses) send that request in a loop for ${FLOOD_SECONDS} s (target p95 ≤ ${HEALTHZ_P95_TARGET_MS} ms):`,
    );
    console.log(
      `    idle                                         p50 ${ms(idle.p50)}  p95 ${ms(idle.p95)}  max ${ms(idle.max)}  (${idle.count} probes)`,
    );
    for (const entry of worst) {
      const result = await flood(server, entry.candidate);
      const { health } = result;
      console.log(
        `  ${health.p95 <= HEALTHZ_P95_TARGET_MS ? '✓' : '✗'} ${entry.route.padEnd(40)}  p50 ${ms(health.p50)}  p95 ${ms(health.p95)}  max ${ms(health.max)}  | flood ${(result.sent / FLOOD_SECONDS).toFixed(0)} req/s, server CPU ${(result.cpuShare * 100).toFixed(0)}%, answers ${result.statuses}`,
      );
    }
  } finally {
    await server.stop();
  }
}
