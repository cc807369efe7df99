import fs from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, buildAll } from './build.ts';

/** Builds when the sources changed since the last build (`npm start`, `npm run cluster`). */

const root = path.resolve(import.meta.dirname, '..');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts'];

function newestSourceTime(): number {
  let newest = 0;
  const visit = (target: string) => {
    if (!fs.existsSync(target)) return;
    const stat = fs.statSync(target);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target)) visit(path.join(target, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const source of sources) visit(path.join(root, source));
  return newest;
}

/** Resolves with the bundled server's path once the build is current. */
export async function ensureBuilt(): Promise<string> {
  const server = path.join(root, 'dist', 'server', 'main.js');
  const stale = !fs.existsSync(BUILD_STAMP) || !fs.existsSync(server) || fs.statSync(BUILD_STAMP).mtimeMs < newestSourceTime();
  if (stale) {
    console.log('Building Vitrine (first start or sources changed)…');
    await buildAll();
  }
  return server;
}
