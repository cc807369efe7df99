import fs from 'node:fs';
import zlib from 'node:zlib';
import { issueAccessToken } from '../src/server/access/access-service.ts';
import type { CreatedOrder } from '../src/shared/checkout.ts';
import { fetchFrom, newCheckoutKey, newClientAddress, signInToConsole, uniqueBuyer } from '../tests/support/clients.ts';
import { startServer, withServerDb } from '../tests/support/server-process.ts';

/**
 * The resident memory of the built server (`npm start`'s process and flags, in demo mode) once it
 * has answered 200 requests: every prerendered page and the scripts `/` loads, the live figures,
 * checkouts paid in the sandbox with their order and member pages, and the seller's console.
 * `npm run bench -- rss` prints it; tests/faults/server-rss.test.ts holds it under RSS_LIMIT_MB.
 */
export const RSS_LIMIT_MB = 142;

const PAGES = ['/', '/presell', '/termos', '/privacidade', '/acesso', '/painel', '/avaliar', '/pedido', '/nada-aqui'];
const APIS = ['/api/live', '/api/product', '/healthz', '/readyz'];
const CONSOLE_CALLS = ['/session', '/overview', '/orders', '/health', '/page', '/reviews', '/disputes', '/suppliers?list=suppliers'];
const CONSOLE_PASSWORD = 'rss-bench-console-password';

/** VmRSS and VmHWM (its peak) of a live process, in MB, from /proc. */
function residentMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

export interface RssSitting {
  requests: number;
  /** After the start, before any request. */
  startMb: number;
  afterMb: number;
  peakMb: number;
}

/** Starts the built server, sends `total` requests across its pages and APIs, and reads its memory. */
export async function measureServerRss(total = 200): Promise<RssSitting> {
  const server = await startServer({ ADMIN_PASSWORD: CONSOLE_PASSWORD });
  try {
    const pid = server.process.pid!;
    const startMb = residentMb(pid).rss;
    let sent = 0;
    const request = async (
      path: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
      from?: string,
    ) => {
      sent++;
      const response = await (from ? fetchFrom(from) : fetch)(`${server.url}${path}`, {
        redirect: 'manual',
        ...init,
        headers: { 'Accept-Encoding': 'br, gzip', ...init.headers },
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status >= 500) throw new Error(`${path} answered ${response.status}`);
      return { response, body };
    };

    const home = (await request('/')).body.toString();
    const assets = [...home.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    const consoleCookie = await signInToConsole(server.url, CONSOLE_PASSWORD);
    sent++;

    /** A buyer's visit, one request a step: the checkout, the sandbox payment, the order page, the member page. */
    const visit = () => {
      const from = newClientAddress();
      let order: CreatedOrder;
      let member = '';
      return [
        async () => {
          const buyer = { ...uniqueBuyer('Rita Memória'), checkoutKey: newCheckoutKey() };
          const { response, body } = await request(
            '/api/orders',
            { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(buyer) },
            from,
          );
          // The order's reply comes gzipped to a client that accepts it, as a phone does; this client reads the wire.
          const text = (response.headers.get('content-encoding') === 'gzip' ? zlib.gunzipSync(body) : body).toString();
          if (response.status !== 201) throw new Error(`checkout answered ${response.status}: ${text}`);
          order = JSON.parse(text) as CreatedOrder;
        },
        () => request(new URL(order.sandboxPayUrl!, server.url).pathname, { method: 'POST' }),
        () => request(`/api/orders/${order.orderId}`, {}, from),
        () => request(`/pedido/${order.publicRef}`),
        () => request(`/api/order-page/${order.publicRef}`),
        async () => {
          const token = await withServerDb(server.dataDir, (db) => issueAccessToken(db.db, order.orderId, Date.now()));
          const { response } = await request(`/acesso/${token}`);
          member = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
        },
        () => request('/acesso', { headers: { Cookie: member } }),
        () => request('/api/access', { headers: { Cookie: member } }),
      ];
    };
    const round = () => [
      ...PAGES.map((path) => () => request(path)),
      ...assets.map((path) => () => request(path)),
      ...APIS.map((path) => () => request(path)),
      ...visit(),
      ...CONSOLE_CALLS.map((path) => () => request(`/api/admin${path}`, { headers: { Cookie: consoleCookie } })),
    ];
    while (sent < total) {
      for (const step of round()) {
        if (sent >= total) break;
        await step();
      }
    }
    const { rss, peak } = residentMb(pid);
    return { requests: sent, startMb, afterMb: rss, peakMb: peak };
  } finally {
    await server.stop();
  }
}

export async function runRssBench(): Promise<void> {
  const sitting = await measureServerRss();
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  console.log(
    `\nServer memory: ${mb(sitting.afterMb)} RSS after ${sitting.requests} requests (limit ${RSS_LIMIT_MB} MB; ${mb(sitting.startMb)} after the start, peak ${mb(sitting.peakMb)})`,
  );
}
