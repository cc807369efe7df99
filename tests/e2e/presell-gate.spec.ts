import { funnelCount } from '../support/db-reads.ts';
import { expect, expectIslandLive, holdRequests, pageEntry, scriptRequests, test, withServerDb } from './fixtures.ts';
import type { RunningServer } from './server.ts';

/**
 * Records, in sessionStorage (which survives the redirect), whether the landing page's headline
 * was ever visible at an animation frame — i.e. whether it could have been painted.
 */
async function installLandingPaintProbe(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    if (window.location.pathname !== '/') return;
    const check = () => {
      const headline = document.querySelector('h1');
      if (headline && /Netflix, Disney\+/.test(headline.textContent ?? '')) {
        const style = getComputedStyle(headline);
        if (style.visibility !== 'hidden' && style.display !== 'none') sessionStorage.setItem('landingPainted', 'yes');
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** How many times the server was asked for the landing document (`GET /`), by its request log. */
function landingDocumentRequests(server: RunningServer): number {
  return server.logs.filter((line) => / INFO request .*\bmethod=GET path=\/ status=/.test(line)).length;
}

test('a visitor without the flag is sent to /presell before the landing page paints', async ({ page }) => {
  await installLandingPaintProbe(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/presell$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('R$ 1,00?');
  expect(await page.evaluate(() => sessionStorage.getItem('landingPainted'))).toBeNull();
});

test('a visitor with the flag sees the landing page (and the probe does see it paint)', async ({ page, acceptPresell }) => {
  await acceptPresell();
  await installLandingPaintProbe(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Netflix, Disney+, Spotify');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('landingPainted'))).toBe('yes');
});

test('"Sim, quero!" sets the flag, counts presell_yes and opens the landing page', async ({ page, server }) => {
  await page.goto('/presell');
  await expect(page.getByText('Netflix por R$ 1,00')).toBeVisible();
  await expect(page.getByText('Recarga de celular com 80% OFF')).toBeVisible();
  await expect(page.getByText('Jogos premium')).toBeVisible();
  const presellYes = () => withServerDb(server.dataDir, (db) => funnelCount(db, 'presell_yes'));
  const before = await presellYes();

  await page.getByRole('button', { name: 'Sim, quero!' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Netflix, Disney+, Spotify');
  expect(await page.evaluate(() => localStorage.getItem('presell_accepted'))).not.toBeNull();
  await expect.poll(presellYes).toBe(before + 1);

  // The flag is remembered: a fresh load of / stays on the landing page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
});

test('the pre-sell page is complete without JavaScript (prerendered)', async ({ browser, server }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/presell`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('apps favoritos por apenas R$ 1,00?');
  await expect(page.getByRole('button', { name: 'Sim, quero!' })).toBeVisible();
  await context.close();
});

test('"Sim, quero!" keeps its large label on a desktop as on a phone, before and after the page script', async ({ page }) => {
  const labelSize = () => page.getByRole('button', { name: 'Sim, quero!' }).evaluate((button) => getComputedStyle(button).fontSize);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/presell');
    expect(await labelSize(), `${width} px, prerendered`).toBe('20px');
    await expectIslandLive(page, 'presell-cta');
    expect(await labelSize(), `${width} px, live`).toBe('20px');
  }
});

test('the pre-sell page fetches the landing page while the visitor reads; "Sim, quero!" opens it from there', async ({ page, server }) => {
  const funnel: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/events') return;
    const { name, path } = request.postDataJSON() as { name: string; path: string };
    funnel.push(`${name} ${path}`);
  });
  const before = landingDocumentRequests(server);
  await page.goto('/presell?utm_source=fb&utm_campaign=fast');
  await expectIslandLive(page, 'presell-cta');
  // Once the page is loaded and idle, the browser asks the server for the landing page.
  await expect.poll(() => landingDocumentRequests(server), { timeout: 10_000 }).toBe(before + 1);
  // Fetched, not opened: none of its scripts ran, so it counted no page view.
  expect(funnel).toEqual(['page_view /presell']);

  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect(page).toHaveURL(/\/\?utm_source=fb&utm_campaign=fast$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Netflix, Disney+, Spotify');
  // The browser opened the document it had fetched: the server was not asked again.
  // deliveryType (Chrome 121+) is not in TypeScript's DOM types yet.
  const delivery = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as unknown as { deliveryType: string }).deliveryType,
  );
  expect(delivery).toBe('navigational-prefetch');
  expect(landingDocumentRequests(server)).toBe(before + 1);
  await expect.poll(() => funnel).toEqual(['page_view /presell', 'presell_yes /presell', 'page_view /']);
});

test('/presell does not download the landing page code, and its script does not carry its copy', async ({ page, server, api }) => {
  const scripts = scriptRequests(page);
  const before = landingDocumentRequests(server);
  await page.goto('/presell');
  // The entry starts after the first paint, so the button (enabled in the HTML already) says nothing
  // about it. Wait for the page's last start-up step instead: once loaded and idle, with its island
  // live, it prefetches the landing document.
  await expectIslandLive(page, 'presell-cta');
  await expect.poll(() => landingDocumentRequests(server), { timeout: 10_000 }).toBe(before + 1);
  const presellEntry = await page.locator('script[data-entry]').getAttribute('data-entry');
  expect(scripts).toContain(presellEntry);
  // The landing page's entry, which carries its first islands' code, is never fetched here.
  const landingHtml = await (await api('/')).text();
  const landingEntry = await pageEntry(landingHtml, async (path) => (await api(path)).text());
  expect(landingEntry).toMatch(/^\/assets\/landing-/);
  expect(scripts.filter((script) => script === landingEntry || script.includes('landing'))).toEqual([]);
  // Nor is the landing page's code that the checkout shares: the live signals the pre-sell page never
  // shows (their poll of GET /api/live) are not in the file both pages load.
  const loaded = await Promise.all(scripts.map(async (script) => ({ script, text: await (await api(script)).text() })));
  expect(loaded.filter(({ text }) => text.includes('/api/live')).map(({ script }) => script)).toEqual([]);
  // The page's copy is in its HTML only; the button's label reaches its island as a prop.
  const presellScript = await (await api(presellEntry!)).text();
  expect(presellScript).toContain('presell-cta');
  expect(presellScript).not.toContain('Descubra onde os revendedores compram streaming');
  expect(presellScript).not.toContain('Leva menos de 1 minuto');
});

test('a tap before the JavaScript arrives is not lost (slow phone)', async ({ page, api }) => {
  // Hold the page's entry script back, as a slow connection would.
  const html = await (await api('/presell')).text();
  const entry = (await pageEntry(html, async (path) => (await api(path)).text()))!;
  const release = await holdRequests(page, (url) => url.pathname === entry);
  await page.goto('/presell', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Sim, quero!' }).click();
  await expect(page).toHaveURL(/\/presell$/);
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Netflix, Disney+, Spotify');
});
