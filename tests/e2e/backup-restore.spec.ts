import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ORDER_VIEW_KEY_HEADER } from '../../src/shared/order-view-key.ts';
import { runCli } from './cli.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Backups as a seller runs them: `npm run backup` against a live server under a write load, then
 * `npm run restore` into a fresh data folder, and a new server on it serves the same paid orders
 * and member pages. Real processes throughout; the member page is opened in real Chromium.
 */

let clients = 0;
/** A visitor of its own behind our one proxy (TRUST_PROXY_HOPS=1), so per-client limits never bite. */
const visitor = () => {
  clients += 1;
  return {
    'X-Forwarded-For': `2001:db8:${(clients >> 8).toString(16)}:${(clients & 255).toString(16)}::1`,
    'Content-Type': 'application/json',
  };
};

interface CreatedOrder {
  orderId: string;
  sandboxPayUrl: string;
  /** The creating tab's key: only it may read the access link from the order API. */
  viewKey: string;
}

async function createOrder(server: RunningServer, n: number): Promise<CreatedOrder> {
  const viewKey = crypto.randomUUID().replace(/-/g, '');
  const response = await fetch(`${server.url}/api/orders`, {
    method: 'POST',
    headers: visitor(),
    body: JSON.stringify({
      name: `Compradora ${n}`,
      email: `backup-${process.pid}-${n}-${Date.now()}@example.com`,
      // One buyer per order: the same phone would get its open PIX back instead of a new order.
      phone: `(11) 9${String(20_000_000 + n).replace(/^(\d{4})/, '$1-')}`,
      checkoutKey: `bk${crypto.randomUUID().replace(/-/g, '')}`,
      viewKey,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { ...((await response.json()) as { orderId: string; sandboxPayUrl: string }), viewKey };
}

async function readOrder(server: RunningServer, order: CreatedOrder): Promise<{ status: string; accessUrl?: string }> {
  const response = await fetch(`${server.url}/api/orders/${order.orderId}`, {
    headers: { ...visitor(), [ORDER_VIEW_KEY_HEADER]: order.viewKey },
  });
  return (await response.json()) as { status: string; accessUrl?: string };
}

/** Pays through the sandbox ("Simular pagamento") and waits for the confirmation; returns the access link. */
async function payOrder(server: RunningServer, order: CreatedOrder): Promise<string> {
  await fetch(`${server.url}${order.sandboxPayUrl}`, { method: 'POST', redirect: 'manual', headers: visitor() });
  let accessUrl: string | undefined;
  await expect
    .poll(async () => {
      const status = await readOrder(server, order);
      accessUrl = status.accessUrl;
      return status.status;
    })
    .toBe('paid');
  return accessUrl!;
}

test('a backup taken under write load restores into a fresh folder, and a new server serves the same paid orders', async ({ page }) => {
  test.setTimeout(180_000);
  const server = await startServer({ TRUST_PROXY_HOPS: '1', MONTHLY_CAPACITY: '0' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-backup-'));
  const freshDataDir = path.join(work, 'fresh-data');
  let restored: RunningServer | undefined;
  try {
    const paid: Array<CreatedOrder & { accessUrl: string }> = [];
    for (let n = 1; n <= 4; n++) {
      const order = await createOrder(server, n);
      paid.push({ ...order, accessUrl: await payOrder(server, order) });
    }

    // The write load: orders (gateway charge + order rows) and funnel events, without pause.
    let writes = 0;
    let loading = true;
    const load = (async () => {
      let n = 100;
      while (loading) {
        n += 1;
        const event = fetch(`${server.url}/api/events`, {
          method: 'POST',
          headers: visitor(),
          body: JSON.stringify({ name: 'page_view', path: '/' }),
        });
        await Promise.all([createOrder(server, n), event.then((response) => expect(response.status).toBeLessThan(300))]);
        writes += 2;
      }
    })();
    await expect.poll(() => writes).toBeGreaterThan(10);

    const backupFile = path.join(work, 'vitrine-backup.sqlite');
    const writesBefore = writes;
    const backup = await runCli('backup.ts', [backupFile], { env: { DATA_DIR: server.dataDir }, cwd: work });
    const writesDuring = writes - writesBefore;
    loading = false;
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*vitrine-backup\.sqlite \(.* integrity_check ok\)/);
    // The server kept taking writes while the backup ran.
    expect(writesDuring).toBeGreaterThan(0);

    // The running server's own database cannot be swapped under it.
    const refused = await runCli('restore.ts', [backupFile], { env: { DATA_DIR: server.dataDir }, cwd: work });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Restore failed: .* is in use by a running server/);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const restore = await runCli('restore.ts', [backupFile], { env: { DATA_DIR: freshDataDir }, cwd: work });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(fs.readdirSync(freshDataDir)).toEqual(['vitrine.sqlite']);

    await server.stop();
    restored = await startServer({ DATA_DIR: freshDataDir });
    expect((await fetch(`${restored.url}/readyz`)).status).toBe(200);
    // (Each still carries the one-time offer of the bump: its buyer has not answered it.)
    for (const order of paid) expect(await readOrder(restored, order)).toMatchObject({ status: 'paid', accessUrl: order.accessUrl });
    // The buyer's e-mailed link still opens their member page.
    const last = paid.at(-1)!;
    await page.goto(`${restored.url}${last.accessUrl}`);
    await expect(page).toHaveURL(`${restored.url}/acesso`);
    await expect(page.getByRole('heading', { level: 1, name: 'Olá, Compradora!' })).toBeVisible();
  } finally {
    await restored?.stop();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
