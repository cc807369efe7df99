import { loaderFileOf, loaderFilesOf } from '../../src/client/lib/entry-loader.ts';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { startServer, type RunningServer } from './server.ts';
import { fetchFrom } from '../support/clients.ts';

/** A call to the server as the test's browser context would make it; see the `api` fixture. */
export type ApiCall = (path: string, init?: { method?: string; headers?: Record<string, string>; json?: unknown }) => Promise<Response>;

/**
 * `server`: one real server per worker with default settings and its own SQLite file.
 * `acceptedPresell`: a page whose visitor already said "Sim, quero!".
 * `api`: HTTP calls to the server from the test itself, with the context's cookies and headers.
 */
let visitors = 0;

export const test = base.extend<{ acceptPresell: () => Promise<void>; api: ApiCall }, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
    async ({}, use) => {
      // The shared server stands behind one proxy of ours (TRUST_PROXY_HOPS=1), as in production,
      // so each test can be a visitor of its own (below) and per-client limits never mix tests up.
      const server = await startServer({ TRUST_PROXY_HOPS: '1' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // Each test's browser is a distinct client: the address our proxy would have seen, from the
  // IPv6 documentation range (a /64 each), sent only to the loopback server.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
  extraHTTPHeaders: async ({}, use, testInfo) => {
    visitors += 1;
    await use({ 'X-Forwarded-For': `2001:db8:${testInfo.workerIndex}:${visitors}::1` });
  },
  api: async ({ context, baseURL, extraHTTPHeaders }, use) => {
    await use(contextApi(context, baseURL!, extraHTTPHeaders));
  },
  acceptPresell: async ({ context }, use) => {
    await use(() => acceptPresellIn(context));
  },
});

export { expect };
/** The server's database, on a connection of the test's own. */
export { withServerDb } from '../support/server-process.ts';

/** Every page of `context` opens as a visitor who already answered "Sim, quero!" on /presell. */
export async function acceptPresellIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('presell_accepted', 'true'));
}

/** A new visitor of `baseURL`, in a context of its own, who already answered the pre-sell page. */
export async function presellAnsweredContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL });
  await acceptPresellIn(context);
  return context;
}

/**
 * HTTP calls to the server from the test itself, as `context`'s own requests would go: with its
 * extra headers (the test's client address) and its cookies (a console session). Instead of
 * Playwright's `request`: that client pools connections with no idle limit and ignores the server's
 * `Keep-Alive: timeout=5`, so a call 5 s or more after the last one can go out on a connection the
 * server is closing at that moment and fail with ECONNRESET (seen in CI). Each call here opens a
 * connection of its own (`fetchFrom`). Redirects are not followed.
 */
export function contextApi(context: BrowserContext, baseURL: string, extraHTTPHeaders: Record<string, string> = {}): ApiCall {
  return async (path, init = {}) => {
    const url = new URL(path, baseURL).href;
    const cookie = (await context.cookies(url)).map(({ name, value }) => `${name}=${value}`).join('; ');
    const headers: Record<string, string> = { ...extraHTTPHeaders, ...(cookie ? { Cookie: cookie } : {}) };
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    return fetchFrom('127.0.0.1')(url, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: { ...headers, ...init.headers },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  };
}

/** A console error is a failure (STYLE.md), except the ones a test provokes on purpose. */
export function watchConsole(page: Page, allowed: RegExp[] = []): () => void {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text()))) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'console errors').toEqual([]);
}

/** A page's script starts after its first paint; on a machine busy with other runs it can take a while. */
export const PAGE_SCRIPT_TIMEOUT = 20_000;

/** Waits until React has hydrated the page's (first) island `name`. */
export async function expectIslandLive(page: Page, name: string): Promise<void> {
  await expect(page.locator(`[data-island="${name}"]`).first()).toHaveAttribute('data-hydrated', 'true', { timeout: PAGE_SCRIPT_TIMEOUT });
}

/** A prerendered page's entry module, named by the loader its head script fetches (lib/entry-loader.ts). */
export async function pageEntry(html: string, text: (path: string) => Promise<string>): Promise<string | undefined> {
  const loader = loaderFileOf(html);
  return loader ? loaderFilesOf(await text(loader))?.entry : undefined;
}

/** The paths of the scripts the page requests from now on, as a list that grows as it does. */
export function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * Resolves once the landing page has run its last start-up step, the presence beat
 * (pages/landing-islands.tsx): by then the islands in view are live and the step that would load the
 * cookie notice has run, so what the page has not fetched by then it does not fetch at start. Call
 * it before `goto`.
 */
export function landingStarted(page: Page): Promise<unknown> {
  return page.waitForRequest((request) => new URL(request.url()).pathname === '/api/presence', { timeout: PAGE_SCRIPT_TIMEOUT });
}

/** Holds back the page's requests that match, as a slow connection would, until `release()`. */
export async function holdRequests(page: Page, matches: RegExp | ((url: URL) => boolean)): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(matches, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Pays the checkout dialog's PIX the way a buyer of the sandbox does: its "Simular o pagamento
 * deste PIX" link opens the payment page in a tab of its own, as a bank app would be opened, and
 * "Simular pagamento" pays it.
 */
export async function payOnSandbox(context: BrowserContext, dialog: Locator): Promise<void> {
  const [payPage] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('link', { name: 'Simular o pagamento deste PIX' }).click(),
  ]);
  await paySandboxPage(payPage);
}

/** Taps "Simular pagamento" on an open sandbox payment page, waits for its answer and closes it. */
export async function paySandboxPage(payPage: Page): Promise<void> {
  await payPage.getByRole('button', { name: 'Simular pagamento' }).click();
  // Let the form's navigation (POST, then 303 to the page again) finish before closing the tab:
  // closing it mid-navigation can hang Chromium's page close.
  await expect(payPage.getByText('Pagamento simulado').first()).toBeVisible();
  await payPage.close();
}

/** Every tracker configured (docs/tracking.md), for a server of a spec's own. */
export const ALL_TRACKERS = { GA_ID: 'G-TEST12345', META_PIXEL_ID: '1234567890', CLARITY_ID: 'clarity123' } as const;
/** The trackers' hosts, for a test to intercept (no real network). */
export const TRACKER_HOSTS = /googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com|clarity\.ms/;
