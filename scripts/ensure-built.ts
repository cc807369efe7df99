import path from 'node:path';
import { BUILD_STAMP, buildAll } from './build.ts';
import { buildIsStale } from './build-freshness.ts';

/** Builds when the sources changed since the last build (`npm start`, `npm run cluster`). */

const root = path.resolve(import.meta.dirname, '..');

/** Resolves with the bundled server's path once the build is current. */
export async function ensureBuilt(): Promise<string> {
  const server = path.join(root, 'dist', 'server', 'main.js');
  if (buildIsStale(BUILD_STAMP, server)) {
    console.log('Building Vitrine (first start or sources changed)…');
    await buildAll();
  }
  return server;
}
