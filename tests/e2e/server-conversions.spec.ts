import { createHash } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.ts';
import { expect, payOnSandbox, presellAnsweredContext, querySqlite, test } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Server-side conversions seen from the browser: the Purchase the server sends to (a stand-in
 * for) Meta's Conversions API carries the same event id as the Pixel call made in Chromium, so
 * Meta counts the sale once; GA4's stand-in gets the same transaction id. A visitor who refused
 * cookies is reported to neither. Tracker hosts are intercepted: nothing leaves the machine.
 */
const TRACKER_HOSTS = /googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com|clarity\.ms/;
const FBP = 'fb.1.1700000000000.1234567890';
const GA_COOKIE = 'GA1.1.555666777.1700000000';
let meta: HttpReceiver;
let ga: HttpReceiver;
let server: RunningServer;

test.beforeAll(async () => {
  meta = await startHttpReceiver();
  ga = await startHttpReceiver();
  server = await startServer({
    GA_ID: 'G-TEST12345',
    META_PIXEL_ID: '1234567890',
    META_CAPI_TOKEN: 'EAAGe2eConversionsToken0123456789',
    META_CAPI_URL: meta.url,
    GA_API_SECRET: 'e2e_mp_secret',
    GA_MP_URL: ga.url,
  });
});
test.afterAll(async () => {
  await server.stop();
  await meta.stop();
  await ga.stop();
});

/** A visitor who already answered the cookie notice, with the cookies the Pixel and GA4 would have set. */
async function visitor(browser: Browser, consent: 'granted' | 'denied') {
  const context = await presellAnsweredContext(browser, server.url);
  await context.addInitScript((choice) => localStorage.setItem('vitrine_consent', choice), consent);
  await context.route(TRACKER_HOSTS, (route) => route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' }));
  await context.addCookies([
    { name: '_fbp', value: FBP, url: server.url },
    { name: '_ga', value: GA_COOKIE, url: server.url },
  ]);
  return { context, page: await context.newPage() };
}

/** The visitor opens the checkout, asks for the PIX and pays it in the sandbox, all in the browser. */
async function payInBrowser(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill('Rita Alves');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('31987654321');
  await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
  await payOnSandbox(page.context(), dialog);
  await expect(dialog.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
}

test("the server sends one Purchase with the Pixel's event id and the hashed e-mail, and GA4 the same transaction id", async ({
  browser,
}) => {
  const { context, page } = await visitor(browser, 'granted');
  await payInBrowser(page, 'Rita.Alves@Example.com');

  // The browser's Pixel call, captured from the page's own fbq queue.
  const pixelPurchase = async () =>
    (await page.evaluate((): unknown[][] => (window as unknown as { fbq?: { queue: unknown[][] } }).fbq?.queue ?? [])).find(
      (call) => call[1] === 'Purchase',
    );
  await expect.poll(pixelPurchase).toBeDefined();
  const eventId = ((await pixelPurchase())![3] as { eventID: string }).eventID;
  expect(eventId).toMatch(/^ref_/);

  await expect.poll(() => meta.requests.length, { timeout: 15_000 }).toBe(1);
  const body = JSON.parse(meta.requests[0]!.body) as {
    data: Array<{ event_name: string; event_id: string; user_data: Record<string, unknown> }>;
  };
  expect(body.data).toHaveLength(1);
  expect(body.data[0]).toMatchObject({ event_name: 'Purchase', event_id: eventId });
  const userAgent = await page.evaluate(() => navigator.userAgent);
  expect(body.data[0]!.user_data).toMatchObject({
    em: [createHash('sha256').update('rita.alves@example.com').digest('hex')],
    ph: [createHash('sha256').update('5531987654321').digest('hex')],
    fbp: FBP,
    client_user_agent: userAgent,
  });
  expect(meta.requests[0]!.body).not.toContain('rita.alves@example.com');

  await expect.poll(() => ga.requests.length, { timeout: 15_000 }).toBe(1);
  const purchase = JSON.parse(ga.requests[0]!.body) as {
    client_id: string;
    events: Array<{ name: string; params: { transaction_id: string } }>;
  };
  expect(purchase.client_id).toBe('555666777.1700000000');
  expect(purchase.events[0]).toMatchObject({ name: 'purchase', params: { transaction_id: eventId } });

  // A reload reports nothing again, on either side.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1500);
  expect(meta.requests).toHaveLength(1);
  expect(ga.requests).toHaveLength(1);
  await context.close();
});

test('a buyer who refused cookies is reported to neither Meta nor GA4', async ({ browser }) => {
  const before = { meta: meta.requests.length, ga: ga.requests.length };
  const { context, page } = await visitor(browser, 'denied');
  await payInBrowser(page, 'recusou@example.com');
  // The server sends right after the payment; give it time to do anything it would do.
  await page.waitForTimeout(3000);
  expect(meta.requests.length).toBe(before.meta);
  expect(ga.requests.length).toBe(before.ga);
  // Nothing was queued, and the trackers' cookies the browser had were not kept.
  const [order] = querySqlite<{
    id: string;
    tracking_consent: string;
    fbp: string | null;
    ga_client_id: string | null;
    client_ip: string | null;
  }>(
    server,
    "select id, tracking_consent, fbp, ga_client_id, client_ip from orders where buyer_email = 'recusou@example.com' and status = 'paid'",
  );
  expect(order).toMatchObject({ tracking_consent: 'denied', fbp: null, ga_client_id: null, client_ip: null });
  expect(querySqlite(server, "select kind from outbox where order_id = ? and kind like 'conversion:%'", order!.id)).toEqual([]);
  await context.close();
});
