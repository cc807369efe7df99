import fs from 'node:fs'; import path from 'node:path'; import zlib from 'node:zlib';
import { firstLoadScripts } from '../bench/first-load.ts';
for (const dir of ['/tmp/base/dist/client', '/tmp/head1/dist/client', 'dist/client']) {
  if (!fs.existsSync(dir)) continue;
  for (const file of ['presell/index.html', 'index.html']) {
    const html = fs.readFileSync(path.join(dir, file), 'utf8');
    const scripts = firstLoadScripts(dir, html);
    const bytes = scripts.reduce((s, f) => s + zlib.brotliCompressSync(fs.readFileSync(path.join(dir, f))).length, 0);
    console.log(dir, file, (bytes / 1024).toFixed(2), 'KB', scripts.map((f) => f.replace('assets/', '')).join(' '));
  }
}
