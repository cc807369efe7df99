import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_STAMP, buildAll } from './build.ts';
import { buildIsStale } from './build-freshness.ts';

/** `npm start`: builds when the sources changed since the last build, then serves. */

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'dist', 'server', 'main.js');
if (buildIsStale(BUILD_STAMP, server)) {
  console.log('Building Vitrine (first start or sources changed)…');
  await buildAll();
}
await import(pathToFileURL(server).href);
