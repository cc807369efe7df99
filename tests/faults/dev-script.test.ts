import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../support/nginx.ts';
import { waitFor } from '../support/wait.ts';

/**
 * `npm run dev` as a developer runs it: the server (tsx watch) and Vite's dev server together. A
 * page comes from Vite, /api reaches the server through Vite's proxy, a changed server file
 * restarts the server, a changed client file is what Vite serves next, and Ctrl-C (SIGINT to the
 * terminal's process group) stops every process of the group. It runs in a copy of the project's
 * sources, so the changes it makes never touch the checkout (whose build `npm start` compares
 * with the sources' times).
 */

const root = path.resolve(import.meta.dirname, '../..');
const project = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-dev-project-'));
for (const entry of ['src', 'public', 'scripts', 'types', 'index.html', 'package.json', 'vite.config.ts']) {
  fs.cpSync(path.join(root, entry), path.join(project, entry), { recursive: true });
}
for (const entry of fs.readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name))) {
  fs.copyFileSync(path.join(root, entry), path.join(project, entry));
}
// The installed packages and the client build the server reads at start are the checkout's own.
fs.symlinkSync(path.join(root, 'node_modules'), path.join(project, 'node_modules'));
fs.symlinkSync(path.join(root, 'dist'), path.join(project, 'dist'));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-dev-'));
let group: number | undefined;

function groupMembers(pgid: number): string[] {
  const listed = spawnSync('ps', ['-o', 'pid=,args=', '-g', String(pgid)], { encoding: 'utf8' });
  return listed.stdout.split('\n').filter((line) => line.trim() !== '');
}

afterAll(() => {
  if (group !== undefined && groupMembers(group).length > 0) process.kill(-group, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(project, { recursive: true, force: true });
});

it('npm run dev: a page through Vite, /api through its proxy, reload on a change, and Ctrl-C stops both processes', async () => {
  const [serverPort, vitePort] = [await freePort(), await freePort()];
  const child = spawn('npm', ['run', 'dev'], {
    cwd: project,
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

  // A changed server file restarts the server, which answers again through the proxy.
  const starts = () => context().match(/Vitrine listening on/g)?.length ?? 0;
  const before = starts();
  // Touched again every 2 s until tsx says it restarts: a change made while tsx's watcher was still being set up, right
  // after the first start, went unseen once. Not after that: on a loaded machine a start outlasts 2 s, and each new
  // touch restarted it before it could listen.
  const restarts = () => context().match(/change in .*Restarting/g)?.length ?? 0;
  const restartsBefore = restarts();
  let touchedAt = 0;
  const restarted = () => {
    if (starts() > before) return true;
    if (restarts() === restartsBefore && Date.now() - touchedAt >= 2_000) {
      const now = new Date();
      fs.utimesSync(path.join(project, 'src/server/lib/logger.ts'), now, now);
      touchedAt = Date.now();
    }
    return false;
  };
  await waitFor('the server to restart', restarted, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${context()}`);
  });
  expect(context()).toMatch(/\[server\].*change in .*logger\.ts.*Restarting/);
  // A touch that landed during the restart may restart it once more: the proxy answers again once the last is up.
  expect(await waitFor('/api/live after the restart', () => answered(`${vite}/api/live`), 30_000)).toBeDefined();

  // A changed client file is what Vite serves next, with no build.
  const contentFile = path.join(project, 'src/content/not-found.ts');
  fs.writeFileSync(contentFile, `${fs.readFileSync(contentFile, 'utf8')}\nexport const devReloadMark = 'recarregado';\n`);
  const module = await waitFor(
    'the changed module from Vite',
    async () => {
      const text = await (await answered(`${vite}/src/content/not-found.ts`))?.text();
      return text?.includes('recarregado') ? text : undefined;
    },
    30_000,
  );
  expect(module).toContain('devReloadMark');

  process.kill(-group, 'SIGINT');
  await exited;
  await waitFor('every process of the group to end', () => groupMembers(group!).length === 0, 30_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${groupMembers(group!).join('\n')}`);
  });
  expect(await answered(`${vite}/`)).toBeUndefined();
  expect(await answered(`http://127.0.0.1:${serverPort}/healthz`)).toBeUndefined();
});
