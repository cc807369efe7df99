import type { Page } from '@playwright/test';
import { expect, holdRequests, test } from './fixtures.ts';

/**
 * `/` inlines the rules of its first screen only; the sections after it are styled by the rest of
 * the stylesheet, which the page requests after its first paint, and are not drawn before it is in
 * (landing/deferred-section.tsx, docs/benchmarks.md#the-first-screen-first).
 */

const REST_OF_STYLESHEET = /\/assets\/index-[\w-]+\.css$/;

/** The WhatsApp group's section, one of the later ones; its button's green is a rule only the rest of the stylesheet has. */
const laterSection = (page: Page) => page.locator('[data-later-styles]').filter({ has: page.locator('#whatsapp-group-title') });
// Found by its text, not its role: an undrawn section is out of the accessibility tree too.
const groupButton = (page: Page) => laterSection(page).locator('a').filter({ hasText: 'ENTRAR NO GRUPO VIP' });

const contentVisibility = (page: Page) => laterSection(page).evaluate((element) => getComputedStyle(element).contentVisibility);
const buttonBackground = (page: Page) => groupButton(page).evaluate((element) => getComputedStyle(element).backgroundColor);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

test('a later section waits undrawn for the rest of the stylesheet, then shows styled', async ({ acceptPresell, page }) => {
  await acceptPresell();
  const release = await holdRequests(page, REST_OF_STYLESHEET);
  const requested = page.waitForRequest(REST_OF_STYLESHEET);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await requested;
  // The first screen is drawn from the page's own part: the hero's heading is set in its type.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('900');
  await expect(page.locator('html')).toHaveAttribute('data-styles-pending', '');
  expect(await contentVisibility(page)).toBe('hidden');
  // Its height is held meanwhile: the placeholder's, so nothing moves when it shows.
  expect((await laterSection(page).boundingBox())!.height).toBeGreaterThan(500);
  expect(await buttonBackground(page)).toBe(TRANSPARENT);

  release();
  await expect(page.locator('html')).not.toHaveAttribute('data-styles-pending');
  expect(await contentVisibility(page)).toBe('auto');
  await groupButton(page).scrollIntoViewIfNeeded();
  await expect(groupButton(page)).toBeVisible();
  expect(await buttonBackground(page)).not.toBe(TRANSPARENT);
});

test('if the rest of the stylesheet fails to load, the later sections show anyway', async ({ acceptPresell, page }) => {
  await acceptPresell();
  await page.route(REST_OF_STYLESHEET, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveAttribute('data-styles-pending');
  expect(await contentVisibility(page)).toBe('auto');
  await groupButton(page).scrollIntoViewIfNeeded();
  await expect(groupButton(page)).toBeVisible();
});

test('without JavaScript the whole stylesheet styles every section', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
  try {
    // No script runs: neither the pre-sell gate nor the mark that makes sections wait.
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveAttribute('data-styles-pending');
    expect(await contentVisibility(page)).toBe('auto');
    await groupButton(page).scrollIntoViewIfNeeded();
    await expect(groupButton(page)).toBeVisible();
    expect(await buttonBackground(page)).not.toBe(TRANSPARENT);
  } finally {
    await context.close();
  }
});
