import fs from 'node:fs';
import path from 'node:path';

/** Whether `npm start` (and `npm run cluster`) must build first: no build yet, or sources newer than the last one. */

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

export function buildIsStale(buildStamp: string, serverEntry: string): boolean {
  return !fs.existsSync(buildStamp) || !fs.existsSync(serverEntry) || fs.statSync(buildStamp).mtimeMs < newestSourceTime();
}
