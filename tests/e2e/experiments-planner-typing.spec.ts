import type { Locator, Page } from '@playwright/test';
import type { ExperimentList } from '../../src/shared/experiments/experiment-api.ts';
import { planForLift } from '../../src/shared/experiments/planner.ts';
import { plannerText } from '../../src/content/experiments.ts';
import { plannerInput } from '../../src/client/admin/experiments/experiments-planner.tsx';
import { signIn } from './admin-helpers.ts';
import { contextApi, expect, test, withServerDb } from './fixtures.ts';
import { PASSWORD, PHONE, seedPlannerHistory } from './experiments-kit.ts';
import { startServer } from './server.ts';

/**
 * The A/B planner simulates thousands of paths for every change of the form (shared/experiments/planner.ts): on a
 * mid-range phone (Chromium's CPU slowed 4x) the seller types the lift and a split weight key by key, and every key
 * shows in its box at once while the plan is computed aside; the plan shown at the end is the one for the last values.
 */

/** Presses each key and waits for the box to show what it should; the milliseconds each took. */
async function pressEach(box: Locator, keys: { key: string; value: string }[]): Promise<number[]> {
  const took: number[] = [];
  for (const { key, value } of keys) {
    const pressed = Date.now();
    await box.press(key);
    await expect(box).toHaveValue(value, { timeout: 20_000 });
    took.push(Date.now() - pressed);
  }
  return took;
}

/** The page's tasks longer than 50 ms since it loaded (the Long Tasks API). */
const seenIn = (page: Page) => page.evaluate(() => structuredClone((window as unknown as { seen: { longTasks: number[] } }).seen));

test('typing the lift and the split key by key on a slowed phone never waits for the planner', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  try {
    await withServerDb(server.dataDir, (db) => seedPlannerHistory(db, 300));
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    await context.addInitScript(() => {
      const seen = { longTasks: [] as number[] };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.longTasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    const panel = await context.newPage();
    // The console's policy (script-src 'self', which worker-src falls back to) lets the bundled worker load.
    const planningWorker = panel.waitForEvent('worker', {
      predicate: (worker) => /\/assets\/planning-worker-[\w-]+\.js$/.test(worker.url()),
    });
    await signIn(panel, PASSWORD);
    await panel.getByRole('link', { name: 'Testes A/B' }).click();
    await planningWorker;
    const planner = panel.getByRole('region', { name: 'Antes de começar: quanto tempo o teste precisa' });
    const days = planner.locator('[data-planner="days"]');
    const calculating = planner.getByRole('status').filter({ hasText: 'Calculando…' });
    await expect(days).toContainText('melhora de 20%', { timeout: 30_000 });
    await expect(calculating).toHaveCount(0);

    const cdp = await context.newCDPSession(panel);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const before = await seenIn(panel);

    const lift = panel.getByLabel('Melhora que você quer achar (%)');
    await lift.click();
    await lift.press('End');
    const liftKeys = await pressEach(lift, [{ key: 'Backspace', value: '2' }]);
    // Read at once, before the plan for 2% could be back: what the panel shows while it is computed.
    const whilePlanning = { calculating: await calculating.count(), days: await days.textContent() };
    liftKeys.push(
      ...(await pressEach(lift, [
        { key: 'Backspace', value: '' },
        { key: '2', value: '2' },
        { key: '5', value: '25' },
      ])),
    );
    // Replaced by selecting it all, as a seller may.
    const control = panel.getByLabel('Versão A (%)');
    await control.click();
    await control.press('ControlOrMeta+A');
    const splitKeys = await pressEach(control, [
      { key: '6', value: '6' },
      { key: '5', value: '65' },
      { key: 'Backspace', value: '6' },
      { key: '0', value: '60' },
    ]);
    // Erased key by key, the box is empty, as the seller left it, until the new share is typed.
    const variantB = panel.getByLabel('Versão B (%)');
    await variantB.click();
    await variantB.press('End');
    splitKeys.push(
      ...(await pressEach(variantB, [
        { key: 'Backspace', value: '5' },
        { key: 'Backspace', value: '' },
        { key: '4', value: '4' },
        { key: '0', value: '40' },
      ])),
    );
    const after = await seenIn(panel);
    const whileTyping = after.longTasks.slice(before.longTasks.length);
    console.log(
      `key to box (ms): lift ${liftKeys.join(', ')}; split ${splitKeys.join(', ')}; long tasks (ms): ${whileTyping.join(', ') || 'none'}`,
    );
    // The figures are printed, not asserted: a speed goal belongs in `npm run bench` (a plan on the page's thread made
    // tasks of 0.4–1.4 s here; the form's own renders, on a 4× slowed CPU beside other test workers, 0.2–0.6 s). What is
    // asserted is the behaviour: the plan is made in its worker, shown dimmed while it is, and right for the last values.

    // While the new plan is computed, the last one stays in view, dimmed, with "Calculando…".
    expect(whilePlanning).toEqual({ calculating: 1, days: expect.stringContaining('melhora de 20%') as unknown });

    // The plan shown at the end is the planner's own answer for 25% at 60/40, not one for a value typed on the way.
    const {
      planner: { '/': history },
    } = (await (await contextApi(context, server.url, { Origin: server.url })('/api/admin/experiments')).json()) as ExperimentList;
    const planned = planForLift(plannerInput(history, 'revenue', [60, 40])!, 0.25);
    await expect(calculating).toHaveCount(0, { timeout: 60_000 });
    await expect(days).toHaveText(plannerText.daysForLift(planned.days, 0.25));
    await context.close();
  } finally {
    await server.stop();
  }
});
