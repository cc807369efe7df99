import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Locator, Page, Request } from '@playwright/test';
import { acceptPresellIn, expect, expectIslandLive, test } from './fixtures.ts';
import { seedPaidOrder } from './member-helpers.ts';
import { signIn } from './admin-helpers.ts';
import { startServer, type RunningServer } from './server.ts';
import { loaderFileOf, loaderFilesOf } from '../../src/client/lib/entry-loader.ts';
import type { LiveSignals } from '../../src/shared/live.ts';

/**
 * Each prerendered page inlines only its own part of the stylesheet and loads the rest after its
 * first paint (scripts/page-css.ts). These screenshots compare every page an ad's visitor and a
 * buyer see with the same page as it was served before: the whole stylesheet inline. "Before" is
 * made in the browser from the served page (its `<style>` swapped for the whole stylesheet, the
 * loader's rest of the stylesheet dropped), so one build serves both; "after" is the page as served, and for
 * the pages themselves without the rest of the stylesheet (the request fails), so what they show
 * comes from their own part alone. The checkout waits for the rest (lib/rest-of-stylesheet.ts).
 * `/` leaves its later sections to the rest and does not draw them before it is in
 * (landing/deferred-section.tsx): it is shot with the rest held back, the later sections undrawn
 * in both variants, and again once the rest is in.
 */

const PASSWORD = 'senha-do-painel-visual';
const WIDTHS = [390, 1280];
/**
 * Pixels that may differ beyond pixelmatch's colour threshold (0.1) and its anti-aliasing
 * detection: none. A share of the page (0.1 % before) let the member page's list bullets and
 * underlined links through, 1,110 pixels of a 390 px page 3,588 px tall.
 */
const MAX_DIFFERENT_PIXELS = 0;
/** Date.now() in every page of both variants, so the offer countdown reads the same. */
const FIXED_NOW = Date.now();
const REST_OF_STYLESHEET = /\/assets\/index-[\w-]+\.css$/;
/** On `<html>` while the rest of the stylesheet is not in (lib/entry-loader.ts). */
const STYLES_PENDING = 'data-styles-pending';

type Variant = 'whole' | 'page';

let admin: RunningServer;
let visitors = 0;

test.beforeAll(async () => {
  admin = await startServer({ ADMIN_PASSWORD: PASSWORD });
});

test.afterAll(async () => {
  await admin?.stop();
});

/** A context whose documents are served as before (`whole`) or as they are (`page`). */
async function newContext(browser: Browser, baseURL: string, width: number, variant: Variant): Promise<BrowserContext> {
  visitors += 1;
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': `2001:db8:ff:${visitors}::1` },
  });
  if (variant === 'whole') {
    await context.route(
      (url) => !url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/api/'),
      async (route) => {
        // The member link's token exchange answers with a redirect (and its cookie) for the browser to follow.
        if (route.request().resourceType() !== 'document' || /^\/acesso\/./.test(new URL(route.request().url()).pathname)) {
          return route.continue();
        }
        const response = await route.fetch();
        const html = await response.text();
        const loader = loaderFileOf(html);
        const rest = loader ? loaderFilesOf(await (await route.fetch({ url: new URL(loader, baseURL).href })).text())?.css : null;
        if (!rest) return route.fulfill({ response, body: html });
        const whole = await (await route.fetch({ url: new URL(rest, baseURL).href })).text();
        const before = html.replace(/<style>[\s\S]*?<\/style>/, () => `<style>${whole}</style>`);
        return route.fulfill({ response, body: before });
      },
    );
    // The whole stylesheet is inline: the rest the page asks for comes empty, and the page stops waiting for it as it would.
    await context.route(REST_OF_STYLESHEET, (route) => route.fulfill({ contentType: 'text/css', body: '' }));
  }
  return context;
}

/**
 * The live signals every page of both variants reads: the same answer, so the viewers line, the
 * spots and the countdown cannot differ with what other visitors of the server did in between.
 */
const LIVE: LiveSignals = {
  spotsLeft: 37,
  capacity: 50,
  soldOut: false,
  nextBatchAt: FIXED_NOW + 5 * 86_400_000,
  offerEndsAt: FIXED_NOW + 2 * 86_400_000 + 3_600_000,
  viewers: 1,
  serverTime: FIXED_NOW,
};

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_NOW);
  await page.route('**/api/live', (route) => route.fulfill({ json: LIVE, headers: { 'Cache-Control': 'no-store' } }));
  await page.route('**/api/presence', (route) => route.fulfill({ status: 204 }));
  return page;
}

/**
 * The screenshot, once the page's islands are live and its fonts and images are in, with every
 * scrolled box back at its top (where focus moved a dialog's content is not a matter of style) and
 * every section drawn: a full-page shot does not scroll, and a section below the screen with
 * `content-visibility: auto` (styles.css) is drawn or left blank depending on what was drawn before.
 * A section waiting for the rest of the stylesheet stays undrawn while it waits. `quiet` is how the
 * network is known to be done: by default no request at all for half a second.
 */
async function shoot(page: Page, options: { fullPage?: boolean; mask?: Locator[]; quiet?: () => Promise<void> } = {}): Promise<Buffer> {
  await page.evaluate(() => document.fonts.ready);
  await (options.quiet ?? (() => page.waitForLoadState('networkidle')))();
  await page.addStyleTag({
    content: `html:not([${STYLES_PENDING}]) *, :not([data-later-styles]) { content-visibility: visible !important; }`,
  });
  await page.evaluate(async () => {
    for (const element of document.querySelectorAll('*')) if (element.scrollTop > 0) element.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  return page.screenshot({ fullPage: options.fullPage ?? false, animations: 'disabled', caret: 'hide', mask: options.mask ?? [] });
}

/**
 * Resolves once no request but those matching `held` has been in flight for half a second: the
 * network never goes idle while a request is held back. Starts counting at once, so call it
 * before the navigation.
 */
function quietBesides(page: Page, held: RegExp): () => Promise<void> {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!held.test(request.url())) inFlight.add(request);
  });
  const settled = (request: Request) => inFlight.delete(request);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return async () => {
    for (let calm = 0; calm < 5; calm = inFlight.size === 0 ? calm + 1 : 0) await page.waitForTimeout(100);
  };
}

type Shots = Map<string, Buffer>;
type Scenario = (browser: Browser, server: RunningServer, width: number, variant: Variant) => Promise<Shots>;

/** The pages themselves: the pre-sell page, `/` and the member page, from their own part of the stylesheet alone. */
const pages: Scenario = async (browser, server, width, variant) => {
  const shots: Shots = new Map();
  const context = await newContext(browser, server.url, width, variant);
  try {
    const page = await newPage(context);
    let hold: Promise<void> | null = null;
    let release = () => {};
    await page.route(REST_OF_STYLESHEET, async (route) => {
      if (!hold) return variant === 'whole' ? route.fallback() : route.abort();
      await hold;
      return route.fallback();
    });
    await page.goto('/presell');
    await expectIslandLive(page, 'presell-cta');
    shots.set('presell', await shoot(page, { fullPage: true }));

    // `/` with the rest of the stylesheet held back: what its own part styles, its later sections undrawn.
    await acceptPresellIn(context);
    hold = new Promise((resolve) => (release = resolve));
    const quiet = quietBesides(page, REST_OF_STYLESHEET);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expectIslandLive(page, 'buy-button');
    await expect(page.locator('html')).toHaveAttribute(STYLES_PENDING, '');
    shots.set('landing', await shoot(page, { fullPage: true, quiet }));
    // Then with the rest in.
    release();
    await expect(page.locator('html')).not.toHaveAttribute(STYLES_PENDING);
    shots.set('landing-later', await shoot(page, { fullPage: true }));
    hold = null;

    const { token } = await seedPaidOrder(server, 'Marina Souza');
    // The link's redirect lands on /acesso with the member's cookie. A second navigation there at
    // once cancelled the first page's script requests, and the wait for a quiet network never ended.
    await page.goto(`/acesso/${token}`);
    await expect(page).toHaveURL(/\/acesso$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Seu depoimento' })).toBeVisible();
    shots.set('member-page', await shoot(page, { fullPage: true }));
  } finally {
    await context.close();
  }
  return shots;
};

/** The open checkout and its PIX panel, with the rest of the stylesheet, which the checkout waits for. */
const checkout: Scenario = async (browser, server, width, variant) => {
  const shots: Shots = new Map();
  const context = await newContext(browser, server.url, width, variant);
  try {
    await acceptPresellIn(context);
    const page = await newPage(context);
    await page.goto('/');
    await expectIslandLive(page, 'buy-button');
    // A checkout opened while the rest of the stylesheet is pending shows once it is in (styles.css).
    await expect(page.locator('html')).not.toHaveAttribute(STYLES_PENDING);
    await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
    await expect(dialog.getByLabel('Nome completo')).toBeVisible();
    shots.set('checkout', await shoot(page));

    await dialog.getByLabel('Nome completo').fill('Marina Souza');
    await dialog.getByLabel('E-mail').fill(`marina-${variant}-${width}@example.com`);
    await dialog.getByLabel('WhatsApp', { exact: true }).fill('21987654321');
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(dialog.getByTestId('pix-amount')).toHaveText('R$ 19,90');
    // The code, its QR and its expiry (counted from the server's real clock) differ between two charges.
    const unique = [dialog.getByTestId('pix-qr'), dialog.getByLabel('PIX copia e cola'), dialog.getByText(/^Este código expira em/)];
    shots.set('pix', await shoot(page, { mask: unique }));
  } finally {
    await context.close();
  }
  return shots;
};

/** The seller's console (rendered in the browser, with the whole stylesheet inline either way). */
const sellerConsole: Scenario = async (browser, _server, width, variant) => {
  const context = await newContext(browser, admin.url, width, variant);
  try {
    const page = await newPage(context);
    await signIn(page, PASSWORD);
    await expect(page.getByLabel('Faturamento Hoje')).toHaveText('R$ 0,00');
    await expect(page.getByRole('region', { name: 'Funil (últimos 30 dias)' })).toBeVisible();
    // The charts come in their own chunk after the figures, and are drawn on a canvas once it has arrived.
    for (const chart of ['Faturamento por dia', 'Funil por dia']) {
      await expect(page.getByRole('img', { name: chart }).locator('canvas')).toBeVisible();
    }
    return new Map([['console', await shoot(page, { fullPage: true })]]);
  } finally {
    await context.close();
  }
};

for (const width of WIDTHS) {
  for (const [name, scenario] of [
    ['the pre-sell page, the landing page and the member page', pages],
    ['the open checkout and its PIX panel', checkout],
    ['the console', sellerConsole],
  ] as const) {
    test(`${name} look the same with their own part of the stylesheet as with the whole one, at ${width} px`, async ({
      browser,
      server,
    }, testInfo) => {
      // Two loads of each page: on a machine busy with other runs one test has taken two minutes.
      test.setTimeout(240_000);
      const before = await scenario(browser, server, width, 'whole');
      const after = await scenario(browser, server, width, 'page');
      const differences: string[] = [];
      for (const [shot, image] of before) {
        const a = PNG.sync.read(image);
        const b = PNG.sync.read(after.get(shot)!);
        if (a.width !== b.width || a.height !== b.height) {
          differences.push(`${shot}: ${a.width}×${a.height} before, ${b.width}×${b.height} after`);
          continue;
        }
        const diff = new PNG({ width: a.width, height: a.height });
        const different = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
        if (different > MAX_DIFFERENT_PIXELS) {
          differences.push(`${shot}: ${different} of ${a.width * a.height} pixels differ`);
          await testInfo.attach(`${shot}-before.png`, { body: image, contentType: 'image/png' });
          await testInfo.attach(`${shot}-after.png`, { body: after.get(shot)!, contentType: 'image/png' });
          await testInfo.attach(`${shot}-diff.png`, { body: PNG.sync.write(diff), contentType: 'image/png' });
        }
      }
      expect(differences).toEqual([]);
    });
  }
}
