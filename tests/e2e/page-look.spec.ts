import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { offerDefaults, offerMessages } from '../../src/content/offer.ts';
import { hero } from '../../src/content/landing.ts';
import { heroVideoCopy, lookLabels } from '../../src/content/look.ts';
import { site } from '../../src/content/site.ts';
import { LANDING_BUDGET_BYTES, type PageImageReply } from '../../src/shared/offer.ts';
import { signInToConsole } from '../support/clients.ts';
import { consoleCall } from '../support/purchase.ts';
import { signIn } from './admin-helpers.ts';
import { expect, presellAnsweredContext, test } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * The seller's logo, accent colour and hero video (docs/editing.md#logo-colour-and-video) on `/`:
 * the logo in the header named by the shop, the buy button in the seller's colour, and the video an
 * image until tapped, with not one request leaving this machine before the tap. YouTube cannot be
 * reached from the tests: its player host answers with a stand-in page (the embed URL's shape is
 * YouTube's documented one, https://developers.google.com/youtube/player_parameters).
 */

const PASSWORD = 'senha-do-painel-e2e';
const ACCENT = '#2457e2';
const ACCENT_RGB = 'rgb(36, 87, 226)';
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const isLoopback = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'data:' || protocol === 'blob:' || hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
};

async function upload(url: string, cookie: string, image: Buffer): Promise<string> {
  const reply = await fetch(`${url}/api/admin/page/images`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: url, 'Content-Type': 'image/png' },
    body: new Uint8Array(image),
  });
  expect(reply.status, await reply.clone().text()).toBe(200);
  return ((await reply.json()) as PageImageReply).ref;
}

async function expectInFirstScreen(page: Page, height: number, label: string) {
  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  for (const element of [section.getByRole('button', { name: hero.cta }), section.getByText(/^R\$\s19,90$/)]) {
    const box = (await element.boundingBox())!;
    expect(box.y, label).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, label).toBeLessThanOrEqual(height);
  }
}

test('a logo, an accent colour and a hero video set in the console show on / with nothing loaded from outside before the tap', async ({
  browser,
}) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    const cookie = await signInToConsole(server.url, PASSWORD);
    // A wide logo on a transparent background, as a designer exports it, and a landscape hero photo.
    const logo = await sharp({ create: { width: 640, height: 160, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160"><rect x="8" y="24" width="112" height="112" rx="24" fill="#1d4ed8"/><text x="140" y="110" font-size="72" font-family="sans-serif" font-weight="700" fill="#fff">Loja Azul</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const photo = await sharp({
      create: { width: 1920, height: 1080, channels: 3, background: '#334155', noise: { type: 'gaussian', mean: 120, sigma: 30 } },
    })
      .png()
      .toBuffer();
    const offer = structuredClone(offerDefaults);
    offer.look.logo = await upload(server.url, cookie, logo);
    offer.hero.image = await upload(server.url, cookie, photo);
    offer.hero.imageAlt = 'Apresentação da loja';
    offer.hero.video = VIDEO;

    // The build's green under white text is refused, with its contrast, before anything is saved.
    offer.look.accentColor = '#22c55e';
    const refused = await consoleCall(server.url, cookie, '/page/draft', { baseNumber: 0, offer });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields['look.accentColor']).toBe(
      offerMessages.colorContrast([offerMessages.colorSurfaces.buttonText('2,2:1', '4,5:1')], '#00893c'),
    );

    offer.look.accentColor = ACCENT;
    expect((await consoleCall(server.url, cookie, '/page/draft', { baseNumber: 0, offer })).status).toBe(200);
    const published = await consoleCall(server.url, cookie, '/page/publish', { baseNumber: 0 });
    expect(published.status, await published.clone().text()).toBe(200);
    expect(((await published.json()) as { landingBytes: number }).landingBytes).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);

    for (const viewport of SCREENS) {
      const label = `${viewport.width}×${viewport.height}`;
      const context = await presellAnsweredContext(browser, server.url, { locale: 'pt-BR', viewport });
      const outside: string[] = [];
      const player: string[] = [];
      context.on('request', (request: Request) => {
        if (!isLoopback(request.url())) outside.push(request.url());
      });
      await context.route('https://www.youtube-nocookie.com/**', async (route) => {
        player.push(route.request().url());
        await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>stand-in player</p>' });
      });
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const response = await page.goto('/');
      expect(response?.headers()['content-security-policy']).toContain("frame-src 'self' https://www.youtube-nocookie.com");

      const header = page.locator('header');
      const logoImage = header.getByRole('img', { name: site.brandName });
      await expect(logoImage).toBeVisible();
      await expect
        .poll(() => logoImage.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
      expect((await logoImage.boundingBox())!.height, label).toBeLessThanOrEqual(40);

      const buy = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { level: 1 }) })
        .getByRole('button', { name: hero.cta });
      expect(await buy.evaluate((element) => getComputedStyle(element).backgroundImage), label).toContain(ACCENT_RGB);
      await expectInFirstScreen(page, viewport.height, label);

      const play = page.getByRole('button', { name: heroVideoCopy.play });
      await expect(play).toBeVisible();
      // The hero photo is the poster, loaded from this server.
      await expect
        .poll(() => play.locator('img').evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
        .toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: test.info().outputPath(`look-${viewport.width}x${viewport.height}.png`) });
      expect(outside, `${label}: requests before the tap`).toEqual([]);
      await expect(page.locator('iframe')).toHaveCount(0);

      await play.click();
      const frame = page.locator(`iframe[title="${heroVideoCopy.frameTitle}"]`);
      await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
      await expect.poll(() => player.length, label).toBeGreaterThan(0);
      await expect(page.frameLocator(`iframe[title="${heroVideoCopy.frameTitle}"]`).getByText('stand-in player')).toBeVisible();
      expect(violations, label).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`look-${viewport.width}x${viewport.height}-playing.png`) });
      // The pre-sell page carries the same logo, and its button the colour.
      await page.goto('/presell');
      await expect(page.getByRole('img', { name: site.brandName })).toBeVisible();
      expect(
        await page.getByRole('button', { name: 'Sim, quero!' }).evaluate((element) => getComputedStyle(element).backgroundImage),
      ).toContain(ACCENT_RGB);
      await context.close();
    }
  } finally {
    await server.stop();
  }
});

test('the console keeps its tabs on one row that scrolls sideways at 390 px, and Página has the colour picker', async ({ browser }) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Seções do painel' });
    const tops = await nav.getByRole('link').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(8);
    expect(new Set(tops).size, 'one row').toBe(1);
    expect(await nav.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    // The title row and the tab row: it was three rows of tabs, about 170 px of a phone's screen.
    expect((await page.locator('header').first().boundingBox())!.height).toBeLessThanOrEqual(110);

    const pageTab = nav.getByRole('link', { name: 'Página' });
    await pageTab.click();
    await expect(pageTab).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Seção', { exact: true }).selectOption({ label: lookLabels.title });
    await expect(page.getByLabel('Escolher a cor')).toBeVisible();
    await expect(page.getByLabel('Cor de destaque')).toHaveValue('');
    // Empty, the text shows the colour the swatch shows: the build's own.
    await expect(page.getByLabel('Cor de destaque')).toHaveAttribute('placeholder', await page.getByLabel('Escolher a cor').inputValue());
    await page.screenshot({ path: test.info().outputPath('console-tabs-390.png') });
    // The open tab is scrolled into the row's visible part.
    const tabBox = (await pageTab.boundingBox())!;
    expect(tabBox.x).toBeGreaterThanOrEqual(0);
    expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(390);
    await context.close();
  } finally {
    await server.stop();
  }
});
