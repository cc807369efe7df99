import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { firstLoadScripts } from './first-load.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { nginxAvailable, startNginx } from './nginx.ts';

/**
 * `npm run bench`: figures, not pass/fail. Needs a build (`npm run build`).
 * 1. First-load weight of each prerendered page: the HTML (inline CSS included) and the scripts it
 *    loads before any interaction, brotli-compressed as the server sends them.
 * 2. Lighthouse on a plain-HTML floor page, `/presell`, `/` and `/` with six published reviews, with the
 *    landing-page targets; then `/` again after a seller's edit published in the console (bench/lighthouse.ts),
 *    and every variant of an A/B test on `/` and on `/presell` beside the floor (bench/variants.ts).
 * 3. Throughput and latency of the real server on loopback: a bounded number of requests to the
 *    landing page and to GET /api/live, and `GET /` against nginx serving the same build folder.
 * 4. What the abuse limits cost a legitimate visitor while a flood runs (bench/abuse.ts).
 * 5. The costliest request each public route accepts, and `/healthz` while 20 clients send it (bench/hostile.ts).
 * 6. Tap to PIX on an emulated slow phone: tap → buyer form, the tap's INP, submit → PIX panel (when its POST left and
 *    was answered, and the server's own time for it, alone and during the runs) and the checkout's scripts, tapped 0.5 s, 1.5 s and 5 s after the load event and with a second busy tab; then, on a shop
 *    paying by Efí with Open Finance against its stand-ins, "Pagar no app do banco" → the bank's page beside
 *    submit → PIX panel (bench/tap-to-pix.ts).
 * 7. The server's resident memory after 200 requests across its pages and APIs (bench/rss.ts).
 * 8. Only on demand, `npm run bench -- monkey`: the console's seeded monkey, 500 random sequences of a seller's actions
 *    per console area, with its seed, counts and findings (bench/monkey.ts).
 * 9. Only on demand, `npm run bench -- ab`: the A/B statistics simulated over a small seller's grid, with its seeds
 *    (bench/ab.ts); no build needed.
 * 10. Only on demand, `npm run bench -- colour`: what the console's accent suggestion costs per colour (bench/colour.ts).
 * `npm run bench -- lighthouse` runs only sections 1–3; `npm run bench -- hostile` only section 5;
 * `npm run bench -- tap` only section 6; `npm run bench -- rss` only section 7; `npm run bench -- variants` only the floor
 * and the A/B test variants of section 2.
 */
if (process.argv.includes('colour')) {
  const { runColourBench } = await import('./colour.ts');
  runColourBench();
  process.exit(0);
}

if (process.argv.includes('ab')) {
  const { runAbBench } = await import('./ab.ts');
  runAbBench();
  process.exit(0);
}

const onlyPageSpeed = process.argv.includes('lighthouse');
const root = path.resolve(import.meta.dirname, '..');
// VITRINE_DIST measures another build (e.g. one of an earlier commit), as scripts/build.ts writes it.
const dist = path.resolve(root, process.env.VITRINE_DIST ?? 'dist');
const clientDir = path.join(dist, 'client');
process.env.VITRINE_SERVER_ENTRY ??= path.join(dist, 'server', 'main.js');
if (!fs.existsSync(path.join(dist, 'server', 'main.js'))) {
  console.error('No build found: run "npm run build" first.');
  process.exit(1);
}

if (process.argv.includes('hostile')) {
  // Imported here, once VITRINE_SERVER_ENTRY is settled (server.ts reads it when loaded).
  const { runHostileBench } = await import('./hostile.ts');
  await runHostileBench(clientDir);
  process.exit(0);
}

if (process.argv.includes('monkey')) {
  const { runMonkeyBench } = await import('./monkey.ts');
  await runMonkeyBench();
  process.exit(0);
}

if (process.argv.includes('rss')) {
  const { runRssBench } = await import('./rss.ts');
  await runRssBench();
  process.exit(0);
}

if (process.argv.includes('variants')) {
  const { startServer } = await import('../tests/e2e/server.ts');
  const { BENCH_CONSOLE_PASSWORD } = await import('./page-edit.ts');
  const { runVariantsBench } = await import('./lighthouse.ts');
  const server = await startServer({ ADMIN_PASSWORD: BENCH_CONSOLE_PASSWORD });
  try {
    await runVariantsBench(server, clientDir, BENCH_CONSOLE_PASSWORD);
  } finally {
    await server.stop();
  }
  process.exit(0);
}

if (process.argv.includes('tap')) {
  const { runTapToPixBench } = await import('./tap-to-pix.ts');
  await runTapToPixBench(clientDir);
  process.exit(0);
}

const brotli = (buffer: Buffer) => zlib.brotliCompressSync(buffer).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log('First load (brotli), before the page chunk:');
for (const [route, file] of [
  ['/presell', 'presell/index.html'],
  ['/', 'index.html'],
  ['/acesso', 'acesso/index.html'],
] as const) {
  const html = fs.readFileSync(path.join(clientDir, file));
  const scripts = firstLoadScripts(clientDir, html.toString());
  const jsBytes = scripts.reduce((sum, script) => sum + brotli(fs.readFileSync(path.join(clientDir, script))), 0);
  console.log(`  ${route.padEnd(9)} HTML+CSS ${kb(brotli(html)).padStart(9)}   JS ${kb(jsBytes).padStart(9)} (${scripts.length} files)`);
}
// Loaded on demand: the PIX checkout (on the first tap of a buy button) and the member page's own chunk.
const pageChunks = fs.readdirSync(path.join(clientDir, 'assets')).filter((name) => /^(payment-modal|access-page)-.*\.js$/.test(name));
for (const chunk of pageChunks)
  console.log(`  chunk ${chunk.padEnd(34)} ${kb(brotli(fs.readFileSync(path.join(clientDir, 'assets', chunk))))}`);

// --- loopback load -----------------------------------------------------------------------------
// Imported once VITRINE_SERVER_ENTRY is settled (server.ts reads it when loaded).
const { startServer } = await import('../tests/e2e/server.ts');
// With the console, for the edit section 2 publishes (bench/page-edit.ts).
const { BENCH_CONSOLE_PASSWORD } = await import('./page-edit.ts');
const server = await startServer({ ADMIN_PASSWORD: BENCH_CONSOLE_PASSWORD });
// `/` again, from a server with six published verified reviews in section 6 (bench/reviews-server.ts).
const { startReviewsServer } = await import('./reviews-server.ts');
const reviewsServer = await startReviewsServer(startServer);

async function load(pathname: string, total: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const response = await fetch(`${server.url}${pathname}`, { headers: { 'Accept-Encoding': 'br' } });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(
    `  GET ${pathname.padEnd(10)} ${total} requests, ${concurrency} at a time: ${(total / seconds).toFixed(0)} req/s, p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
  );
}

/** Requests per second for `GET url` over 20 keep-alive connections (autocannon), gzip accepted. */
async function throughput(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** Our server's `GET /` against nginx sending the same folder's files (gzip: nginx has no brotli). */
async function compareWithNginx() {
  if (!nginxAvailable()) {
    console.log('\nnginx not found (/usr/sbin/nginx or NGINX_PATH): throughput comparison skipped.');
    return;
  }
  const nginx = await startNginx(clientDir);
  try {
    await throughput(`${server.url}/`, 2); // warm-up of both
    await throughput(`${nginx.url}/`, 2);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < 3; round++) {
      ours.push(await throughput(`${server.url}/`, 5));
      theirs.push(await throughput(`${nginx.url}/`, 5));
    }
    const best = (values: number[]) => Math.max(...values);
    console.log('\nGET / — Vitrine against nginx serving dist/client (20 connections, gzip, 3 alternated rounds of 5 s):');
    console.log(
      `  Vitrine ${ours.map((value) => value.toFixed(0)).join(' / ')} req/s; nginx ${theirs.map((value) => value.toFixed(0)).join(' / ')} req/s`,
    );
    console.log(`  ratio Vitrine / nginx = ${(best(ours) / best(theirs)).toFixed(2)} (best round of each)`);
  } finally {
    await nginx.stop();
  }
}

try {
  await runLighthouseBench(server, clientDir, `${reviewsServer.url}/`, BENCH_CONSOLE_PASSWORD);
  console.log('\nLoopback load (bounded):');
  await load('/', 2000, 20);
  await load('/api/live', 1000, 10);
  await compareWithNginx();
} finally {
  await server.stop();
  await reviewsServer.stop();
}

if (!onlyPageSpeed) {
  const { runAbuseBench } = await import('./abuse.ts');
  await runAbuseBench();
  const { runHostileBench } = await import('./hostile.ts');
  await runHostileBench(clientDir);
  const { runTapToPixBench } = await import('./tap-to-pix.ts');
  await runTapToPixBench(clientDir);
  const { runRssBench } = await import('./rss.ts');
  await runRssBench();
}
