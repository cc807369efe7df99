import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { build as viteBuild } from 'vite';
import { readManifest, recordChunkSources, type Manifest } from './build-manifest.ts';
import { prerender } from './prerender.ts';

/**
 * The production build: client (Vite) → prerendered pages → precompressed assets → bundled
 * server. `npm start` runs it when the sources are newer than the last build.
 */

const root = path.resolve(import.meta.dirname, '..');
// VITRINE_DIST builds elsewhere (e.g. a scratch copy) without touching the served dist/.
const dist = path.resolve(root, process.env.VITRINE_DIST ?? 'dist');
export const BUILD_STAMP = path.join(dist, '.build-stamp');

function precompress(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(js|css|svg|html|json|txt)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    // Small files too: a phone's first load has a few chunks under 1 KB, and each compressed copy
    // is kept only when it is really smaller than the file.
    const brotli = zlib.brotliCompressSync(content);
    const gzip = zlib.gzipSync(content, { level: 9 });
    if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
    if (brotli.length < content.length || gzip.length < content.length) count++;
  }
  return count;
}

/**
 * Each page's entry runs its page's start when imported: a chunk that one entry loads (now or
 * lazily) must never import another entry's chunk, or the other page's start would run too (and
 * the page would fetch code, and the app's stylesheet, it does not use). The chunk grouping in
 * vite.config.ts is built to keep that true; this check fails the build if not.
 */
export function assertEntriesIsolated(manifest: Manifest): void {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  for (const entry of entries) {
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length > 0) {
      const key = stack.pop()!;
      if (seen.has(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      const foreign = chunk?.imports?.find((imported) => imported !== entry && entries.includes(imported));
      if (foreign) throw new Error(`build: ${chunk!.file}, loaded by ${entry}, imports the entry ${foreign}`);
      stack.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []));
    }
  }
}

/**
 * @brazilian-utils ships every helper in one 650 KB module (its cities, banks and holidays): the
 * server bundles (tree-shakes) the few it calls rather than holding the whole module in memory.
 * Resolved to its file here, since `packages: 'external'` leaves every bare name outside the bundle.
 */
const bundleBrazilianUtils: esbuild.Plugin = {
  name: 'bundle-brazilian-utils',
  setup(build) {
    build.onResolve({ filter: /^@brazilian-utils\/brazilian-utils$/ }, ({ path: name }) => ({
      path: fileURLToPath(import.meta.resolve(name)),
    }));
  },
};

export async function buildAll(): Promise<void> {
  const started = Date.now();
  fs.rmSync(dist, { recursive: true, force: true });
  await viteBuild({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: path.join(dist, 'client'), emptyOutDir: true },
    plugins: [recordChunkSources(root)],
  });
  assertEntriesIsolated(readManifest(path.join(dist, 'client')));
  await viteBuild({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/client/entry-server.tsx', outDir: path.join(dist, 'ssr'), emptyOutDir: true, manifest: false },
  });
  // VITRINE_WHOLE_CSS=1 inlines the whole stylesheet in every page, as before pages had their own part.
  const pages = await prerender(dist, { wholeCss: process.env.VITRINE_WHOLE_CSS === '1' });
  const compressed = precompress(path.join(dist, 'client'));
  await esbuild.build({
    entryPoints: { 'server/main': 'src/server/main.ts' },
    absWorkingDir: root,
    outdir: dist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    plugins: [bundleBrazilianUtils],
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${pages.join(', ')}; ${compressed} files precompressed`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
