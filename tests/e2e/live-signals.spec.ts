import type { Browser, BrowserContext, Page } from '@playwright/test';
// Not ./fixtures.ts's `test`: its fixtures start the shared worker server, which these tests do not use.
import { expect, test } from '@playwright/test';
import type { LiveSignals } from '../../src/shared/live.ts';
import { fetchFrom, newCheckoutKey, postOrder } from '../support/clients.ts';
import { presellAnsweredContext } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * Truthful live signals (docs/payments.md#live-signals) in real Chromium. Each test runs its own
 * server: heartbeats and orders from other specs on the shared worker server would change the counts.
 */

/** The API on a connection of its own per call, as fixtures.ts's `api` (whose comment says why). */
const callApi = fetchFrom('127.0.0.1');

async function readLive(server: RunningServer): Promise<LiveSignals> {
  const response = await callApi(`${server.url}/api/live`);
  expect(response.status).toBe(200);
  return (await response.json()) as LiveSignals;
}

/**
 * Runs `body` against a server of its own; `openLanding()` opens `/` in a new browser context (a
 * separate visitor who already passed the pre-sell page). Everything is closed afterwards.
 */
async function withServer(
  browser: Browser,
  env: Record<string, string>,
  body: (server: RunningServer, openLanding: (setup?: (context: BrowserContext) => Promise<void>) => Promise<Page>) => Promise<void>,
): Promise<void> {
  const server = await startServer(env);
  const contexts: BrowserContext[] = [];
  try {
    await body(server, async (setup) => {
      const context = await presellAnsweredContext(browser, server.url, {
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        viewport: { width: 390, height: 844 },
      });
      contexts.push(context);
      await setup?.(context);
      const page = await context.newPage();
      await page.goto('/');
      return page;
    });
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
  }
}

function orderFor(name: string, email: string) {
  return { name, email, phone: '(21) 98765-4321', checkoutKey: newCheckoutKey() };
}

/** "2 dias 03 horas 15:00" / "00 horas 15:00" → seconds. */
function countdownSeconds(text: string): number {
  const match = /^(?:(\d+) dias? )?(\d{2}) horas? (\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Not a countdown: "${text}"`);
  const [, days = '0', hours, minutes, seconds] = match;
  return Number(days) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

const COUNTDOWN_TEXT = /^(\d+ dias? )?\d{2} horas? \d{2}:\d{2}$/;

/** The spots section hydrates as it nears the viewport: scroll to it, as a visitor reading on would. */
async function scrollToSpots(page: Page): Promise<void> {
  await page.locator('section[aria-labelledby="scarcity-title"]').scrollIntoViewIfNeeded();
}

test('two visitors with the landing page open are counted as 2 viewers', async ({ browser }) => {
  await withServer(browser, {}, async (server, openLanding) => {
    const first = await openLanding();
    await expect.poll(async () => (await readLive(server)).viewers).toBe(1);
    // Alone on the page: no viewer line (docs/product.md#2-live-signals-tell-the-truth), once the spots show the signals have arrived.
    await scrollToSpots(first);
    await expect(first.getByText(/vagas? restantes?/)).toBeVisible();
    await expect(first.getByText(/vendo agora/)).toHaveCount(0);

    const second = await openLanding();
    await expect.poll(async () => (await readLive(server)).viewers).toBe(2);
    // The page that arrived second asks for the signals after its own first heartbeat.
    await scrollToSpots(second);
    await expect(second.getByText('2 pessoas vendo agora')).toBeVisible();
  });
});

test('the heartbeat beats about every 30 s while the page is visible and pauses while it is hidden', async ({ browser }) => {
  await withServer(browser, {}, async (_server, openLanding) => {
    const beats: Array<{ visitorId: string }> = [];
    const page = await openLanding(async (context) => {
      // A fake clock (installed before the page's scripts) lets minutes of timers pass at once.
      await context.clock.install();
      context.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/presence') beats.push(req.postDataJSON() as { visitorId: string });
      });
    });
    await expect.poll(() => beats.length).toBe(1);
    await page.clock.runFor(61_000);
    await expect.poll(() => beats.length).toBe(3);

    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await page.clock.runFor(5 * 60_000);
    // Real time for a beat that should not exist to show up in the request log.
    await page.waitForTimeout(500);
    expect(beats).toHaveLength(3);
    await setVisibility('visible');
    await expect.poll(() => beats.length).toBe(4);

    // One random id per tab, kept for the session; nothing else is sent.
    expect(new Set(beats.map((beat) => beat.visitorId)).size).toBe(1);
    expect(beats[0]).toEqual({ visitorId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await page.evaluate(() => window.sessionStorage.getItem('vitrine_visitor_id'))).toBe(beats[0]!.visitorId);
  });
});

test('the hero countdown runs to the server deadline, one second per second', async ({ browser }) => {
  await withServer(browser, {}, async (server, openLanding) => {
    const page = await openLanding();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(COUNTDOWN_TEXT);
    const live = await readLive(server);
    const firstRead = Date.now();
    const first = countdownSeconds(await timer.innerText());
    // By the server's clock: the month's end (no OFFER_ENDS_AT), give or take the time of the reads.
    expect(Math.abs(first - (live.offerEndsAt - live.serverTime) / 1000)).toBeLessThan(3);

    await page.waitForTimeout(2_000);
    const second = countdownSeconds(await timer.innerText());
    const elapsed = Math.round((Date.now() - firstRead) / 1000);
    expect(first - second).toBeGreaterThanOrEqual(Math.max(1, elapsed - 1));
    expect(first - second).toBeLessThanOrEqual(elapsed + 1);
  });
});

test('at zero the countdown asks the server for the next deadline instead of restarting', async ({ browser }) => {
  // Far enough ahead that a slow server start and page load still see it coming.
  const endsAt = Date.now() + 20_000;
  await withServer(browser, { OFFER_ENDS_AT: new Date(endsAt).toISOString() }, async (server, openLanding) => {
    const page = await openLanding();
    const asked: number[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/live') asked.push(Date.now());
    });
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^00 horas 00:[0-2]\d$/);

    // After the deadline the page asked again (the regular poll is minutes away). An ask from a moment
    // before it (the page's estimate of the server's clock is off by the answer's latency) gets the
    // same deadline back, and the page asks again 2 s later; wait for an ask the server saw past it …
    await expect.poll(() => asked.some((at) => at >= endsAt), { timeout: Math.max(0, endsAt - Date.now()) + 10_000 }).toBe(true);
    const live = await readLive(server);
    expect(live.offerEndsAt).toBe(live.nextBatchAt);
    // … and now counts down to the month's end — not "00 horas 15:00" or any other restarted timer.
    await expect
      .poll(async () => Math.abs(countdownSeconds(await timer.innerText()) - (live.offerEndsAt - Date.now()) / 1000), { timeout: 10_000 })
      .toBeLessThan(3);
  });
});

test('with MONTHLY_CAPACITY=2, unpaid PIX charges take no spot; two payments sell the month out and the API refuses a third', async ({
  browser,
}) => {
  await withServer(browser, { MONTHLY_CAPACITY: '2' }, async (server, openLanding) => {
    const first = await postOrder<{ sandboxPayUrl: string }>(server.url, orderFor('Primeira Compradora', 'primeira@example.com'));
    expect(first.status).toBe(201);
    const page = await openLanding();
    // A PIX on offer holds no spot. The number and its label are separate spans.
    await scrollToSpots(page);
    await expect(page.getByText(/^2\s*vagas restantes$/)).toBeVisible();

    // The first buyer pays at the gateway (the sandbox's "Simular pagamento").
    expect((await callApi(`${server.url}${first.body.sandboxPayUrl}`, { method: 'POST' })).status).toBe(303);
    await expect.poll(async () => (await readLive(server)).spotsLeft).toBe(1);

    // The second spot goes through the page's own checkout; the page asks again once it is paid.
    await page.reload();
    await scrollToSpots(page);
    await expect(page.getByText(/^1\s*vaga restante$/)).toBeVisible();
    await page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome completo').fill('Maria Souza');
    await dialog.getByLabel('E-mail').fill('maria@example.com');
    await dialog.getByLabel('WhatsApp', { exact: true }).fill('(11) 98765-4321');
    await dialog.getByRole('button', { name: 'GERAR PIX' }).click();
    await expect(dialog.getByText('Pagamento gerado com sucesso!', { exact: false })).toBeVisible();
    expect(await readLive(server)).toMatchObject({ spotsLeft: 1, soldOut: false });
    const payUrl = await dialog.getByRole('link', { name: 'Simular o pagamento deste PIX' }).getAttribute('href');
    expect((await callApi(`${server.url}${payUrl!}`, { method: 'POST' })).status).toBe(303);
    await expect(dialog.getByText('Pagamento confirmado!')).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(dialog).toHaveCount(0);

    await expect(page.getByRole('heading', { name: 'Vagas esgotadas este mês' })).toBeVisible();
    await expect(page.getByRole('button', { name: /VAGAS ESGOTADAS/ }).first()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'QUERO MINHA LISTA AGORA' })).toHaveCount(0);
    await expect(page.getByText(/Próximo lote abre em 1º de/).first()).toBeVisible();

    expect(await readLive(server)).toMatchObject({ spotsLeft: 0, capacity: 2, soldOut: true });
    const third = await postOrder<{ error: string }>(server.url, orderFor('Terceira Compradora', 'terceira@example.com'));
    expect(third.status).toBe(409);
    expect(third.body.error).toMatch(/^As vagas deste mês esgotaram\./);
  });
});
