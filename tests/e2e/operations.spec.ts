import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runCli } from './cli.ts';
import { startServer } from './server.ts';

/** Running the real server the way a seller does: a .env file, JSON logs for the log collector. */

test('.env in the working folder configures the server, the real environment wins, and no value is printed', async () => {
  const envFile = [
    '# the seller copied .env.example and edited it',
    'MONTHLY_CAPACITY=7',
    // Would make the start fail (nothing listens there) if the file beat the environment.
    'HOST=203.0.113.9',
    'SUPPORT_EMAIL=arquivo@example.com',
    'ADMIN_PASSWORD=senha-do-arquivo-123456',
  ].join('\n');
  const server = await startServer({ SUPPORT_EMAIL: 'ambiente@example.com' }, { envFile });
  try {
    const loaded = await server.waitForLog(/Settings loaded from/);
    expect(loaded).toContain(path.join(server.dataDir, '.env'));
    expect(loaded).toMatch(/\(2 variables; the environment overrides HOST, SUPPORT_EMAIL\)/);
    // Values from the file are in effect: capacity 7, the console password.
    expect(await (await fetch(`${server.url}/api/live`)).json()).toMatchObject({ spotsLeft: 7 });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ password: 'senha-do-arquivo-123456' }),
    });
    expect(login.status).toBe(200);
    // The environment's value, not the file's, reaches the pages.
    const terms = await (await fetch(`${server.url}/termos`)).text();
    expect(terms).toContain('ambiente@example.com');
    expect(terms).not.toContain('arquivo@example.com');
    const log = server.logs.join('\n');
    for (const value of ['senha-do-arquivo-123456', 'arquivo@example.com', '203.0.113.9']) expect(log).not.toContain(value);
  } finally {
    await server.stop();
  }
});

test('npm run report reads .env too (DATA_DIR from the file) and says so on stderr', async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-env-'));
  try {
    fs.writeFileSync(path.join(work, '.env'), 'DATA_DIR=./dados-da-loja\n');
    const report = await runCli('report.ts', ['--days', '3'], { env: {}, cwd: work });
    expect(report.code).toBe(0);
    expect(report.stderr.trim()).toBe(`Settings loaded from ${path.join(work, '.env')} (1 variable)`);
    expect(report.stdout).toMatch(/^Funnel for the last 3 days/);
    expect(fs.existsSync(path.join(work, 'dados-da-loja', 'vitrine.sqlite'))).toBe(true);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

test('LOG_FORMAT=json: every line is one JSON object, each request has an access line whose requestId is the X-Request-Id', async () => {
  const server = await startServer({ LOG_FORMAT: 'json' });
  try {
    const response = await fetch(`${server.url}/api/live?ref=campanha`);
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const accessLine = await server.waitForLog(new RegExp(`"requestId":"${id}"`));
    expect(JSON.parse(accessLine)).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/live',
      status: 200,
      requestId: id,
    });

    const health = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'lb-probe-1' } });
    expect(health.headers.get('x-request-id')).toBe('lb-probe-1');
    // A page served whole carries no id (bytes of `/`'s first round trip); its access line has one.
    const page = await fetch(`${server.url}/termos`, { headers: { 'X-Request-Id': 'page-probe-1' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-request-id')).toBeNull();
    expect(JSON.parse(await server.waitForLog(/"requestId":"page-probe-1"/))).toMatchObject({ path: '/termos', status: 200 });
    for (const line of server.logs) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(entry)).toEqual(expect.arrayContaining(['time', 'level', 'msg']));
      expect(Number.isNaN(Date.parse(String(entry.time)))).toBe(false);
    }
    expect(server.logs.some((line) => (JSON.parse(line) as { msg: string }).msg.startsWith('Vitrine listening on'))).toBe(true);
  } finally {
    await server.stop();
  }
});
