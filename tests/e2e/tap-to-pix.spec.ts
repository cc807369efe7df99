import type { Page } from '@playwright/test';
import { expect, expectIslandLive, holdRequests, landingStarted, scriptRequests, test } from './fixtures.ts';

/**
 * The buy tap answers at once (docs/benchmarks.md, "Tap to PIX"): the checkout's code arrives while
 * the visitor reads, the form does not wait for the product check, and the PIX panel's code comes
 * while the charge is made. Timings are the bench's; these tests hold the behaviour.
 */

const CHECKOUT_CHUNK = /\/assets\/payment-modal-[\w-]+\.js$/;

const buyButton = (page: Page) => page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' });
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });

/** When the page started fetching the checkout's chunk, its load event and its largest paint (page clock, ms). */
async function checkoutTiming(page: Page) {
  return page.evaluate(async () => {
    const chunk = performance.getEntriesByType('resource').find((entry) => /\/assets\/payment-modal-/.test(entry.name));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
    });
    const link = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][href*="/assets/payment-modal-"]');
    const entryPath = document.querySelector('script[data-entry]')?.getAttribute('data-entry') ?? '';
    const entry = performance.getEntriesByType('resource').find((candidate) => new URL(candidate.name).pathname === entryPath) as
      PerformanceResourceTiming | undefined;
    return {
      fetchedAt: chunk?.startTime,
      loadEnd: navigation.loadEventEnd,
      lcp,
      priority: link?.fetchPriority,
      entryEnd: entry?.responseEnd,
    };
  });
}

test.beforeEach(async ({ acceptPresell }) => {
  await acceptPresell();
});

test("the landing page fetches the checkout's code once loaded, at low priority, after its own entry and its largest paint", async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  const started = landingStarted(page);
  await page.goto('/');
  await started;
  await expect.poll(() => scripts.some((script) => CHECKOUT_CHUNK.test(script)), { timeout: 20_000 }).toBe(true);
  // Its resource timing entry is written once the response has ended.
  await expect.poll(async () => (await checkoutTiming(page)).fetchedAt, { timeout: 20_000 }).toBeDefined();
  const timing = await checkoutTiming(page);
  expect(timing.fetchedAt).toBeGreaterThanOrEqual(timing.loadEnd);
  expect(timing.fetchedAt).toBeGreaterThan(timing.lcp);
  // After the page's own entry, never competing with it.
  expect(timing.fetchedAt).toBeGreaterThan(timing.entryEnd!);
  expect(timing.priority).toBe('low');
  // Fetched, not run: the modal is not on the page until a tap.
  await expect(checkoutDialog(page)).toHaveCount(0);
  await buyButton(page).click();
  await expect(checkoutDialog(page).getByLabel('Nome completo')).toBeEditable();
});

test("the pre-sell page never fetches the checkout's code", async ({ page, server }) => {
  const scripts = scriptRequests(page);
  const landingPrefetched = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/' && request.url().startsWith(server.url),
  );
  await page.goto('/presell');
  await expectIslandLive(page, 'presell-cta');
  // Its last start-up step, once loaded and idle: the landing document's prefetch.
  await landingPrefetched;
  await page.waitForTimeout(1_000);
  expect(scripts.filter((script) => /\/assets\/(payment-modal|checkout-provider|dialog)-/.test(script))).toEqual([]);
  expect(await page.locator('link[rel="modulepreload"][href*="payment-modal"]').count()).toBe(0);
});

test("a tap before the checkout's code has arrived still opens the modal, and its form once the code is in", async ({ page }) => {
  const release = await holdRequests(page, CHECKOUT_CHUNK);
  await page.goto('/');
  await expectIslandLive(page, 'buy-button');
  await buyButton(page).click();
  // The skeleton answers the tap while the code is held.
  await expect(page.locator('[role="dialog"][aria-busy="true"]')).toBeVisible();
  release();
  const name = checkoutDialog(page).getByLabel('Nome completo');
  await expect(name).toBeEditable();
  await name.fill('Maria Souza');
  await expect(name).toHaveValue('Maria Souza');
});

test('with GET /api/product held for 5 s the form is typeable at once, and a submit waits for the product', async ({ page }) => {
  let productAnsweredAt: number | undefined;
  let orderSentAt: number | undefined;
  await page.route('**/api/product', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue();
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/product') productAnsweredAt ??= Date.now();
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/orders' && request.method() === 'POST') orderSentAt ??= Date.now();
  });
  await page.goto('/');
  await expectIslandLive(page, 'buy-button');
  await buyButton(page).click();
  const dialog = checkoutDialog(page);
  await dialog.getByLabel('Nome completo').fill('Maria Souza');
  await dialog.getByLabel('E-mail').fill(`maria.product.${process.pid}@example.com`);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('(11) 98123-4567');
  // All typed while the product check was still out.
  expect(productAnsweredAt).toBeUndefined();
  await expect(dialog.getByRole('status').filter({ hasText: 'Carregando' })).toBeVisible();
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByRole('button', { name: 'Processando...' })).toBeDisabled();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible({ timeout: 20_000 });
  expect(productAnsweredAt).toBeDefined();
  expect(orderSentAt).toBeGreaterThanOrEqual(productAnsweredAt!);
  // The charge's reply carries the QR the server drew: no second round trip for it.
  await expect(dialog.getByTestId('pix-qr').locator('svg')).toHaveCount(1);
});

test("the PIX panel is drawn from the charge's answer alone: its code came with the form, and no request but the charge's goes out before it", async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await page.goto('/');
  await expectIslandLive(page, 'buy-button');
  await buyButton(page).click();
  const dialog = checkoutDialog(page);
  // The panel's code is fetched once the form has opened, while the buyer types.
  await expect.poll(() => scripts.some((script) => /\/assets\/order-progress-[\w-]+\.js$/.test(script))).toBe(true);
  await dialog.getByLabel('Nome completo').fill('Maria Souza');
  await dialog.getByLabel('E-mail').fill(`maria.panel.${process.pid}@example.com`);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('(11) 98123-4568');
  await dialog.getByRole('status').filter({ hasText: 'Carregando' }).waitFor({ state: 'detached' });

  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // The funnel's count of the lead goes beside the charge and is waited for by nothing.
    if (pathname !== '/api/events') sent.push(`${request.method()} ${pathname}`);
  });
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/orders');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copiar código PIX' }).first()).toBeVisible();
  await expect(dialog.getByTestId('pix-qr').locator('svg')).toHaveCount(1);
  expect(sent).toEqual(['POST /api/orders']);
  // The QR is most of the answer: it comes compressed.
  expect((await answered).headers()['content-encoding']).toBe('gzip');

  // The first ask about the order waits a poll's interval (4.5 s): the answer said all there was to say.
  await page.waitForTimeout(2_000);
  expect(sent).toEqual(['POST /api/orders']);
  await expect.poll(() => sent.filter((request) => /^GET \/api\/orders\/ord_/.test(request)).length, { timeout: 10_000 }).toBe(1);
});
