import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { dailyVisitorId, pickVariant } from '../../src/server/experiments/assignment.ts';
import { businessDay } from '../../src/shared/time.ts';
import { signInToConsole } from '../support/clients.ts';
import { headlineExperiment } from '../support/headline-experiment.ts';
import { acceptPresellIn, expect, test, withServerDb } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * An A/B test's variant across reloads and days (docs/experiments.md#assignment): before consent the browser holds no
 * cookie and the daily hash keeps the variant all day; after "Aceitar" a first-party cookie names it, and on a day whose
 * salt gives that visitor the other variant, only the browser with the cookie keeps its own; "Recusar" deletes it.
 */

const PASSWORD = 'senha-do-painel-de-teste';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const TRACKER_HOSTS = /googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com|clarity\.ms/;
/** The salts of "today" and of "the next day", set in the database so the test knows whom the change moves. */
const SALTS = ['sal-do-primeiro-dia', 'sal-do-dia-seguinte'] as const;
const DAY = 86_400_000;
/** GA4 on, so the cookie notice is shown. */
const ENV = { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY_HOPS: '1', GA_ID: 'G-ABCONSENT1' };

async function startHeadlineTest(server: RunningServer): Promise<string> {
  const cookie = await signInToConsole(server.url, PASSWORD);
  const response = await fetch(`${server.url}/api/admin/experiments`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/json' },
    body: JSON.stringify(headlineExperiment(Date.now() + 28 * DAY)),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Today's salt, as the first instance to ask would have created it. */
const setSalt = (dataDir: string, salt: string) =>
  withServerDb(dataDir, async ({ db }) => {
    const day = businessDay(Date.now());
    await db.deleteFrom('experiment_salts').where('day', '=', day).execute();
    await db.insertInto('experiment_salts').values({ day, salt }).execute();
  });

/** A visitor the new salt moves to the other variant: the day's variants by the server's own hash. */
function movedVisitor(experimentId: string): { address: string; before: number; after: number } {
  for (let n = 1; ; n++) {
    const address = `2001:db8:cc:${n.toString(16)}::1`;
    const [before, after] = SALTS.map((salt) => pickVariant(dailyVisitorId(salt, address, PHONE, experimentId), [1, 1]));
    if (before !== after) return { address, before: before!, after: after! };
  }
}

async function visitor(browser: Browser, url: string, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: url, userAgent: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': address } });
  await acceptPresellIn(context);
  await context.route(TRACKER_HOSTS, (route) => route.fulfill({ contentType: 'text/javascript', body: '/* stand-in */' }));
  return { context, page: await context.newPage() };
}

/** The variant the server sent: the document's own mark. */
async function shownVariant(page: Page, experimentId: string): Promise<number> {
  const mark = await page.evaluate(() => document.documentElement.dataset.experiment);
  expect(mark).toMatch(new RegExp(`^${experimentId}\\.[01]$`));
  return Number(mark!.split('.')[1]);
}

const variantCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === 'vitrine_ab');

test('the variant holds across reloads with no cookie before consent, and across days only with the cookie set after it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A data folder of the test's own, kept across the restart.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  let server = await startServer(ENV, { dataDir });
  try {
    const experimentId = await startHeadlineTest(server);
    await setSalt(dataDir, SALTS[0]);
    const { address, before, after } = movedVisitor(experimentId);

    const consenting = await visitor(browser, server.url, address);
    await consenting.page.goto('/');
    expect(await shownVariant(consenting.page, experimentId)).toBe(before);
    const notice = consenting.page.getByRole('region', { name: 'Sua privacidade' });
    await expect(notice).toBeVisible();
    // Before consent nothing is stored on the device, and a reload gets the same document.
    expect(await consenting.context.cookies()).toEqual([]);
    await consenting.page.reload();
    expect(await shownVariant(consenting.page, experimentId)).toBe(before);
    expect(await consenting.context.cookies()).toEqual([]);

    await notice.getByRole('button', { name: 'Aceitar' }).click();
    await expect.poll(async () => (await variantCookie(consenting.context))?.value).toBe(`${experimentId}.${before}`);
    const kept = (await variantCookie(consenting.context))!;
    expect([kept.path, kept.sameSite, kept.httpOnly]).toEqual(['/', 'Lax', false]);
    // About 90 days.
    expect(Math.abs(kept.expires * 1000 - (Date.now() + 90 * DAY))).toBeLessThan(60_000);

    // The next day: a new salt (the server restarted on the same port, so the browser's storage is the same origin's).
    const port = new URL(server.url).port;
    await server.stop();
    await setSalt(dataDir, SALTS[1]);
    server = await startServer({ ...ENV, PORT: port }, { dataDir });

    await consenting.page.reload();
    expect(await shownVariant(consenting.page, experimentId)).toBe(before);
    // The same address and browser without the cookie: the new day's variant.
    const other = await visitor(browser, server.url, address);
    await other.page.goto('/');
    expect(await shownVariant(other.page, experimentId)).toBe(after);
    expect(await other.context.cookies()).toEqual([]);
    await other.context.close();

    // Withdrawn: "Recusar" deletes the cookie, and the next load is the day's hash again.
    // The footer is an island hydrated as it comes near the viewport.
    await consenting.page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await consenting.page.getByRole('contentinfo').getByRole('button', { name: 'Preferências de cookies' }).click();
    await consenting.page.getByRole('region', { name: 'Sua privacidade' }).getByRole('button', { name: 'Recusar' }).click();
    await expect.poll(() => variantCookie(consenting.context)).toBeUndefined();
    await consenting.page.reload();
    expect(await shownVariant(consenting.page, experimentId)).toBe(after);
    expect(await variantCookie(consenting.context)).toBeUndefined();
    await consenting.context.close();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
