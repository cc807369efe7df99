import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  payAndPostBack,
  standInEnv,
  startGatewayStandIn,
  type ChargeLedger,
  type GatewayStandIn,
} from '../support/providers/tribopay/tribopay-stand-in.ts';
import { runCli } from './cli.ts';
import { orderColumns } from '../support/db-reads.ts';
import { expect, expectIslandLive, presellAnsweredContext, test, withServerDb } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Attribution in a real browser: an ad's link lands on the pre-sell page, "Sim, quero!" keeps its
 * parameters, the checkout stores them on the order and sends the gateway's `tracking` object (a
 * gateway stand-in that remembers its charges), and the seller's report credits the sale.
 */
let gateway: GatewayStandIn;
let ledger: ChargeLedger;
let server: RunningServer;

test.beforeAll(async () => {
  gateway = await startGatewayStandIn();
  ledger = gateway.rememberCharges();
  // A fixed document, written as people write it: the form does not ask for a CPF.
  server = await startServer(standInEnv(gateway, { CUSTOMER_DOCUMENT: '529.982.247-25' }));
});
test.afterAll(async () => {
  await server.stop();
  await gateway.stop();
});

test('/presell?utm_source=fb&utm_campaign=black → "Sim, quero!" → checkout: stored, sent to the gateway, reported', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/presell?utm_source=fb&utm_campaign=black&fbclid=IwAR0e2e');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  // The landing page keeps the ad's parameters in its address.
  await expect(page).toHaveURL(/\/\?utm_source=fb&utm_campaign=black&fbclid=IwAR0e2e$/);
  // Nothing is stored in a cookie before consent: only this tab's sessionStorage holds them.
  expect(await context.cookies()).toEqual([]);

  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill('Bia Campos');
  await dialog.getByLabel('E-mail').fill('bia@example.com');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('11987654321');
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'GERAR PIX' }).click(),
  ]);
  expect(created.status()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();

  // The gateway got the campaign in its `tracking` object (the click id stays with us).
  const charge = gateway.charges()[0]!.body as { tracking?: Record<string, string> };
  expect(charge.tracking).toEqual({ utm_source: 'fb', utm_campaign: 'black' });
  const order = await withServerDb(server.dataDir, (db) =>
    orderColumns(db, orderId, ['utm_source', 'utm_campaign', 'fbclid', 'tracking_consent']),
  );
  expect(order).toEqual({ utm_source: 'fb', utm_campaign: 'black', fbclid: 'IwAR0e2e', tracking_consent: 'unset' });

  // The buyer pays; the gateway posts back and the server confirms by reading the charge.
  expect(await payAndPostBack(ledger, server.url, orderId)).toBe(200);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });

  // The seller's report credits the revenue to the campaign.
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-report-'));
  try {
    const report = await runCli('report.ts', ['--days', '1'], { env: { DATA_DIR: server.dataDir }, cwd });
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/fb \/ black\s+1\s+1\s+100\.0%\s+R\$\s19,90/);
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
  await context.close();
});

test("an affiliate's link: the code rides through the pre-sell page to the order, with no cookie (docs/affiliates.md#links)", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/presell?af=AB12cd34&utm_source=whatsapp');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect(page).toHaveURL(/\/\?af=AB12cd34&utm_source=whatsapp$/);
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill('Caio Dias');
  await dialog.getByLabel('E-mail').fill('caio@example.com');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('11987654322');
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'GERAR PIX' }).click(),
  ]);
  expect(created.status()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const order = await withServerDb(server.dataDir, (db) => orderColumns(db, orderId, ['affiliate_code', 'amount_cents', 'utm_source']));
  expect(order).toEqual({ affiliate_code: 'ab12cd34', amount_cents: 1990, utm_source: 'whatsapp' });
  expect(await context.cookies()).toEqual([]);
  await context.close();
});

test('the first page of the visit wins: a later page with other parameters changes nothing', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/presell?utm_source=google&utm_campaign=brand&gclid=Cj0first');
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  // The landing page, not the pre-sell address (which carries the same parameters): the tap is
  // held until the pre-sell script has run, so its visit is recorded by then.
  await expect(page).toHaveURL(/\/\?utm_source=google&utm_campaign=brand&gclid=Cj0first$/);
  await page.goto('/?utm_source=tiktok&utm_campaign=other');
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('vitrine_attribution')))
    .toBe(JSON.stringify({ utm_source: 'google', utm_campaign: 'brand', gclid: 'Cj0first' }));
  expect(await context.cookies()).toEqual([]);
  await context.close();
});

test('an ad link to / without the pre-sell answer keeps its parameters through the gate and "Sim, quero!"', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/?utm_source=ig&utm_campaign=story&sck=lp2');
  await expect(page).toHaveURL(/\/presell\?utm_source=ig&utm_campaign=story&sck=lp2$/);
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect(page).toHaveURL(/\/\?utm_source=ig&utm_campaign=story&sck=lp2$/);
  await expect(page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('vitrine_attribution'))).toBe(
    JSON.stringify({ utm_source: 'ig', utm_campaign: 'story', sck: 'lp2' }),
  );
  await context.close();
});

test('each islands page records the visit before React listens on any island: a tap can never leave before it', async ({ browser }) => {
  // React answers taps on an island from the moment it starts hydrating it (its listeners go on the
  // island's element then, and a tap that comes before the island is ready is replayed), and
  // "Sim, quero!" then leaves the page at once. So when the first island gets React's listeners,
  // the campaign parameters must be in sessionStorage and the page view on its way. Checked at that
  // very moment, whatever the machine's speed.
  const context = await presellAnsweredContext(browser, server.url);
  await context.addInitScript(() => {
    type Snapshot = { island: string | null; attribution: string | null; events: string[] };
    const seen: { events: string[]; firstListened?: Snapshot } = { events: [] };
    (window as unknown as { __visit: typeof seen }).__visit = seen;
    const originalFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      // apiFetch passes a path and a JSON string body.
      if (input === '/api/events' && typeof init?.body === 'string') seen.events.push(init.body);
      return originalFetch(input, init);
    };
    const originalListen = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
      if (!seen.firstListened && args[0] === 'click' && this instanceof Element && this.hasAttribute('data-island')) {
        seen.firstListened = {
          island: this.getAttribute('data-island'),
          attribution: window.sessionStorage.getItem('vitrine_attribution'),
          events: [...seen.events],
        };
      }
      return originalListen.apply(this, args);
    };
  });
  for (const [path, pagePath, island] of [
    ['/presell?utm_source=fb&utm_campaign=order', '/presell', 'presell-cta'],
    ['/?utm_source=fb&utm_campaign=order', '/', 'offer-countdown'],
  ] as const) {
    // A page of its own is a visit of its own: sessionStorage belongs to the tab.
    const page = await context.newPage();
    await page.goto(path);
    await expectIslandLive(page, island);
    expect(await page.evaluate(() => (window as unknown as { __visit: { firstListened?: unknown } }).__visit.firstListened), path).toEqual({
      island: expect.any(String),
      attribution: JSON.stringify({ utm_source: 'fb', utm_campaign: 'order' }),
      events: [JSON.stringify({ name: 'page_view', path: pagePath })],
    });
    await page.close();
  }
  await context.close();
});
