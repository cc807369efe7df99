import { describe, expect, it } from 'vitest';
import { experimentsConsole, verdictExplanation } from '../../../src/content/experiments.ts';
import type { ExperimentList } from '../../../src/shared/experiments/experiment-api.ts';
import { siteBuilt } from '../../support/built-site.ts';
import { fetchFrom, newClientAddress } from '../../support/clients.ts';
import { useExperimentConsole } from '../../support/experiment-console.ts';
import { headlineExperiment } from '../../support/headline-experiment.ts';
import { databases } from '../test-db.ts';

/**
 * A test that measures a step before the payment (docs/experiments.md#the-method): started with the metric
 * "checkout", its figures and verdict come from the checkouts its visitors began, while no version has sold anything.
 */
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DAY = 86_400_000;
const VISITORS = 600;

describe.skipIf(!siteBuilt).each(databases)('an A/B test of the checkouts begun ($name)', (database) => {
  const { running, call, testOf, signIn } = useExperimentConsole(database, { served: true });

  /** A phone's browser at `address` posting one of the page's client events. */
  const event = (address: string, name: 'page_view' | 'begin_checkout') =>
    fetchFrom(address)(`${running.server.url}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': BROWSER },
      body: JSON.stringify({ name, path: '/' }),
    });

  it('still reads a test stored with the metrics it had before', async () => {
    const created = await call('/experiments', headlineExperiment(running.clock.now + 28 * DAY, { metric: 'conversion' }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await testOf(id)).metric).toBe('conversion');
    expect((await call(`/experiments/${id}/stop`, {})).status).toBe(200);
    const refused = await call('/experiments', { ...headlineExperiment(running.clock.now + 28 * DAY), metric: 'abriu' });
    expect(refused.status).toBe(422);
  });

  it('counts the checkouts each version’s visitors began and names the version that sends more people to the checkout', async () => {
    const created = await call(
      '/experiments',
      headlineExperiment(running.clock.now + 28 * DAY, { metric: 'checkout', plannedVisitors: 1_200 }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // Each visitor opens `/` (the server picks the version and counts them) and the page reports its view; half of A's
    // visitors and nine in ten of B's tap the buy call, some twice. Nobody pays.
    const begun = [0, 0];
    const addresses = Array.from({ length: VISITORS }, () => newClientAddress());
    for (let start = 0; start < addresses.length; start += 20)
      await Promise.all(
        addresses.slice(start, start + 20).map(async (address, offset) => {
          const page = await fetchFrom(address)(`${running.server.url}/`, { headers: { 'User-Agent': BROWSER } });
          const html = await page.text();
          const variant = Number(new RegExp(`data-experiment="${id}\\.(\\d)"`).exec(html)![1]);
          expect((await event(address, 'page_view')).status).toBeLessThan(300);
          if ((start + offset) % 10 < (variant === 1 ? 9 : 5)) {
            expect((await event(address, 'begin_checkout')).status).toBeLessThan(300);
            // Every third one taps it again (closed the sheet, came back): still one visitor who began a checkout.
            if ((start + offset) % 3 === 0) expect((await event(address, 'begin_checkout')).status).toBeLessThan(300);
            begun[variant]! += 1;
          }
        }),
      );
    await running.server.background.idle();

    const test = await testOf(id);
    expect(test.metric).toBe('checkout');
    expect(test.figures.map((arm) => arm.checkoutsBegun)).toEqual(begun);
    expect(test.figures.map((arm) => arm.pixPaid)).toEqual([0, 0]);
    expect(test.figures[0]!.visitors + test.figures[1]!.visitors).toBe(VISITORS);
    // No sale at all, yet a verdict: the one the checkouts give.
    expect(test.judgement.verdict).toEqual({ kind: 'winner', arm: 1 });
    const relative = test.judgement.pairs[0]!.relative!;
    const rates = test.figures.map((arm, index) => begun[index]! / arm.visitors);
    expect(relative.estimate).toBeCloseTo(rates[1]! / rates[0]! - 1, 10);
    expect(verdictExplanation(test.judgement.verdict, test.metric)).toMatch(/^B faz mais gente abrir o checkout/);
    expect(experimentsConsole.metrics[test.metric]).toBe('Abriu o checkout');

    // The next day, the planner's inputs carry the checkouts begun per visitor of the last 28 days, beside the conversion.
    running.clock.now += DAY;
    await signIn();
    const {
      planner: { '/': planner },
    } = (await (await call('/experiments')).json()) as ExperimentList;
    expect(planner.checkoutRate).toBeCloseTo((begun[0]! + begun[1]!) / VISITORS, 10);
    expect(planner.conversionRate).toBe(0);
    expect(planner.pixRate).toBe(0);
    expect((await call(`/experiments/${id}/stop`, {})).status).toBe(200);
  }, 240_000);
});
