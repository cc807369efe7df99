import type { Browser, BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { fetchFrom, newClientAddress } from '../support/clients.ts';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { signIn } from './admin-helpers.ts';
import { EVERY_INSTANCE_MS, liveVersionNumber } from './editor-sites.ts';
import {
  buyOnLanding,
  chooseVersionInConsole,
  pageMark,
  PASSWORD,
  PHONE,
  SHOWN_B,
  startHeadlineTestInConsole,
  startTestThroughApi,
} from './experiments-kit.ts';
import { acceptPresellIn, expect, expectIslandLive, test } from './fixtures.ts';

/**
 * "Testes A/B" on the production shape (docs/experiments.md#assignment, #caching): two instances on one PostgreSQL
 * behind the shipped nginx. A client is its address and browser: the same client gets the same variant from nginx and
 * from either instance, no shared cache may keep `/` while a test runs, an order placed through nginx records the
 * variant, and a declared winner reaches every instance within the editor's 5 s.
 */

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const PRESELL_B = 'Quer pagar menos nos seus apps todo mês, sem perder nenhum?';

interface Document {
  mark: ReturnType<typeof pageMark>;
  html: string;
  cacheControl: string | null;
}

/** `pathname` as the client at `address` with BROWSER reads it from `url` (nginx, or an instance straight). */
async function read(url: string, address: string, pathname = '/'): Promise<Document> {
  const response = await fetchFrom(address)(`${url}${pathname}`, { headers: { 'User-Agent': BROWSER } });
  expect(response.status).toBe(200);
  const html = await response.text();
  return { mark: pageMark(html), html, cacheControl: response.headers.get('cache-control') };
}

/** Chromium reaches nginx from 127.0.0.1 only, so its clients differ by browser: a build number of their own. */
let browsers = 0;
async function phoneThroughNginx(browser: Browser, url: string): Promise<BrowserContext> {
  browsers += 1;
  return browser.newContext({ baseURL: url, viewport: PHONE, userAgent: BROWSER.replace('131.0.0.0', `131.0.${browsers}.0`) });
}

/** Fresh phones open `pathname` through nginx until one is served `variant`: its context, page and the test it names. */
async function phoneServed(browser: Browser, url: string, pathname: string, variant: number) {
  for (let tries = 0; tries < 24; tries++) {
    const context = await phoneThroughNginx(browser, url);
    if (pathname === '/') await acceptPresellIn(context);
    const page = await context.newPage();
    const mark = pageMark(await (await page.goto(pathname))!.text());
    if (mark?.variant === variant) return { context, page, experimentId: mark.experimentId };
    await context.close();
  }
  throw new Error(`no phone was served version ${variant} of ${pathname} in 24 tries`);
}

/** The tests and variants the order of `email` counts for, read from the cluster's database. */
async function recordedVariant(cluster: Cluster, email: string) {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ experiment_id: string; variant: number }>(
      'select e.experiment_id, e.variant from orders o join order_experiments e on e.order_id = o.id where o.buyer_email = $1',
      [email],
    );
    return rows.map((row) => ({ experimentId: row.experiment_id, variant: row.variant }));
  } finally {
    await client.end();
  }
}

async function consoleThroughNginx(browser: Browser, cluster: Cluster): Promise<{ context: BrowserContext; panel: Page }> {
  const context = await browser.newContext({ baseURL: cluster.url, viewport: PHONE });
  const panel = await context.newPage();
  await signIn(panel, PASSWORD);
  return { context, panel };
}

test.describe.serial('Testes A/B on two instances behind nginx on PostgreSQL', () => {
  let cluster: Cluster | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startCluster({ instances: 2, env: { ADMIN_PASSWORD: PASSWORD } });
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });

  test('a headline test: one variant per client from nginx and each instance, private while it runs, an order records it, the winner everywhere within 5 s', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { url, instances } = cluster!;
    const everywhere = [url, ...instances.map((instance) => instance.url)];
    const published = await read(url, newClientAddress());
    expect(published.mark).toBeNull();
    expect(published.cacheControl).not.toMatch(/private/);

    const { context: consoleContext, panel } = await consoleThroughNginx(browser, cluster!);
    await panel.getByRole('link', { name: 'Página' }).click();
    const before = await liveVersionNumber(panel);
    await panel.getByRole('link', { name: 'Testes A/B' }).click();
    const card = await startHeadlineTestInConsole(panel);
    const experimentId = (await card.getAttribute('data-experiment'))!;
    // The instance that took the start serves the test at once; the other at its next check of the database.
    for (const instance of instances)
      await expect(async () => expect((await read(instance.url, newClientAddress())).mark).not.toBeNull()).toPass({
        timeout: EVERY_INSTANCE_MS,
      });

    // Clients from addresses of their own until both versions were served: each reads `/` through nginx, whose
    // X-Forwarded-For names the address, and from each instance straight; all three give the same document.
    const clients = new Map<number, string>();
    for (let tries = 0; tries < 24 && clients.size < 2; tries++) {
      const address = newClientAddress();
      const seen = await Promise.all(everywhere.map((at) => read(at, address)));
      const variant = seen[0]!.mark!.variant;
      for (const document of seen) {
        expect(document.mark).toEqual({ experimentId, variant });
        expect(document.html.includes(SHOWN_B)).toBe(variant === 1);
        expect(document.cacheControl).toBe('private, no-cache');
      }
      // An X-Forwarded-For the client writes itself is not believed: nginx appends the real address last.
      const forged = await fetchFrom(address)(`${url}/`, { headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': newClientAddress() } });
      expect(pageMark(await forged.text())).toEqual({ experimentId, variant });
      clients.set(variant, address);
    }
    expect([...clients.keys()].sort()).toEqual([0, 1]);

    // A phone served B through nginx pays there: the order records B.
    const buyer = await phoneServed(browser, url, '/', 1);
    expect(buyer.experimentId).toBe(experimentId);
    await expect(buyer.page.getByRole('heading', { level: 1 })).toContainText(SHOWN_B);
    await buyOnLanding(buyer.context, buyer.page, { name: 'Compradora do Cluster', email: 'cluster-b@example.com' });
    expect(await recordedVariant(cluster!, 'cluster-b@example.com')).toEqual([{ experimentId, variant: 1 }]);
    await buyer.context.close();

    // "Declarar vencedor" through nginx: every instance serves B, unmarked and cacheable again, within 5 s.
    await chooseVersionInConsole(panel, 'B', before + 1);
    for (const at of everywhere)
      await expect(async () => {
        const document = await read(at, newClientAddress());
        expect(document.mark).toBeNull();
        expect(document.html).toContain(SHOWN_B);
        expect(document.cacheControl).toBe(published.cacheControl);
      }).toPass({ timeout: EVERY_INSTANCE_MS });
    await consoleContext.close();
  });

  test('a /presell test: the buyer who saw a version of /presell and paid on / counts for that version', async ({ browser }) => {
    test.setTimeout(180_000);
    const { url, instances } = cluster!;
    const { context: consoleContext, panel } = await consoleThroughNginx(browser, cluster!);
    const experimentId = await startTestThroughApi(panel, url, {
      page: '/presell',
      name: 'Título da pré-venda',
      patch: { presell: { headline: PRESELL_B } },
    });
    for (const instance of instances)
      await expect(async () => expect((await read(instance.url, newClientAddress(), '/presell')).mark).not.toBeNull()).toPass({
        timeout: EVERY_INSTANCE_MS,
      });

    // B's pre-sell, "Sim, quero!", then `/` (under no test: its document names none) and the PIX.
    const buyer = await phoneServed(browser, url, '/presell', 1);
    expect(buyer.experimentId).toBe(experimentId);
    await expect(buyer.page.getByRole('heading', { level: 1 })).toHaveText(PRESELL_B);
    await expectIslandLive(buyer.page, 'presell-cta');
    await buyer.page.getByRole('button', { name: 'Sim, quero!' }).click();
    await buyer.page.waitForURL(`${url}/`);
    expect(await buyer.page.locator('html').getAttribute('data-experiment')).toBeNull();
    await buyOnLanding(buyer.context, buyer.page, { name: 'Compradora da Pré-venda', email: 'presell-b@example.com' });
    expect(await recordedVariant(cluster!, 'presell-b@example.com')).toEqual([{ experimentId, variant: 1 }]);
    await buyer.context.close();

    // The console counts it for B.
    await panel.getByRole('link', { name: 'Testes A/B' }).click();
    const card = panel.getByRole('article', { name: 'Título da pré-venda' });
    const paidOfB = card
      .getByRole('region', { name: 'Versão B', exact: true })
      .locator('div', { has: panel.locator('dt', { hasText: /^PIX pagos$/ }) })
      .locator('dd');
    await expect(paidOfB).toHaveText('1');
    await consoleContext.close();
  });
});
