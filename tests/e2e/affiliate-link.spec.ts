import type { Browser } from '@playwright/test';
import { orderColumns } from '../support/db-reads.ts';
import { acceptPresellIn, expect, test, withServerDb } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * An affiliate's link and the cookie notice (docs/affiliates.md#links), at a phone's width: after "Aceitar" a first-party
 * cookie keeps the code for the seller's window, so a purchase in a later visit (another tab, with no code in its
 * address) is attributed; after "Recusar" nothing is kept, and the later purchase is not.
 */
const TRACKER_HOSTS = /googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com|clarity\.ms/;
const DAY = 86_400_000;
let server: RunningServer;

test.beforeAll(async () => {
  // GA4 on, so the cookie notice is shown.
  server = await startServer({ GA_ID: 'G-AFFILIATE1', AFFILIATE_COOKIE_DAYS: '30' });
});
test.afterAll(async () => {
  await server.stop();
});

async function laterPurchase(browser: Browser, choice: 'Aceitar' | 'Recusar', buyer: { email: string; phone: string }) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  await acceptPresellIn(context);
  await context.route(TRACKER_HOSTS, (route) => route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' }));
  const first = await context.newPage();
  await first.goto('/?af=zx81ab34');
  await first.getByRole('button', { name: choice }).click();
  if (choice === 'Aceitar') await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain('vitrine_af');
  await first.close();

  // Another visit: a new tab, whose address carries no code.
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await dialog.getByLabel('Nome completo').fill(choice === 'Aceitar' ? 'Dora Reis' : 'Rui Lopes');
  await dialog.getByLabel('E-mail').fill(buyer.email);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(buyer.phone);
  const [created] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'GERAR PIX' }).click(),
  ]);
  expect(created.status()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const cookies = await context.cookies();
  await context.close();
  const order = await withServerDb(server.dataDir, (db) => orderColumns(db, orderId, ['affiliate_code']));
  return { code: order.affiliate_code, cookie: cookies.find((cookie) => cookie.name === 'vitrine_af') };
}

test('"Aceitar" keeps the code for the seller\'s window and a later visit is attributed; "Recusar" keeps nothing', async ({ browser }) => {
  const accepted = await laterPurchase(browser, 'Aceitar', { email: 'dora.aceitou@example.com', phone: '11987654323' });
  expect(accepted.code).toBe('zx81ab34');
  expect(accepted.cookie).toMatchObject({ value: 'zx81ab34', sameSite: 'Lax' });
  expect(accepted.cookie!.expires * 1000).toBeGreaterThan(Date.now() + 29 * DAY);
  expect(accepted.cookie!.expires * 1000).toBeLessThan(Date.now() + 31 * DAY);

  const refused = await laterPurchase(browser, 'Recusar', { email: 'rui.recusou@example.com', phone: '21987654324' });
  expect([refused.code, refused.cookie]).toEqual([null, undefined]);
});
