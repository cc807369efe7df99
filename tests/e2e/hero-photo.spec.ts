import sharp from 'sharp';
import { offerDefaults } from '../../src/content/offer.ts';
import { hero } from '../../src/content/landing.ts';
import { LANDING_BUDGET_BYTES, type PageImageReply } from '../../src/shared/offer.ts';
import { signInToConsole } from '../support/clients.ts';
import { consoleCall } from '../support/purchase.ts';
import { expect, presellAnsweredContext, test } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * A landscape photo under the hero's subheadline (docs/editing.md#images) is cut to a height that
 * leaves the price and the buy button in the first screen, on a phone and on a laptop.
 */

const PASSWORD = 'senha-do-painel-e2e';
const SCREENS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

test('a landscape hero photo leaves the price and the buy button in the first screen at 390×844 and 1366×900', async ({ browser }) => {
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    const cookie = await signInToConsole(server.url, PASSWORD);
    // A 16:9 photograph with detail (a flat image is no contentful paint), as a phone held sideways takes it.
    const photo = await sharp({
      create: { width: 1920, height: 1080, channels: 3, background: '#0f766e', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    const uploaded = await fetch(`${server.url}/api/admin/page/images`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'image/jpeg' },
      body: photo,
    });
    expect(uploaded.status).toBe(200);
    const { ref } = (await uploaded.json()) as PageImageReply;
    const offer = structuredClone(offerDefaults);
    offer.hero.image = ref;
    offer.hero.imageAlt = 'Pessoa vendo a lista no celular';
    expect((await consoleCall(server.url, cookie, '/page/draft', { baseNumber: 0, offer })).status).toBe(200);
    const published = await consoleCall(server.url, cookie, '/page/publish', { baseNumber: 0 });
    expect(published.status, await published.clone().text()).toBe(200);
    // The photo's inline rule costs `/` a few bytes: still within its first flight.
    expect(((await published.json()) as { landingBytes: number }).landingBytes).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);

    for (const viewport of SCREENS) {
      const context = await presellAnsweredContext(browser, server.url, { locale: 'pt-BR', viewport });
      const page = await context.newPage();
      await page.goto('/');
      const image = page.getByRole('img', { name: 'Pessoa vendo a lista no celular' });
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
      const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
      const buy = section.getByRole('button', { name: hero.cta });
      await expect(buy).toBeVisible();
      const price = section.getByText(/^R\$\s19,90$/);
      for (const element of [buy, price, image]) {
        const box = (await element.boundingBox())!;
        expect(box.y, `${viewport.width}×${viewport.height}`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(viewport.height);
      }
      // Cropped, not squeezed: the photo fills its box at its own proportions (object-fit: cover).
      expect(await image.evaluate((element) => getComputedStyle(element).objectFit)).toBe('cover');
      await page.screenshot({ path: test.info().outputPath(`hero-landscape-${viewport.width}x${viewport.height}.png`) });
      await context.close();
    }
  } finally {
    await server.stop();
  }
});
