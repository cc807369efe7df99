import http from 'node:http';
import { startServer } from '../tests/e2e/server.ts';

/**
 * What the abuse limits cost a legitimate visitor: `/api/live` latency and checkout latency, first
 * on a quiet server, then while a flood runs from other loopback addresses (order attempts,
 * funnel events, heartbeats, forged postbacks and random 404s). Bounded in count and time, and
 * aimed at loopback only. Figures, not pass/fail.
 */
const FLOOD_CLIENTS = 20;
const FLOOD_CONCURRENCY_PER_CLIENT = 2;

function send(agent: http.Agent | undefined, url: string, options: { method?: string; body?: string; localAddress?: string } = {}) {
  return new Promise<number>((resolve) => {
    const request = http.request(
      url,
      {
        agent: agent ?? false,
        method: options.method ?? 'GET',
        localAddress: agent ? undefined : options.localAddress,
        headers: options.body ? { 'Content-Type': 'application/json' } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(options.body);
  });
}

let buyers = 0;
function checkoutBody() {
  buyers += 1;
  const digits = String(10_000_000 + buyers).slice(-8);
  return JSON.stringify({
    name: 'Cliente de Teste',
    email: `bench${process.pid}.${buyers}@example.com`,
    phone: `(11) 9${digits.slice(0, 4)}-${digits.slice(4)}`,
    checkoutKey: `bench${process.pid}x${buyers}`.padEnd(24, 'x'),
  });
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

async function measure(baseUrl: string) {
  const live: number[] = [];
  for (let index = 0; index < 200; index++) {
    const started = performance.now();
    await send(undefined, `${baseUrl}/api/live`, { localAddress: '127.0.0.1' });
    live.push(performance.now() - started);
  }
  const checkout: number[] = [];
  let refused = 0;
  for (let index = 0; index < 20; index++) {
    const started = performance.now();
    const status = await send(undefined, `${baseUrl}/api/orders`, {
      method: 'POST',
      body: checkoutBody(),
      // Each buyer from an address of their own, as real buyers are.
      localAddress: `127.0.200.${index + 1}`,
    });
    checkout.push(performance.now() - started);
    if (status !== 201) refused += 1;
  }
  return { live: summary(live), checkout: summary(checkout), refused };
}

export async function runAbuseBench(): Promise<void> {
  const server = await startServer();
  const base = server.url;
  try {
    const quiet = await measure(base);

    let flooding = true;
    let floodRequests = 0;
    const statuses = new Map<number, number>();
    const targets = [
      () => ({ url: `${base}/api/orders`, method: 'POST', body: checkoutBody() }),
      () => ({ url: `${base}/api/events`, method: 'POST', body: JSON.stringify({ name: 'page_view', path: '/' }) }),
      () => ({
        url: `${base}/api/presence`,
        method: 'POST',
        body: JSON.stringify({ visitorId: `v${Math.random().toString(16).slice(2).padEnd(20, '0')}` }),
      }),
      () => ({ url: `${base}/api/webhooks/gateway?t=ord_x.pbs_forged`, method: 'POST', body: '{"hash":"x"}' }),
      () => ({ url: `${base}/nao-existe-${Math.random().toString(36).slice(2)}`, method: 'GET', body: undefined }),
    ];
    const agents = Array.from(
      { length: FLOOD_CLIENTS },
      (_, index) => new http.Agent({ keepAlive: true, maxSockets: FLOOD_CONCURRENCY_PER_CLIENT, localAddress: `127.0.100.${index + 1}` }),
    );
    const deadline = Date.now() + 120_000; // a hard stop, whatever happens
    const flood = Promise.all(
      agents.flatMap((agent) =>
        Array.from({ length: FLOOD_CONCURRENCY_PER_CLIENT }, async () => {
          let turn = 0;
          while (flooding && Date.now() < deadline) {
            const target = targets[turn++ % targets.length]!();
            const status = await send(agent, target.url, { method: target.method, body: target.body });
            floodRequests += 1;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const floodStarted = performance.now();
    const startCount = floodRequests;
    const underFlood = await measure(base);
    const floodRate = (floodRequests - startCount) / ((performance.now() - floodStarted) / 1000);
    flooding = false;
    await flood;
    for (const agent of agents) agent.destroy();

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '–');
    console.log(`\nAbuse: a legitimate visitor's latency, quiet vs. under a flood from ${FLOOD_CLIENTS} other loopback addresses`);
    console.log(
      `  flood: ${floodRate.toFixed(0)} req/s (orders, events, heartbeats, forged postbacks, 404s); answers: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`,
    );
    console.log(
      `  GET /api/live     quiet p50 ${ms(quiet.live.p50)} p95 ${ms(quiet.live.p95)} | flood p50 ${ms(underFlood.live.p50)} p95 ${ms(underFlood.live.p95)} (p50 ${ratio(underFlood.live.p50, quiet.live.p50)})`,
    );
    console.log(
      `  POST /api/orders  quiet p50 ${ms(quiet.checkout.p50)} p95 ${ms(quiet.checkout.p95)} | flood p50 ${ms(underFlood.checkout.p50)} p95 ${ms(underFlood.checkout.p95)} (p50 ${ratio(underFlood.checkout.p50, quiet.checkout.p50)})`,
    );
    console.log(`  real buyers refused: quiet ${quiet.refused}/20, under flood ${underFlood.refused}/20`);
  } finally {
    await server.stop();
  }
}
