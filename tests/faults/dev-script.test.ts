import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../support/nginx.ts';
import { waitFor } from '../support/wait.ts';

/**
 * `npm run dev` as a developer runs it: the server (tsx watch) and Vite's dev server together. A
 * page comes from Vite, /api reaches the server through Vite's proxy, and Ctrl-C (SIGINT to the
 * terminal's process group) stops every process of the group. It edits nothing.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-dev-'));
let group: number | undefined;

function groupMembers(pgid: number): string[] {
  const listed = spawnSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' });
  return listed.stdout.split('\n').filter((line) => line.trim() !== '');
}

afterAll(() => {
  if (group !== undefined && groupMembers(group).length > 0) process.kill(-group, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('npm run dev: a page through Vite, /api through its proxy, and Ctrl-C stops both processes', async () => {
  const [serverPort, vitePort] = [await freePort(), await freePort()];
  const child = spawn('npm', ['run', 'dev'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(serverPort), VITE_PORT: String(vitePort), HOST: '127.0.0.1', DATA_DIR: dataDir },
  });
  group = child.pid!;
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const vite = `http://localhost:${vitePort}`;
  const answered = async (url: string) => {
    try {
      const response = await fetch(url);
      return response.ok ? response : undefined;
    } catch {
      return undefined;
    }
  };
  const context = () => output.join('');
  const page = await waitFor('the page from Vite', () => answered(`${vite}/`), 120_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${context()}`);
  });
  // Vite's own page: the sources' index.html with its client script, not the prerendered build.
  expect(await page.text()).toContain('/src/client/main.tsx');
  const live = await waitFor('/api/live through the proxy', () => answered(`${vite}/api/live`), 120_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${context()}`);
  });
  expect(live.headers.get('content-type')).toContain('application/json');
  // Each line says which process wrote it.
  expect(context()).toMatch(/\[server\]/);
  expect(context()).toMatch(/\[vite\]/);

  process.kill(-group, 'SIGINT');
  await exited;
  await waitFor('every process of the group to end', () => groupMembers(group!).length === 0, 30_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${groupMembers(group!).join('\n')}`);
  });
  expect(await answered(`${vite}/`)).toBeUndefined();
  expect(await answered(`http://127.0.0.1:${serverPort}/healthz`)).toBeUndefined();
});
