import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer } from '../tests/e2e/server.ts';
import { runAbuseBench } from './abuse.ts';

/**
 * `npm run bench`: figures, not pass/fail. Needs a build (`npm run build`).
 * 1. First-load weight of each prerendered page: the HTML (inline CSS included) and the scripts it
 *    loads before any interaction, brotli-compressed as the server sends them.
 * 2. Throughput and latency of the real server on loopback: a bounded number of requests to the
 *    landing page and to GET /api/live.
 * 3. What the abuse limits cost a legitimate visitor while a flood runs (bench/abuse.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist', 'client');
if (!fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
  console.error('No build found: run "npm run build" first.');
  process.exit(1);
}

const brotli = (buffer: Buffer) => zlib.brotliCompressSync(buffer).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Scripts a page loads up front: its entry module and what that module imports statically. */
function firstLoadScripts(html: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const entry = /<script[^>]*type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  const files = new Set<string>();
  const visit = (file: string | undefined) => {
    if (!file || files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key]?.file);
  };
  visit(entry);
  return [...files];
}

console.log('First load (brotli), before the page chunk:');
for (const [route, file] of [['/presell', 'presell/index.html'], ['/', 'index.html'], ['/acesso', 'acesso/index.html']] as const) {
  const html = fs.readFileSync(path.join(clientDir, file));
  const scripts = firstLoadScripts(html.toString());
  const jsBytes = scripts.reduce((sum, script) => sum + brotli(fs.readFileSync(path.join(clientDir, script))), 0);
  console.log(`  ${route.padEnd(9)} HTML+CSS ${kb(brotli(html)).padStart(9)}   JS ${kb(jsBytes).padStart(9)} (${scripts.length} files)`);
}
const pageChunks = fs.readdirSync(path.join(clientDir, 'assets')).filter((name) => /^(landing|presell|payment-modal|access)-page?.*\.js$|^payment-modal-.*\.js$/.test(name));
for (const chunk of pageChunks) console.log(`  chunk ${chunk.padEnd(34)} ${kb(brotli(fs.readFileSync(path.join(clientDir, 'assets', chunk))))}`);

// --- loopback load -----------------------------------------------------------------------------
const server = await startServer();

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
  console.log(`  GET ${pathname.padEnd(10)} ${total} requests, ${concurrency} at a time: ${(total / seconds).toFixed(0)} req/s, p50 ${pct(50)} ms, p99 ${pct(99)} ms`);
}

try {
  console.log('\nLoopback load (bounded):');
  await load('/', 2000, 20);
  await load('/api/live', 1000, 10);
} finally {
  await server.stop();
}

await runAbuseBench();
