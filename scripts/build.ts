import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { build as viteBuild } from 'vite';
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
    if (content.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    count++;
  }
  return count;
}

export async function buildAll(): Promise<void> {
  const started = Date.now();
  fs.rmSync(dist, { recursive: true, force: true });
  await viteBuild({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: path.join(dist, 'client'), emptyOutDir: true },
  });
  await viteBuild({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/client/entry-server.tsx', outDir: path.join(dist, 'ssr'), emptyOutDir: true, manifest: false },
  });
  const pages = await prerender(dist);
  const compressed = precompress(path.join(dist, 'client'));
  await esbuild.build({
    entryPoints: { 'server/main': 'src/server/main.ts' },
    absWorkingDir: root,
    outdir: dist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
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
