import type { Page } from '@playwright/test';
import { loaderFilesOf } from '../../src/client/lib/entry-loader.ts';
import {
  expect,
  expectIslandLive,
  holdRequests,
  landingStarted,
  pageEntry,
  PAGE_SCRIPT_TIMEOUT,
  scriptRequests,
  test,
  watchConsole,
} from './fixtures.ts';

/**
 * The landing page is hydrated island by island (docs/decisions/0004-landing-islands.md): React
 * never touches the static sections, each interactive part comes alive on its own, and a tap made
 * before its part is live still does what the visitor asked.
 */

let checkConsole: () => void;
test.beforeEach(async ({ acceptPresell, page }) => {
  // Hydration mismatches are reported by React as console errors: any one fails the test.
  checkConsole = watchConsole(page);
  await acceptPresell();
});
test.afterEach(() => checkConsole());

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`);

/** The checkout's files, which the page's loader preloads once the page is loaded and idle. */
async function checkoutFilesOf(page: Page): Promise<readonly string[]> {
  const loader = await page.evaluate(async () => {
    const src = document.querySelector('script[data-entry]')?.getAttribute('src');
    return src ? (await fetch(src)).text() : '';
  });
  return loaderFilesOf(loader)?.checkout ?? [];
}

test('React never re-creates or rewrites a static section; the hero headline is the node that first painted', async ({ page }) => {
  // Records, from before the first byte is parsed, every node removed and every text rewritten
  // outside the islands, and keeps the headline node the parser created.
  await page.addInitScript(() => {
    const changes: string[] = [];
    const outsideIslands = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement;
      return !!element && !element.closest('[data-island]') && !!element.closest('#root');
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (!outsideIslands(record.target)) continue;
        if (record.type === 'characterData') changes.push(`text of ${record.target.parentElement?.tagName}`);
        for (const removed of record.removedNodes) changes.push(`removed ${removed.nodeName} from ${(record.target as Element).tagName}`);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as Record<string, unknown>).__firstHeadline = document.querySelector('h1');
    });
    (window as unknown as Record<string, unknown>).__staticChanges = changes;
  });
  await page.goto('/');
  // The countdown is an island hydrated at load: once it ticks, the page's script has run.
  await expect(page.getByRole('timer')).toHaveText(/\d{2}:\d{2}$/, { timeout: PAGE_SCRIPT_TIMEOUT });
  await expectIslandLive(page, 'offer-countdown');
  // Bring every island to life: scroll through the whole page, letting each position reach the
  // screen (two animation frames) as a visitor's scroll does. A position the page never renders is
  // never seen by its IntersectionObserver (in CI the FAQ once stayed asleep after this scroll).
  // (The page grows as sections far below the fold are rendered on the way: content-visibility.)
  const height = () => page.evaluate(() => document.body.scrollHeight);
  const scrollToAndRender = (top: number) =>
    page.evaluate(
      (y) =>
        new Promise<void>((resolve) => {
          window.scrollTo(0, y);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
      top,
    );
  for (let y = 0; y <= (await height()); y += 600) await scrollToAndRender(y);
  // Each island that waits for the viewport is then looked at once more, as a visitor coming back
  // to it would: the check is that it comes alive when seen, however fast it was passed.
  for (const name of ['catalogue', 'faq-accordion', 'whatsapp-group', 'site-footer']) {
    await island(page, name).first().scrollIntoViewIfNeeded();
    await expectIslandLive(page, name);
  }
  for (const name of ['site-header', 'sticky-bar']) await expectIslandLive(page, name);

  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__staticChanges)).toEqual([]);
  expect(await page.evaluate(() => document.querySelector('h1') === (window as unknown as Record<string, unknown>).__firstHeadline)).toBe(
    true,
  );
});

test('islands below the fold wait until they come near the viewport, then hydrate and work', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/');
  await expect(page.getByRole('timer')).toHaveText(/\d{2}:\d{2}$/, { timeout: PAGE_SCRIPT_TIMEOUT });
  await page.waitForLoadState('networkidle');
  // At the top of the page: the FAQ accordion's code (and Radix's) is not loaded yet.
  await expect(island(page, 'faq-accordion')).not.toHaveAttribute('data-hydrated', /.*/);
  expect(scripts.filter((script) => script.includes('faq-accordion'))).toEqual([]);

  const faq = page.getByRole('region', { name: 'Perguntas frequentes' });
  await faq.scrollIntoViewIfNeeded();
  await expectIslandLive(page, 'faq-accordion');
  expect(scripts.some((script) => script.includes('faq-accordion'))).toBe(true);
  const question = faq.getByRole('button', { name: 'Como recebo o acesso à lista?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(/enviamos o link de acesso/)).toBeVisible();
});

test("the landing page's first load carries neither the whole-page app nor a section's code", async ({ page }) => {
  const loaded = scriptRequests(page);
  const started = landingStarted(page);
  await page.goto('/');
  await expect(page.getByRole('timer')).toHaveText(/\d{2}:\d{2}$/, { timeout: PAGE_SCRIPT_TIMEOUT });
  await started;
  await page.waitForLoadState('networkidle');
  expect(loaded.length).toBeGreaterThan(0);
  // The whole-page app (the index entry) and the pre-sell page's entry, the console and its charts,
  // the sections that wait for the viewport (the spots among them) and the header and sticky bar,
  // which wait for the first scroll. The checkout's code comes once the page has loaded and is idle
  // (tap-to-pix.spec.ts).
  for (const chunk of [
    '/assets/site-header-',
    '/assets/sticky-bar-',
    '/assets/scarcity-',
    '/assets/index-',
    '/assets/presell-',
    'admin-page',
    'daily-charts',
    'faq-accordion',
    'catalogue',
  ]) {
    expect(
      loaded.filter((script) => script.includes(chunk)),
      chunk,
    ).toEqual([]);
  }
  // What it does load: the page's own entry, with its first islands' code, and the shared file.
  expect(loaded.filter((script) => /^\/assets\/(landing|initial)-/.test(script))).toHaveLength(2);
});

test("neither page an ad opens starts a request before its first contentful paint; the landing page's icons are drawn once it has loaded", async ({
  page,
}) => {
  // Lighthouse's slow-phone estimate of the largest paint waits for every request started before it
  // (docs/benchmarks.md): the icon sprite a `<use>` names, the loader once the load event came first.
  for (const path of ['/', '/presell']) {
    await page.goto(path);
    const early = await page.waitForFunction(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      if (!paint || document.readyState !== 'complete') return null;
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((request) => request.startTime < paint.startTime)
        .map((request) => new URL(request.name).pathname);
    });
    expect(await early.jsonValue(), path).toEqual([]);
  }
  // The hero's badge icon is a `<use href="#sparkles">`: drawn once the loader has added the sprite's symbols.
  await page.goto('/');
  const badge = page.locator('svg:has(use[href="#sparkles"])').first();
  await expect(badge).toBeVisible();
  await expect
    .poll(() => badge.evaluate((svg) => (svg.querySelector('use') as SVGUseElement).getBBox().width), { timeout: PAGE_SCRIPT_TIMEOUT })
    .toBeGreaterThan(0);
  expect(await page.locator('use[href*=".svg#"]').count()).toBe(0);
  // A section's id equal to an icon's name would take that icon's place.
  const clashes = await page.evaluate(() => {
    const symbols = new Set([...document.querySelectorAll('symbol[id]')].map((symbol) => symbol.id));
    return [...document.querySelectorAll('[id]:not(symbol)')].map((element) => element.id).filter((id) => symbols.has(id));
  });
  expect(clashes).toEqual([]);
});

test('once the whole stylesheet is in, the closed checkout is styled open once, in the task that brings it, and left as it was', async ({
  page,
}) => {
  // Every change of the dialog's `open` attribute, and every event it fires, from the first parse on.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __dialogLog: string[] }).__dialogLog = []);
    new MutationObserver(() => {
      const dialog = document.getElementById('checkout');
      if (!dialog || dialog.dataset.watched) return;
      dialog.dataset.watched = 'true';
      new MutationObserver((records) => {
        for (const record of records) seen.push(record.oldValue === null ? 'open' : 'closed');
      }).observe(dialog, { attributeFilter: ['open'], attributeOldValue: true });
      for (const type of ['toggle', 'beforetoggle', 'close', 'cancel']) dialog.addEventListener(type, () => seen.push(type));
    }).observe(document, { childList: true, subtree: true });
  });
  // Done by the page's loader when the stylesheet arrives, not by the page's code: held, that changes nothing.
  const releaseEntry = await holdRequests(page, /\/assets\/landing-[\w-]+\.js$/);
  await page.goto('/');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __dialogLog: string[] }).__dialogLog), { timeout: PAGE_SCRIPT_TIMEOUT })
    .toEqual(['open', 'closed']);
  releaseEntry();
  const after = await page.evaluate(() => ({
    open: (document.getElementById('checkout') as HTMLDialogElement).open,
    focus: document.activeElement?.tagName,
    overflow: getComputedStyle(document.documentElement).overflow,
    hidden: getComputedStyle(document.getElementById('checkout')!).visibility,
  }));
  expect(after).toEqual({ open: false, focus: 'BODY', overflow: 'visible', hidden: 'hidden' });
  // The buy tap still opens it, drawn.
  await expectIslandLive(page, 'buy-button');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' }).getByLabel('Nome completo')).toBeVisible();
});

test("the checkout's files are preloaded after the load event, one per idle moment, so no tap waits for a task that adds them all", async ({
  page,
}) => {
  // Records, for every idle callback of the page, which `modulepreload` links it added.
  await page.addInitScript(() => {
    const added: Array<{ hrefs: string[]; loaded: boolean }> = [];
    (window as unknown as { __idlePreloads: typeof added }).__idlePreloads = added;
    const native = window.requestIdleCallback.bind(window);
    const hrefs = () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);
    window.requestIdleCallback = (callback, options) =>
      native((deadline) => {
        const before = new Set(hrefs());
        const loaded = document.readyState === 'complete';
        callback(deadline);
        added.push({ hrefs: hrefs().filter((href) => !before.has(href)), loaded });
      }, options);
  });
  await page.goto('/');
  await page.locator('script[data-entry]').waitFor({ state: 'attached' });
  const checkout = await checkoutFilesOf(page);
  expect(checkout.length).toBeGreaterThan(1);
  const readIdle = () =>
    page.evaluate(() => (window as unknown as { __idlePreloads: Array<{ hrefs: string[]; loaded: boolean }> }).__idlePreloads);
  await expect
    .poll(async () =>
      (await readIdle())
        .flatMap((entry) => entry.hrefs)
        .filter((href) => checkout.includes(href))
        .sort(),
    )
    .toEqual([...checkout].sort());
  const withCheckout = (await readIdle())
    .map((entry) => ({ ...entry, hrefs: entry.hrefs.filter((href) => checkout.includes(href)) }))
    .filter((entry) => entry.hrefs.length > 0);
  expect(withCheckout).toHaveLength(checkout.length);
  expect(withCheckout.every((entry) => entry.hrefs.length === 1 && entry.loaded)).toBe(true);
});

test("the rest of the stylesheet does not wait for the page's loader: with the loader held, the later sections are drawn", async ({
  page,
}) => {
  const releaseLoader = await holdRequests(page, /\/assets\/entry-loader-[\w-]+\.js$/);
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveAttribute('data-styles-pending', { timeout: PAGE_SCRIPT_TIMEOUT });
  const faq = page.getByRole('heading', { name: 'Perguntas frequentes' });
  await faq.scrollIntoViewIfNeeded();
  await expect(faq).toBeVisible();
  // The loader finds the stylesheet the head script added, and adds no second one.
  releaseLoader();
  await expectIslandLive(page, 'faq-accordion');
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
});

test('neither page an ad opens loads tailwind-merge at start; the header brings it at the first scroll', async ({ page, api }) => {
  // Buttons join their classes without it (ui/button.tsx); what calls `cn()` comes later. The file
  // that carries it has its config's `conflictingClassGroups` key.
  const carryIt = async (scripts: string[]) =>
    (await Promise.all(scripts.map(async (script) => (await (await api(script)).text()).includes('conflictingClassGroups')))).some(Boolean);
  for (const [path, firstIsland] of [
    ['/presell', 'presell-cta'],
    ['/', 'offer-countdown'],
  ] as const) {
    const loaded = scriptRequests(page);
    await page.goto(path);
    await expectIslandLive(page, firstIsland);
    await page.waitForLoadState('networkidle');
    expect(loaded.length, path).toBeGreaterThan(0);
    // The checkout's files, which `/` fetches once loaded and idle (tap-to-pix.spec.ts), are not its start.
    const later = await checkoutFilesOf(page);
    expect(await carryIt(loaded.filter((script) => !later.includes(script))), path).toBe(false);
  }
  await page.mouse.wheel(0, 400);
  await expectIslandLive(page, 'site-header');
  await page.waitForLoadState('networkidle');
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  expect(await carryIt(loaded.filter((script) => script.endsWith('.js')))).toBe(true);
});

test("React's file, and only it, asks Chrome to compile it while it downloads", async ({ page, api }) => {
  // V8's explicit compile hint must be the file's first line; the page's own files are left to
  // V8's lazy compilation (most of their functions wait for a tap or a scroll).
  const loaded = scriptRequests(page);
  await page.goto('/');
  await expectIslandLive(page, 'offer-countdown');
  const hinted: string[] = [];
  for (const script of loaded) {
    if ((await (await api(script)).text()).startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(script);
  }
  expect(hinted).toEqual([expect.stringMatching(/^\/assets\/react-[\w-]+\.js$/)]);
});

test('starting the landing and pre-sell pages builds no Intl formatter, which would load the locale data on the main thread', async ({
  page,
}) => {
  // The first formatter of a page loads the browser's locale and time-zone data: ≈ 50 ms of main
  // thread on a slow phone, for text that the first view does not show (a sold-out date, a price
  // in a popup). Formatters are made on first use.
  await page.addInitScript(() => {
    const made: string[] = [];
    for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Collator'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      const Counted = function (this: unknown, ...args: unknown[]) {
        made.push(name);
        return new Original(...args);
      };
      Object.assign(Counted, Original);
      Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
    }
    (window as unknown as Record<string, unknown>).__intlMade = made;
  });
  for (const path of ['/', '/presell']) {
    await page.goto(path);
    await expectIslandLive(page, path === '/' ? 'offer-countdown' : 'presell-cta');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__intlMade), path).toEqual([]);
  }
});

test('a tap on the buy button before the page script arrives opens the checkout at once, and it comes to life with the script', async ({
  page,
  api,
}) => {
  // Hold back the landing page's entry script, as a slow connection would.
  const html = await (await api('/')).text();
  const entry = await pageEntry(html, async (path) => (await api(path)).text());
  expect(entry).toBeTruthy();
  const release = await holdRequests(page, (url) => url.pathname === entry);
  await page.goto('/', { waitUntil: 'commit' });
  const buy = page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' });
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  // The form is in the page: the tap opens it without any script.
  await expect(dialog.getByLabel('Nome completo')).toBeEditable();
  release();
  // The whole page script, then the checkout's code, load only now; the held tap leaves it open.
  await expectIslandLive(page, 'checkout');
  await expect(dialog.getByLabel('Nome completo')).toBeVisible();
});

test('a tap on a catalogue card before its island is live opens that app, once', async ({ page }) => {
  const release = await holdRequests(page, /\/assets\/catalogue-[\w-]+\.js$/);
  await page.goto('/');
  await expect(page.getByRole('timer')).toHaveText(/\d{2}:\d{2}$/, { timeout: PAGE_SCRIPT_TIMEOUT });
  const card = page
    .getByRole('region', { name: 'Seus apps favoritos por R$ 1,00 por mês' })
    .getByRole('button', { name: 'Ver detalhes de Netflix' });
  await card.click();
  await expect(island(page, 'catalogue')).not.toHaveAttribute('data-hydrated', /.*/);
  const dialog = page.getByRole('dialog', { name: 'Netflix por R$ 1,00 por mês' });
  await expect(dialog).toHaveCount(0);
  release();
  // The catalogue's code, then the popup's, load only now.
  await expect(dialog).toBeVisible({ timeout: PAGE_SCRIPT_TIMEOUT });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeFocused();
});

test('the buy buttons ready the checkout at focus and answer a tap without React, and become React’s to show the month sold out', async ({
  page,
}) => {
  /** Whether React renders the button: it keeps its fiber on the node it owns. */
  const inReact = (name: string) =>
    page
      .getByRole('button', { name })
      .first()
      .evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactFiber$')));
  let soldOut = false;
  await page.route('**/api/live', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: soldOut ? { ...body, spotsLeft: 0, soldOut: true } : body });
  });
  await page.goto('/');
  await expectIslandLive(page, 'buy-button');
  await expectIslandLive(page, 'offer-countdown');
  // A buy button's focus readies the checkout (as a keyboard's Tab would give it), before any tap.
  await expect(island(page, 'checkout')).not.toHaveAttribute('data-hydrated');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).focus();
  await expectIslandLive(page, 'checkout');
  await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lista de Fornecedores Secretos Vitalícia' });
  await expect(dialog.getByTestId('modal-price')).toHaveText('R$ 19,90');
  expect(await inReact('QUERO MINHA LISTA AGORA')).toBe(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The month sells out: the next answer of GET /api/live (asked again at a countdown's zero or a
  // spot taken, here by the page's own event) turns every buy island into React's sold-out button.
  soldOut = true;
  await page.evaluate(() => window.dispatchEvent(new Event('vitrine:spot-taken')));
  const heroButton = page.locator('[data-island="buy-button"] button[data-placement="hero"]');
  await expect(heroButton).toContainText('VAGAS ESGOTADAS');
  await expect(heroButton).toBeDisabled();
  expect(await inReact('VAGAS ESGOTADAS')).toBe(true);
});
