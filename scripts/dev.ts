import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import concurrently from 'concurrently';
import { loadEnvFile } from '../src/server/config/env-file.ts';

/**
 * `npm run dev`: the server, restarted on every change (tsx watch), and Vite's dev server, which
 * serves the client from the sources with hot reload and passes /api and /sandbox to the server
 * (vite.config.ts). One terminal, each line prefixed with its process; Ctrl-C, or either process
 * ending, stops both. The server reads the client build at start, so the first run builds once.
 * PORT is the server's port, VITE_PORT Vite's (5173).
 */

const root = path.resolve(import.meta.dirname, '..');
// Read here too, so that a PORT set in .env reaches Vite's proxy as well as the server.
loadEnvFile(root);
const serverPort = process.env.PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const bin = (name: string) => JSON.stringify(path.join(root, 'node_modules', '.bin', name));

if (!fs.existsSync(path.join(root, 'dist', 'client', 'index.html'))) {
  console.log('No client build yet: building once for the server…');
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/build.ts'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(`Open http://localhost:${vitePort} (Vite; the server answers its /api on port ${serverPort}).`);
const { result } = concurrently(
  [
    { name: 'server', command: `${bin('tsx')} watch --clear-screen=false src/server/main.ts`, env: { PORT: serverPort } },
    { name: 'vite', command: `${bin('vite')} --port ${vitePort} --strictPort`, env: { PORT: serverPort } },
  ],
  { cwd: root, prefixColors: ['cyan', 'magenta'], killOthersOn: ['failure', 'success'] },
);
// Stopped by Ctrl-C is a normal end; a process that failed on its own is not.
result.then(
  () => process.exit(0),
  (events: { killed: boolean; exitCode: number | string }[]) =>
    process.exit(events.every((event) => event.killed || typeof event.exitCode === 'string') ? 0 : 1),
);
