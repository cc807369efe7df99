import type { Browser, Page } from '@playwright/test';
import { consent } from '../../src/content/consent.ts';
import { hero, stickyBar } from '../../src/content/landing.ts';
import { presell } from '../../src/content/presell.ts';
import { ALL_TRACKERS, expect, presellAnsweredContext, test, TRACKER_HOSTS } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The cookie notice on a phone's first screen: compact, it never covers the page's buy call (the
 * element at the call's centre is the call itself), with and without trackers, on `/` and `/presell`.
 */
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
const PAGES = [
  { path: '/', cta: hero.cta },
  { path: '/presell', cta: presell.cta },
];
let tracked: RunningServer;

test.beforeAll(async () => {
  tracked = await startServer(ALL_TRACKERS);
});
test.afterAll(async () => {
  await tracked.stop();
});

async function phoneVisitor(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await presellAnsweredContext(browser, baseURL, { viewport });
  await context.route(TRACKER_HOSTS, (route) => route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' }));
  return { context, page: await context.newPage() };
}

/**
 * The first screen's buy call, once in view, is the element hit at its centre. On a 360×740 phone
 * the hero's call ends 17 px below the first screen on `/` and the pre-sell's answer 126 px below
 * it, so the call is brought into view first (a short scroll, short of the sticky bar's 500 px).
 */
async function expectBuyCallUncovered(page: Page, name: string, viewportHeight: number) {
  const cta = page.getByRole('button', { name }).first();
  await expect(cta).toBeVisible();
  await cta.scrollIntoViewIfNeeded();
  const box = (await cta.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewportHeight);
  // What is hit, when not the call: the tag and classes of the element on top, for the failure message.
  const hit = await cta.evaluate(
    (button, [x, y]) => {
      const element = document.elementFromPoint(x!, y!);
      return element !== null && button.contains(element) ? 'the buy call' : `${element?.tagName} ${element?.className}`;
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit, `box ${JSON.stringify(box)}`).toBe('the buy call');
}

for (const viewport of PHONES) {
  for (const target of PAGES) {
    const size = `${viewport.width}×${viewport.height}`;

    test(`with trackers at ${size} on ${target.path} the compact notice leaves the buy call uncovered`, async ({ browser }) => {
      const { context, page } = await phoneVisitor(browser, tracked.url, viewport);
      await page.goto(target.path);
      const notice = page.getByRole('region', { name: consent.title });
      await expect(notice).toBeVisible();
      await expectBuyCallUncovered(page, target.cta, viewport.height);
      await page.screenshot({ path: `/tmp/cookie-notice-${viewport.width}${target.path.replace('/', '-')}.png` });

      // "Detalhes" opens the full text and the privacy link, then closes again.
      await expect(notice.getByText(consent.text)).toBeHidden();
      const details = notice.getByRole('button', { name: consent.details });
      await details.click();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      await expect(notice.getByText(consent.text)).toBeVisible();
      await expect(notice.getByRole('link', { name: consent.privacyLink })).toHaveAttribute('href', '/privacidade');
      await page.screenshot({ path: `/tmp/cookie-notice-${viewport.width}${target.path.replace('/', '-')}-details.png` });
      await details.click();
      await expect(notice.getByText(consent.text)).toBeHidden();

      // One answer closes it and is kept across a reload.
      const answer = target.path === '/' ? consent.accept : consent.decline;
      await notice.getByRole('button', { name: answer, exact: true }).click();
      await expect(notice).toBeHidden();
      expect(await page.evaluate(() => Object.values({ ...window.localStorage }).join(' '))).toContain(
        answer === consent.accept ? 'granted' : 'denied',
      );
      await page.reload();
      await expectBuyCallUncovered(page, target.cta, viewport.height);
      await expect(notice).toBeHidden();
      await context.close();
    });

    test(`without trackers at ${size} on ${target.path} no notice is shown and the buy call is uncovered`, async ({ browser, baseURL }) => {
      const { context, page } = await phoneVisitor(browser, baseURL!, viewport);
      await page.goto(target.path);
      await expectBuyCallUncovered(page, target.cta, viewport.height);
      await expect(page.getByRole('region', { name: consent.title })).toHaveCount(0);
      await context.close();
    });
  }
}

test("with trackers, scrolled on / at 390×844, the notice leaves the sticky bar's buy call uncovered", async ({ browser }) => {
  const viewport = PHONES[1]!;
  const { context, page } = await phoneVisitor(browser, tracked.url, viewport);
  await page.goto('/');
  await expect(page.getByRole('region', { name: consent.title })).toBeVisible();
  await page.mouse.wheel(0, 1200);
  const bar = page.getByRole('button', { name: stickyBar.cta });
  await expect(bar).toBeVisible();
  await expectBuyCallUncovered(page, stickyBar.cta, viewport.height);
  await context.close();
});
