import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { chromiumLaunchOptions, findChromium, MISSING_CHROMIUM_MESSAGE } from '../tests/e2e/browser.ts';
import { startServer, type RunningServer } from '../tests/e2e/server.ts';
import { floorPageHtml } from './floor-page.ts';

/**
 * Tap to PIX: what a buyer on a slow phone waits for between tapping the hero's buy button and
 * seeing the PIX. Real Chromium (the tests' /usr/bin/chromium, nothing downloaded) with DevTools
 * emulation of a mid-range phone on a slow mobile network, against the production server on
 * loopback with the sandbox gateway. Each run is a fresh browser context with an empty cache that
 * taps a fixed time after the page's load event (0.5 s, 1.5 s, 5 s: before, while and after the
 * checkout's code arrives and hydrates the prerendered form), and once more at 1.5 s with a second
 * page in the same browser keeping a core busy. Figures, not pass/fail: a failing run prints its
 * reason and the others go on.
 *
 * Each run is followed by one on the floor page (bench/floor-page.ts): the same buy button opening
 * a `<dialog>` form by the browser's own invoker command, no script. This machine's emulated phone
 * answers no tap faster, and its figures drift between sittings, so the tap's INP is also given as
 * a ratio to the floor's, measured alternately in the same sitting.
 */
const RUNS = Number(process.env.TAP_RUNS ?? 10);
/** A run that takes longer is abandoned (its context closed) and reported as failed. */
const RUN_LIMIT_MS = 60_000;
/** Runs not started once the section has taken this long are skipped, so the section stays bounded. */
const SECTION_BUDGET_MS = 20 * 60_000;

const CPU_SLOWDOWN = 4;
// DevTools' units: latency in ms, throughput in bytes per second (1.6 Mbit/s down, 750 kbit/s up).
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
// The pixel ratio is Lighthouse's mobile default (section 2), so both sections paint alike.
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;

// The copy the buyer sees (src/content/checkout.ts, src/content/landing.ts); the in-page checks repeat theirs.
const BUY_LABEL = 'QUERO MINHA LISTA AGORA';
const DIALOG_LABEL = 'Lista de Fornecedores Secretos Vitalícia';
const NAME_LABEL = 'Nome completo';
const LOADING_PRODUCT = 'Carregando…';

/** The floor page's tap: nothing to submit. */
interface FloorSample {
  tapAfterLoad: number;
  tapToForm: number;
  inp: number | null;
}

/** Served by the bench's server beside the build, for the floor's runs only. */
const FLOOR_DIR = 'bench-floor-tap';

interface Sample {
  /** Whether the checkout's island was live when the finger came down (else the prerendered form answered). */
  liveAtTap: boolean;
  /** When the finger came down, after the load event: the nominal time plus what the tap's own steps took. */
  tapAfterLoad: number;
  /** Tap's pointerdown → first frame with a typeable name field. */
  tapToForm: number;
  /** Longest Event Timing entry of the tap's interaction; null when every entry was under 16 ms. */
  inp: number | null;
  /** Submit tap's pointerdown → first frame with the PIX panel (see `pixPanelShown`). */
  submitToPix: number;
  /** What the submit waited for: see `SubmitTrace`. */
  submit: SubmitTrace;
  /** Scripts whose request started between the tap and the form: transfer size (0 from cache), body size, files. */
  scriptTransfer: number;
  scriptBody: number;
  scriptFiles: string[];
  /** All requests in that window (scripts, GET /api/product…), transfer size. */
  allTransfer: number;
  /** Whether the QR itself was visible in that frame, or only the phone layout's "Copiar código PIX" (QR folded). */
  qrVisible: boolean;
}

interface Probe {
  /** What the next tap leads to; its frames are watched from its pointerdown on ('bank': another page, nothing to watch here). */
  armed: 'form' | 'pix' | 'banks' | 'bank';
  pointerdown?: number;
  /** Whether the checkout's island was live at that pointerdown. */
  liveAtTap?: boolean;
  /** The text of the button the armed tap landed on. */
  target?: string | null;
  formAt?: number;
  pixAt?: number;
  /** First frame with the bank list's first bank (after the tap on "Pagar no app do banco"). */
  banksAt?: number;
  /** The armed tap's pointerdown on the clock shared by the page and the next one (`performance.timeOrigin` + the event's time). */
  pointerdownEpoch?: number;
  /** When this document's first script ran, on the same clock: its navigation had committed. */
  committedEpoch: number;
  qrVisible?: boolean;
  events: Array<{ name: string; startTime: number; duration: number; interactionId: number }>;
}

type ProbeWindow = Window & { __tapProbe: Probe };

/**
 * Runs before any page script: the visitor already answered the pre-sell page, and the page keeps
 * the timestamps this section reads (the armed tap's pointerdown, the Event Timing entries).
 *
 * The frames are watched only from the armed tap's pointerdown on, until what the tap leads to is
 * there: the buyer form's name field ('form') or the PIX panel ('pix'). The time kept is
 * performance.now() inside the first requestAnimationFrame callback that finds it; that frame is the
 * first to paint it. A loop started before the tap, as this section's first probe did, ran in every
 * frame of the page's busiest second and forced its style and layout each time: the same build read
 * a median INP of 144 ms with it and 104 ms without it (docs/benchmarks.md). A buyer's page runs no
 * such loop.
 */
function installProbe(): void {
  try {
    window.localStorage.setItem('presell_accepted', 'true');
  } catch {
    // about:blank has no storage.
  }
  // The first tap is the buy button's.
  const probe: Probe = { armed: 'form', events: [], committedEpoch: performance.timeOrigin + performance.now() };
  (window as unknown as ProbeWindow).__tapProbe = probe;
  // Displayed and with a box; the sheet's 200 ms fade-in (opacity) is not waited for.
  const shown = (element: Element | null | undefined): boolean => {
    if (!element?.isConnected || !element.checkVisibility({ visibilityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const nameFieldTypeable = (): boolean => {
    // Live or not yet (the prerendered form is aria-busy until its island is live): a field the buyer types into.
    const label = [...document.querySelectorAll('[role="dialog"] label')].find(
      (candidate) => candidate.textContent?.trim() === 'Nome completo',
    ) as HTMLLabelElement | undefined;
    const field = label?.control;
    return !!field && shown(field) && !field.matches(':disabled') && field.closest('[inert]') === null;
  };
  const pixPanelShown = (): boolean => {
    const qr = document.querySelector('[role="dialog"] [data-testid="pix-qr"] svg, [role="dialog"] img[alt="QR Code PIX para pagar"]');
    if (!qr) return false;
    if (shown(qr)) {
      probe.qrVisible = true;
      return true;
    }
    // Below 640 px the panel leads with one big "Copiar código PIX" and folds the QR behind
    // "Pagar com outro aparelho" (src/client/checkout/pix-panel.tsx): the QR is in the DOM, not on screen.
    const copyCode = [...document.querySelectorAll('[role="dialog"] button')].find((button) =>
      button.textContent?.includes('Copiar código PIX'),
    );
    if (!shown(copyCode)) return false;
    probe.qrVisible = false;
    return true;
  };
  const bankListShown = (): boolean => shown(document.querySelector('[role="dialog"] ul[aria-label="Escolha o seu banco"] li button'));
  const watchFrames = (target: Exclude<Probe['armed'], 'bank'>) => {
    const ready = target === 'form' ? nameFieldTypeable : target === 'pix' ? pixPanelShown : bankListShown;
    const started = performance.now();
    const step = () => {
      if (ready()) {
        if (target === 'form') probe.formAt = performance.now();
        else if (target === 'pix') probe.pixAt = performance.now();
        else probe.banksAt = performance.now();
      } else if (performance.now() - started < 60_000) {
        requestAnimationFrame(step);
      }
    };
    requestAnimationFrame(step);
  };
  // Capturing on window, registered before the page's own listeners: the event's timeStamp is the
  // moment the input happened, so a main thread busy when the finger came down still counts.
  window.addEventListener(
    'pointerdown',
    (event) => {
      if (probe.pointerdown !== undefined) return;
      probe.pointerdown = event.timeStamp;
      probe.pointerdownEpoch = performance.timeOrigin + event.timeStamp;
      probe.target = event.target instanceof Element ? (event.target.closest('button')?.textContent?.trim() ?? null) : null;
      probe.liveAtTap = document.querySelector('[data-island="checkout"][data-hydrated="true"]') !== null;
      if (probe.armed !== 'bank') watchFrames(probe.armed);
    },
    { capture: true },
  );
  performance.setResourceTimingBufferSize(1000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId: number }>) {
      probe.events.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration, interactionId: entry.interactionId });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

/** Arms the probe for the next tap: see `installProbe`. */
function arm(target: Probe['armed']): void {
  const probe = (window as unknown as ProbeWindow).__tapProbe;
  probe.armed = target;
  probe.pointerdown = undefined;
}

const probeOf = (page: Page) =>
  page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { ...(window as unknown as ProbeWindow).__tapProbe, loadEventEnd: navigation.loadEventEnd };
  });

/** Waits until the probe has timed `key`; a timeout says which step never came. */
async function probeReached(page: Page, key: 'formAt' | 'pixAt' | 'banksAt', step: string, polling: number | 'raf' = 100): Promise<void> {
  try {
    await page.waitForFunction((name) => (window as unknown as ProbeWindow).__tapProbe[name] !== undefined, key, { polling });
  } catch (error) {
    throw new Error(`${step} (${error instanceof Error ? error.message : String(error)})`);
  }
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
}

const heroBuyButton = (page: Page) => page.getByRole('button', { name: BUY_LABEL }).and(page.locator('[data-placement="hero"]'));

/**
 * A finger on the element's centre, as the phone sends it. Playwright's `tap()` first checks over
 * several animation frames that the element is stable and hit, and each of its steps waits for the
 * page's main thread: page work at the very moment being timed, which landed the "0.5 s" tap 1.1 s
 * after the load event. The probe checks that the tap landed on the button (`installProbe`).
 */
async function tap(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${await target.textContent()} has no box`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * `/` loaded, then the hero's buy button tapped `afterLoadMs` after its load event ended: the wait
 * is Node's, on the clock the page's `performance.timeOrigin` is read from, so nothing runs in the
 * page meanwhile.
 */
async function tapAfterLoad(page: Page, afterLoadMs: number, pathname = '/'): Promise<void> {
  await page.goto(pathname, { waitUntil: 'load' });
  const loadedAt = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return performance.timeOrigin + navigation.loadEventEnd;
  });
  const box = await heroBuyButton(page).boundingBox();
  if (!box) throw new Error('the buy button has no box');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, loadedAt + afterLoadMs - Date.now())));
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** When the tap comes after the load event, and whether a second page keeps a core busy meanwhile. */
const MODES = {
  '0.5 s': { afterLoadMs: 500, busy: false },
  '1.5 s': { afterLoadMs: 1_500, busy: false },
  '5 s': { afterLoadMs: 5_000, busy: false },
  'busy 1.5 s': { afterLoadMs: 1_500, busy: true },
} as const;
type Mode = keyof typeof MODES;

/**
 * A second tab of the same browser that keeps its main thread busy (an opaque origin, so a renderer
 * of its own): with the page's renderer and the browser's own threads, the phone's other core is taken.
 */
async function openBusyPage(context: BrowserContext): Promise<Page> {
  const busy = await context.newPage();
  await busy.goto(
    'data:text/html,<title>busy</title><script>(function spin(){var end=performance.now()+50;while(performance.now()<end);setTimeout(spin,0)})()</script>',
  );
  return busy;
}

/**
 * The tap's INP: the longest entry of its interaction, the first one whose entries start at or
 * after its pointerdown. Read seconds later, when its entries have surely been delivered.
 */
function tapInp(events: Probe['events'], tapAt: number, formAt: number): number | null {
  const tapEvents = events.filter((entry) => entry.interactionId > 0 && entry.startTime >= tapAt - 0.5 && entry.startTime <= formAt);
  const first = tapEvents.sort((a, b) => a.startTime - b.startTime)[0];
  return first ? Math.max(...events.filter((entry) => entry.interactionId === first.interactionId).map((entry) => entry.duration)) : null;
}

let buyers = 0;

/**
 * A fresh context (empty cache, the phone's CPU and network) whose page is tapped on the hero's buy
 * button `mode`'s time after its load event; `then` goes on from the frame with the form.
 */
async function withTappedPage<T>(
  browser: Browser,
  server: RunningServer,
  mode: Mode,
  pathname: string,
  then: (page: Page, tap: { tapAt: number; formAt: number; liveAtTap: boolean; loadEventEnd: number }) => Promise<T>,
): Promise<T> {
  buyers += 1;
  const context: BrowserContext = await browser.newContext({
    ...PHONE,
    baseURL: server.url,
    // A visitor of its own for the server's per-client limits (10 orders an hour), as our proxy
    // would say (the server runs with TRUST_PROXY_HOPS=1).
    extraHTTPHeaders: { 'X-Forwarded-For': `2001:db8:7a9:${buyers}::1` },
  });
  const page = await context.newPage();
  const work = (async () => {
    // tsx compiles this file keeping function names, which wraps the page functions' inner
    // functions in calls to its `__name` helper: the page needs one too.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript(installProbe);
    const { afterLoadMs, busy } = MODES[mode];
    if (busy) {
      await openBusyPage(context);
      // The phone shows the page tapped; a tab in the background draws no frames.
      await page.bringToFront();
    }
    await throttle(page);
    await tapAfterLoad(page, afterLoadMs, pathname);
    await probeReached(page, 'formAt', 'no form after the buy tap');
    const afterTap = await probeOf(page);
    if (afterTap.pointerdown === undefined) throw new Error('the tap reached no pointerdown listener');
    if (afterTap.target !== BUY_LABEL) throw new Error(`the tap landed on ${afterTap.target ?? 'no button'}, not the buy button`);
    return then(page, {
      tapAt: afterTap.pointerdown,
      formAt: afterTap.formAt!,
      liveAtTap: afterTap.liveAtTap === true,
      loadEventEnd: afterTap.loadEventEnd,
    });
  })();
  // Closing the context ends whatever the run still waits for; that rejection is the timeout's, not news.
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no result within ${RUN_LIMIT_MS / 1000} s`)), RUN_LIMIT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    await context.close();
  }
}

/** The floor page's tap: its INP once the form is painted and its entries delivered. */
function measureFloorRun(browser: Browser, server: RunningServer, mode: Mode): Promise<FloorSample> {
  return withTappedPage(browser, server, mode, `/${FLOOR_DIR}`, async (page, { tapAt, formAt, loadEventEnd }) => {
    await page.waitForTimeout(1_000);
    const { events } = await probeOf(page);
    return { tapAfterLoad: tapAt - loadEventEnd, tapToForm: formAt - tapAt, inp: tapInp(events, tapAt, formAt) };
  });
}

/** The page's requests started between two moments of its clock, from its resource timing. */
const requestsBetween = (page: Page, from: number, to: number) =>
  page.evaluate(
    ([start, end]) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.startTime >= start && entry.startTime <= end)
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          type: entry.initiatorType,
          start: entry.startTime,
          end: entry.responseEnd,
          transfer: entry.transferSize,
          body: entry.encodedBodySize,
        })),
    [from, to] as const,
  );

/**
 * The submit's requests, from its pointerdown: when `POST /api/orders` left and when its answer had
 * arrived, and every other request started before the panel's frame (chunks, a GET of the order).
 */
interface SubmitTrace {
  postLeft: number;
  postAnswered: number;
  others: string[];
}

/**
 * From the frame with the form: the buyer's details typed (and a CPF, which a real provider's bank
 * needs), then "GERAR PIX" tapped. Returns the buy tap's INP, read once its entries have surely
 * been delivered, and the submit tap's pointerdown → first frame with the PIX panel.
 */
async function submitForPix(
  page: Page,
  tapAt: number,
  formAt: number,
  cpf?: string,
): Promise<{ inp: number | null; submitToPix: number; qrVisible: boolean; submit: SubmitTrace }> {
  const dialog = page.getByRole('dialog', { name: DIALOG_LABEL });
  const tag = `${process.pid}${buyers}`.padStart(8, '7').slice(-8);
  await dialog.getByLabel(NAME_LABEL).fill('Maria Souza');
  await dialog.getByLabel('E-mail').fill(`maria.tap${process.pid}.${buyers}@example.com`);
  await dialog.getByLabel('WhatsApp', { exact: true }).fill(`(11) 9${tag.slice(0, 4)}-${tag.slice(4)}`);
  if (cpf !== undefined) await dialog.getByLabel('CPF').fill(cpf);
  // Submitting before the product has loaded only shows an error (payment-modal.tsx).
  await dialog.getByRole('status').filter({ hasText: LOADING_PRODUCT }).waitFor({ state: 'detached' });

  // The tap's interaction: the first one whose entries start at or after its pointerdown. Read
  // now, seconds later, when its entries have surely been delivered.
  const { events } = await probeOf(page);
  const inp = tapInp(events, tapAt, formAt);

  await page.evaluate(arm, 'pix' as const);
  await tap(page, dialog.getByRole('button', { name: 'GERAR PIX' }));
  await probeReached(page, 'pixAt', 'no PIX panel after "GERAR PIX"');
  const afterSubmit = await probeOf(page);
  if (afterSubmit.pointerdown === undefined) throw new Error('the submit tap reached no pointerdown listener');
  const requests = await requestsBetween(page, afterSubmit.pointerdown, afterSubmit.pixAt!);
  const post = requests.find((request) => request.path === '/api/orders' && request.type === 'fetch');
  if (!post) throw new Error('no POST /api/orders between "GERAR PIX" and the PIX panel');
  const submit: SubmitTrace = {
    postLeft: post.start - afterSubmit.pointerdown,
    postAnswered: post.end - afterSubmit.pointerdown,
    others: requests.filter((request) => request !== post && request.path !== '/api/events').map((request) => request.path),
  };
  return { inp, submitToPix: afterSubmit.pixAt! - afterSubmit.pointerdown, qrVisible: afterSubmit.qrVisible ?? false, submit };
}

function measureRun(browser: Browser, server: RunningServer, mode: Mode): Promise<Sample> {
  return withTappedPage(browser, server, mode, '/', async (page, { tapAt, formAt, liveAtTap, loadEventEnd }) => {
    const resources = await requestsBetween(page, tapAt, formAt);
    const scripts = resources.filter((resource) => resource.path.endsWith('.js'));

    const { inp, submitToPix, qrVisible, submit } = await submitForPix(page, tapAt, formAt);
    return {
      liveAtTap,
      tapAfterLoad: tapAt - loadEventEnd,
      tapToForm: formAt - tapAt,
      inp,
      submitToPix,
      submit,
      scriptTransfer: scripts.reduce((sum, script) => sum + script.transfer, 0),
      scriptBody: scripts.reduce((sum, script) => sum + script.body, 0),
      scriptFiles: scripts.map((script) => script.path),
      allTransfer: resources.reduce((sum, resource) => sum + resource.transfer, 0),
      qrVisible,
    };
  });
}

/** The stand-in's bank the bench picks (tests/support/providers/efi/efi-open-finance-stand-in.ts), and a valid CPF it pays with. */
const BANK_NAME = 'Banco Stand-in';
const BANK_CPF = '52998224725';
/** Runs of the bank section; its buyer taps 1.5 s after the load event, as `MODES['1.5 s']`. */
const BANK_MODE: Mode = '1.5 s';

interface BankSample {
  /** Submit tap → PIX panel, as `Sample.submitToPix`, on the same shop and page. */
  submitToPix: number;
  /** Tap on "Pagar no app do banco" → first frame with the bank list's first bank. */
  tapToList: number;
  /** Tap on the bank → the bank's page committed (its first script ran). */
  pickToBank: number;
}

/**
 * "Pagar no app do banco" after the PIX panel, on a shop paying by Efí with Open Finance on against its
 * stand-ins (tests/e2e/open-finance-shop.ts): the tap opens the bank list (its chunk and
 * GET /api/open-finance/bancos, fetched on the tap), the bank is tapped as soon as it is painted, and the
 * bank's page is timed when its navigation has committed (the probe's first line in that document). The
 * gap between the list's frame and the second tap is the bench's own, not the buyer's: left out.
 */
function measureBankRun(browser: Browser, server: RunningServer): Promise<BankSample> {
  return withTappedPage(browser, server, BANK_MODE, '/', async (page, { tapAt, formAt }) => {
    const { submitToPix } = await submitForPix(page, tapAt, formAt, BANK_CPF);
    const dialog = page.getByRole('dialog', { name: DIALOG_LABEL });

    await page.evaluate(arm, 'banks' as const);
    await tap(page, dialog.getByRole('button', { name: 'Pagar no app do banco' }));
    await probeReached(page, 'banksAt', 'no bank list after the tap on "Pagar no app do banco"', 'raf');
    const atList = await probeOf(page);
    if (atList.pointerdown === undefined) throw new Error('the tap on "Pagar no app do banco" reached no pointerdown listener');

    await page.evaluate(arm, 'bank' as const);
    const shopOrigin = new URL(page.url()).origin;
    const left = page.waitForURL((url) => url.origin !== shopOrigin, { waitUntil: 'commit' });
    await tap(page, dialog.getByRole('list', { name: 'Escolha o seu banco' }).getByRole('button', { name: BANK_NAME }));
    const pickedAt = (await probeOf(page)).pointerdownEpoch;
    await left;
    if (pickedAt === undefined) throw new Error('the tap on the bank reached no pointerdown listener');
    const atBank = await page.evaluate(() => ({
      path: window.location.pathname,
      committedEpoch: (window as unknown as ProbeWindow).__tapProbe.committedEpoch,
    }));
    if (!atBank.path.startsWith('/autorizar/')) throw new Error(`the browser went to ${atBank.path}, not the bank's page`);
    return { submitToPix, tapToList: atList.banksAt! - atList.pointerdown, pickToBank: atBank.committedEpoch - pickedAt };
  });
}

/** The bank section: its own shop (Efí with Open Finance, stand-ins), `RUNS` buyers, medians and the ratio to the PIX panel. */
async function runBankSection(browser: Browser, started: number): Promise<void> {
  const { openShop } = await import('../tests/e2e/open-finance-shop.ts');
  console.log(
    `\nTap to the bank's page ("Pagar no app do banco", Efí Open Finance stand-in), the same phone (CPU ${CPU_SLOWDOWN}× slower, the same network), tap ${BANK_MODE} after the load event; ${RUNS} runs; load before: ${loadAverage()}`,
  );
  const shop = await openShop(undefined, { TRUST_PROXY_HOPS: '1' });
  const samples: BankSample[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      if (performance.now() - started > SECTION_BUDGET_MS) {
        console.log(`  bank run ${run}: skipped, the section has taken over ${SECTION_BUDGET_MS / 60_000} min`);
        continue;
      }
      try {
        const sample = await measureBankRun(browser, shop.server);
        samples.push(sample);
        console.log(
          `  bank run ${String(run).padStart(2)}  submit→PIX ${millis(sample.submitToPix).padStart(8)}  tap→bank list ${millis(sample.tapToList).padStart(8)}  ` +
            `bank tap→bank's page ${millis(sample.pickToBank).padStart(8)}  together ${millis(sample.tapToList + sample.pickToBank).padStart(8)}`,
        );
      } catch (error) {
        console.log(`  bank run ${run}: failed (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})`);
      }
    }
  } finally {
    await shop.stop();
  }
  console.log(`  load after: ${loadAverage()}`);
  console.log(`  ${serverPostTimes(shop.server)}`);
  if (samples.length === 0) return;
  const together = (sample: BankSample) => sample.tapToList + sample.pickToBank;
  const rows: Array<[string, (sample: BankSample) => number]> = [
    ['submit → PIX panel painted', (sample) => sample.submitToPix],
    ['"Pagar no app do banco" → list', (sample) => sample.tapToList],
    ["bank tapped → bank's page", (sample) => sample.pickToBank],
    ["both waits: tap → bank's page", together],
  ];
  console.log(`\n  ${''.padEnd(31)}${'median'.padStart(10)}${'max'.padStart(10)}   (${samples.length} runs)`);
  for (const [label, value] of rows) {
    const values = samples.map(value);
    console.log(`  ${label.padEnd(31)}${millis(median(values)).padStart(10)}${millis(Math.max(...values)).padStart(10)}`);
  }
  const ratio = median(samples.map(together)) / median(samples.map((sample) => sample.submitToPix));
  console.log(`  ${"tap → bank's page ÷ submit → PIX".padEnd(31)}${`${ratio.toFixed(2)}×`.padStart(10)}   (medians)`);
}

/** Orders of `serverAlone`, one after another. */
const SERVER_ORDERS = 100;

/**
 * `POST /api/orders` alone, without a browser on the machine: `SERVER_ORDERS` buyers of their own,
 * one after another on loopback, against the demo's sandbox (the provider stand-in the runs use).
 */
async function serverAlone(): Promise<string> {
  const server = await startServer({ TRUST_PROXY_HOPS: '1' });
  const key = () => crypto.randomUUID().replace(/-/g, '');
  try {
    for (let order = 0; order < SERVER_ORDERS; order++) {
      const digits = String(10_000_000 + ((process.pid * 7_919 + order * 104_729) % 89_999_999));
      const response = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `2001:db8:7aa:${order}::1` },
        body: JSON.stringify({
          name: 'Maria Souza',
          email: `maria.server${process.pid}.${order}@example.com`,
          phone: `(11) 9${digits.slice(0, 4)}-${digits.slice(4, 8)}`,
          checkoutKey: key(),
          viewKey: `${key()}${key()}`,
        }),
      });
      await response.arrayBuffer();
    }
  } finally {
    await server.stop();
  }
  return serverPostTimes(server);
}

const submitLine = (trace: SubmitTrace) =>
  `POST left at ${millis(trace.postLeft)}, answered at ${millis(trace.postAnswered)}; before the panel also: ${trace.others.join(', ') || 'nothing'}`;

/**
 * The server's own time for `POST /api/orders` (from its request to its answer, without the
 * network): the `durationMs` of its access log's lines, the runs' orders and the floor's none.
 */
function serverPostTimes(server: RunningServer): string {
  const times = server.logs
    .map((line) => /method=POST path=\/api\/orders status=201 durationMs=([\d.]+)/.exec(line)?.[1])
    .filter((time): time is string => time !== undefined)
    .map(Number);
  if (times.length === 0) return 'server: no POST /api/orders answered 201 in its log';
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
  return `server: POST /api/orders handled in ${millis(median(times))} median, ${millis(p95)} p95, ${millis(sorted.at(-1)!)} max (${times.length} orders, its access log's durationMs)`;
}

const millis = (ms: number) => `${Math.round(ms)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Under the API's 16 ms threshold no entry is reported: shown as "<16 ms", ranked as 15.9. */
const inpValue = (sample: { inp: number | null }) => sample.inp ?? 15.9;
const showInp = (ms: number) => (ms < 16 ? '<16 ms' : millis(ms));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function loadAverage(): string {
  try {
    return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}

/**
 * The tap times of `MODES` against the sandbox gateway, then the bank section (`runBankSection`).
 * TAP_MODES (parts of the names, comma-separated: `busy`, `0.5,bank`) runs only those.
 */
export async function runTapToPixBench(clientDir: string): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log(`\nTap to PIX skipped: ${MISSING_CHROMIUM_MESSAGE}`);
    return;
  }
  const only = process.env.TAP_MODES?.split(',').filter(Boolean);
  const modes = (Object.keys(MODES) as Mode[]).filter((mode) => !only || only.some((part) => mode.includes(part)));
  if (modes.length > 0) await runPixModes(clientDir, modes);
  if (!only || only.some((part) => 'bank'.includes(part))) {
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      await runBankSection(browser, performance.now());
    } finally {
      await browser.close();
    }
  }
}

async function runPixModes(clientDir: string, modes: Mode[]): Promise<void> {
  const modalChunk = fs.readdirSync(path.join(clientDir, 'assets')).find((name) => /^payment-modal-.*\.js$/.test(name));
  const brotliOf = (file: string) => zlib.brotliCompressSync(fs.readFileSync(path.join(clientDir, file))).length;

  console.log(
    `\nTap to PIX: Chromium, ${PHONE.viewport.width}×${PHONE.viewport.height} touch phone (pixel ratio ${PHONE.deviceScaleFactor}), CPU ${CPU_SLOWDOWN}× slower, ` +
      `network ${NETWORK.latency} ms RTT, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbit/s down, ${(NETWORK.uploadThroughput * 8) / 1e3} kbit/s up ` +
      `(DevTools emulation: ${NETWORK.downloadThroughput} / ${NETWORK.uploadThroughput} B/s); ${RUNS} runs for each tap time after the load event; load before: ${loadAverage()}`,
  );
  console.log(`  alone, before the runs: ${await serverAlone()}; load: ${loadAverage()}`);
  const floorDir = path.join(clientDir, FLOOR_DIR);
  fs.mkdirSync(floorDir, { recursive: true });
  fs.writeFileSync(path.join(floorDir, 'index.html'), floorPageHtml({ checkout: true }));
  const server = await startServer({ TRUST_PROXY_HOPS: '1' });
  const browser = await chromium.launch(chromiumLaunchOptions());
  const started = performance.now();
  const samples = Object.fromEntries(modes.map((mode) => [mode, [] as Sample[]])) as Record<Mode, Sample[]>;
  const floors = Object.fromEntries(modes.map((mode) => [mode, [] as FloorSample[]])) as Record<Mode, FloorSample[]>;
  try {
    for (const mode of modes) {
      for (let run = 1; run <= RUNS; run++) {
        if (performance.now() - started > SECTION_BUDGET_MS) {
          console.log(`  ${mode} run ${run}: skipped, the section has taken over ${SECTION_BUDGET_MS / 60_000} min`);
          continue;
        }
        try {
          const sample = await measureRun(browser, server, mode);
          samples[mode].push(sample);
          console.log(
            `  ${mode.padEnd(10)} run ${String(run).padStart(2)}  tap at load + ${millis(sample.tapAfterLoad).padStart(8)}  ${sample.liveAtTap ? 'live    ' : 'not live'}  tap→form ${millis(sample.tapToForm).padStart(8)}  INP ${showInp(inpValue(sample)).padStart(7)}  ` +
              `submit→PIX ${millis(sample.submitToPix).padStart(8)}  scripts tap→form ${kb(sample.scriptTransfer).padStart(8)} transferred, ` +
              `${kb(sample.scriptBody)} body (${sample.scriptFiles.length} files)  all requests ${kb(sample.allTransfer)}`,
          );
          console.log(`  ${''.padEnd(10)}        ${submitLine(sample.submit)}`);
        } catch (error) {
          console.log(`  ${mode} run ${run}: failed (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})`);
        }
        try {
          const floor = await measureFloorRun(browser, server, mode);
          floors[mode].push(floor);
          console.log(
            `  ${mode.padEnd(10)} floor  tap at load + ${millis(floor.tapAfterLoad).padStart(8)}            tap→form ${millis(floor.tapToForm).padStart(8)}  INP ${showInp(inpValue(floor)).padStart(7)}`,
          );
        } catch (error) {
          console.log(`  ${mode} floor run ${run}: failed (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(floorDir, { recursive: true, force: true });
  }
  console.log(`  load after: ${loadAverage()}`);
  console.log(`  ${serverPostTimes(server)}`);

  const rows: Array<{ label: string; value: (sample: Sample) => number; show: (value: number) => string }> = [
    { label: 'the tap came at load +', value: (sample) => sample.tapAfterLoad, show: millis },
    { label: 'tap → typeable name field', value: (sample) => sample.tapToForm, show: millis },
    { label: "the tap's INP", value: inpValue, show: showInp },
    { label: 'submit → PIX panel painted', value: (sample) => sample.submitToPix, show: millis },
    { label: 'submit → POST /api/orders left', value: (sample) => sample.submit.postLeft, show: millis },
    { label: 'submit → its answer arrived', value: (sample) => sample.submit.postAnswered, show: millis },
    { label: 'scripts tap→form, transferred', value: (sample) => sample.scriptTransfer, show: kb },
  ];
  const cell = (list: Sample[], row: (typeof rows)[number], pick: (values: number[]) => number) =>
    (list.length > 0 ? row.show(pick(list.map(row.value))) : 'n/a').padStart(10);
  console.log(`\n  tap after load: ${''.padEnd(15)}${modes.map((mode) => `${mode.padStart(12)} median${'max'.padStart(8)}`).join('')}`);
  for (const row of rows) {
    const cells = modes.map(
      (mode) => `${cell(samples[mode], row, median).padStart(19)}${cell(samples[mode], row, (values) => Math.max(...values)).padStart(8)}`,
    );
    console.log(`  ${row.label.padEnd(31)}${cells.join('')}`);
  }
  const floorCell = (list: FloorSample[], value: (sample: FloorSample) => number, show: (value: number) => string) =>
    list.length > 0
      ? `${show(median(list.map(value))).padStart(19)}${show(Math.max(...list.map(value))).padStart(10)}`
      : 'n/a'.padStart(29);
  console.log(
    `  ${'floor: tap → typeable field'.padEnd(31)}${modes.map((mode) => floorCell(floors[mode], (sample) => sample.tapToForm, millis)).join('')}`,
  );
  console.log(`  ${"floor: the tap's INP".padEnd(31)}${modes.map((mode) => floorCell(floors[mode], inpValue, showInp)).join('')}`);
  // Medians over medians: the ratio of two noisy samples, read beside both.
  const ratio = (mode: Mode) =>
    samples[mode].length > 0 && floors[mode].length > 0
      ? `${(median(samples[mode].map(inpValue)) / median(floors[mode].map(inpValue))).toFixed(2)}×`
      : 'n/a';
  console.log(`  ${"the tap's INP ÷ the floor's".padEnd(31)}${modes.map((mode) => ratio(mode).padStart(19).padEnd(29)).join('')}`);
  console.log(
    `  checkout live at the tap: ${modes.map((mode) => `${mode} ${samples[mode].filter((sample) => sample.liveAtTap).length}/${samples[mode].length}`).join(', ')}`,
  );
  for (const mode of modes) {
    const first = samples[mode][0];
    if (!first) continue;
    const onDisk = first.scriptFiles.reduce((sum, file) => sum + brotliOf(file.slice(1)), 0);
    console.log(
      `  scripts fetched between tap and form (first ${mode} run), ${kb(onDisk)} brotli on disk: ${first.scriptFiles.join(', ') || 'none'}`,
    );
  }
  if (modalChunk) console.log(`  ${modalChunk} alone, brotli on disk: ${kb(brotliOf(path.join('assets', modalChunk)))}`);
  const all = modes.flatMap((mode) => samples[mode]);
  if (all.length > 0 && all.every((sample) => !sample.qrVisible)) {
    console.log(
      '  (submit → PIX panel: the QR is in the DOM but folded behind "Pagar com outro aparelho" on a phone; the frame timed is the first with it in the DOM and "Copiar código PIX" on screen)',
    );
  }
}
