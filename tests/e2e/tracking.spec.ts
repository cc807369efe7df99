import type { BrowserContext, Page } from '@playwright/test';
import {
  ALL_TRACKERS,
  expect,
  landingStarted,
  payOnSandbox,
  presellAnsweredContext,
  scriptRequests,
  test,
  TRACKER_HOSTS,
} from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Trackers configured, their hosts intercepted by the test (no real network): nothing leaves for
 * Google, Meta or Clarity before "Aceitar"; after it, the scripts load and the mapped events arrive.
 */
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer(ALL_TRACKERS);
});
test.afterAll(async () => {
  await server.stop();
});

async function interceptTrackers(context: BrowserContext, mode: 'serve' | 'fail' = 'serve') {
  const requests: string[] = [];
  await context.route(TRACKER_HOSTS, async (route) => {
    requests.push(route.request().url());
    if (mode === 'fail') await route.abort('failed');
    // An empty script: the page's own stubs keep the calls (dataLayer, fbq.queue) for us to read.
    else await route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' });
  });
  return requests;
}

async function newVisitor(browser: import('@playwright/test').Browser, mode: 'serve' | 'fail' = 'serve') {
  const context = await presellAnsweredContext(browser, server.url);
  const requests = await interceptTrackers(context, mode);
  const page = await context.newPage();
  return { context, page, requests };
}

/** Opens the PIX modal from the hero (waiting for its lazy chunk) and closes it again. */
async function openAndCloseCheckout(page: Page) {
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await expect(dialog.getByLabel('Nome completo')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

type FbqCall = unknown[];
const fbqCalls = (page: Page) =>
  page.evaluate(() => ((window as unknown as { fbq?: { queue: unknown[][] } }).fbq?.queue ?? []) as FbqCall[]);
const dataLayerEvents = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) => Array.from(entry) as unknown[]));

test('before consent nothing reaches the trackers; after "Aceitar" they load and get mapped events', async ({ browser }) => {
  const { context, page, requests } = await newVisitor(browser);
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Sua privacidade' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Detalhes' }).click();
  await expect(notice.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', '/privacidade');
  await openAndCloseCheckout(page);
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => 'fbq' in window || 'dataLayer' in window)).toBe(false);

  await notice.getByRole('button', { name: 'Aceitar' }).click();
  await expect(notice).toBeHidden();
  await expect.poll(() => requests.length).toBe(3);
  expect(requests.some((url) => url.includes('googletagmanager.com/gtag/js?id=G-TEST12345'))).toBe(true);
  expect(requests.some((url) => url.includes('connect.facebook.net'))).toBe(true);
  expect(requests.some((url) => url.includes('clarity.ms/tag/clarity123'))).toBe(true);

  // The landing page's view-content pixel event fires once consent is given.
  await expect
    .poll(async () => (await fbqCalls(page)).map((call) => call.slice(0, 2).join(':')))
    .toEqual(expect.arrayContaining(['init:1234567890', 'track:PageView', 'track:ViewContent']));

  // From now on events are sent, with the spec's mapping and parameters.
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  await expect
    .poll(async () => (await fbqCalls(page)).find((call) => call[1] === 'InitiateCheckout'))
    .toEqual(['track', 'InitiateCheckout', expect.objectContaining({ value: 19.9, currency: 'BRL' }), { eventID: expect.any(String) }]);
  const gaCheckout = (await dataLayerEvents(page)).find((entry) => entry[0] === 'event' && entry[1] === 'begin_checkout');
  expect(gaCheckout?.[2]).toMatchObject({ value: 19.9, currency: 'BRL', provider: 'sandbox' });
  await context.close();
});

test('"Recusar" keeps every tracker off, across reloads', async ({ browser }) => {
  const { context, page, requests } = await newVisitor(browser);
  await page.goto('/');
  await page.getByRole('button', { name: 'Recusar' }).click();
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Sua privacidade' })).toHaveCount(0);
  await openAndCloseCheckout(page);
  await page.goto('/presell');
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
  expect(await context.cookies()).toEqual([]);

  // The footer reopens the notice to change the choice; accepting then loads the trackers.
  await page.goto('/');
  // The footer is an island hydrated as it comes near the viewport, as a visitor scrolls to it.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Preferências de cookies' }).click();
  await page.getByRole('region', { name: 'Sua privacidade' }).getByRole('button', { name: 'Aceitar' }).click();
  await expect.poll(() => requests.length).toBe(3);
  await context.close();
});

test('purchase reaches the trackers exactly once per paid order, by its public reference, even after a reload', async ({ browser }) => {
  const { context, page, requests } = await newVisitor(browser);
  await page.addInitScript(() => localStorage.setItem('vitrine_consent', 'granted'));
  await page.goto('/');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill('Rita Alves');
  await dialog.getByLabel('E-mail').fill('rita@example.com');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('31987654321');
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'GERAR PIX' }).click(),
  ]);
  const { orderId } = (await created.json()) as { orderId: string };
  await payOnSandbox(context, dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });

  const purchases = async () => (await fbqCalls(page)).filter((call) => call[1] === 'Purchase');
  await expect.poll(async () => (await purchases()).length).toBe(1);
  const [purchase] = await purchases();
  // The trackers get the order's public reference, never its id (which reads the order's status).
  const publicRef = (purchase![3] as { eventID: string }).eventID;
  expect(publicRef).toMatch(/^ref_[\w-]{22}$/);
  expect(purchase![2]).toMatchObject({ transaction_id: publicRef, value: 19.9, currency: 'BRL' });
  const gaPurchases = (await dataLayerEvents(page)).filter((entry) => entry[0] === 'event' && entry[1] === 'purchase');
  expect(gaPurchases).toHaveLength(1);
  expect(gaPurchases[0]![2]).toMatchObject({ transaction_id: publicRef });

  // Nothing any tracker got (events, URLs of the requests) holds the order id or the access token.
  const accessHref = await dialog.getByRole('link', { name: 'Acessar minha lista agora' }).getAttribute('href');
  const token = accessHref!.split('/').pop()!;
  expect(token).toMatch(/^acc_/);
  const payloads = JSON.stringify([await fbqCalls(page), await dataLayerEvents(page), requests]);
  expect(payloads).toContain(publicRef);
  expect(payloads).not.toContain(orderId);
  expect(payloads).not.toContain(token);
  // Session replay masks the whole checkout modal.
  await expect(dialog).toHaveAttribute('data-clarity-mask', 'true');

  // The tab reloads (the phone discarded it): the confirmation comes back, the purchase does not.
  await page.reload();
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1500);
  expect(await purchases()).toHaveLength(0);
  await context.close();
});

test('a tracker host that fails changes nothing on the page', async ({ browser }) => {
  const { context, page, requests } = await newVisitor(browser, 'fail');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => localStorage.setItem('vitrine_consent', 'granted'));
  await page.goto('/');
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  await expect(page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Nome completo')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('without any tracker configured no notice is shown', async ({ page, acceptPresell }) => {
  await acceptPresell();
  const scripts = scriptRequests(page);
  const started = landingStarted(page);
  await page.goto('/');
  await started;
  await page.waitForLoadState('networkidle');
  // The page has run the step that asks about cookies, and it did not even load the notice.
  expect(scripts.filter((script) => script.includes('cookie-notice'))).toEqual([]);
  await expect(page.getByRole('region', { name: 'Sua privacidade' })).toHaveCount(0);
});

test('tracking code is not in the first-load bundle', async ({ page, acceptPresell }) => {
  await acceptPresell();
  const scripts = scriptRequests(page);
  const started = landingStarted(page);
  await page.goto('/');
  await started;
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((script) => script.includes('trackers'))).toBe(false);
});
