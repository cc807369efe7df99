import { describe, expect, it } from 'vitest';
import type { ExperimentList } from '../../../src/shared/experiments/experiment-api.ts';
import { fetchFrom, newClientAddress } from '../../support/clients.ts';
import { insertOrderRow } from '../../support/db-reads.ts';
import { useExperimentConsole } from '../../support/experiment-console.ts';
import { seedExperimentStore } from '../../support/experiment-store.ts';
import { headlineExperiment } from '../../support/headline-experiment.ts';
import { databases } from '../test-db.ts';

/**
 * The unit is the visitor-day, and the store records how each got its version (docs/experiments.md#the-split-check):
 * the day's hash drew it, or the consented cookie kept an earlier day's. The split check counts only the drawn ones,
 * so people who come back in their version do not hold a healthy test, and a split that is really off still is.
 */
const DAY = 86_400_000;
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe.each(databases)('the split check reads the visitor-days the hash drew ($name)', (database) => {
  const { running, call, testOf } = useExperimentConsole(database);

  async function started(): Promise<string> {
    const created = await call('/experiments', headlineExperiment(running.clock.now + 28 * DAY, { metric: 'conversion' }));
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  }

  it('does not hold a test whose returning visitors kept their version, and still holds a drawn split that is off', async () => {
    const kept = await started();
    // An even draw, 1,000 a version; B's buyers came back more often under the cookie: 2,400 visitor-days against 1,200.
    await seedExperimentStore(running.db, kept, [
      { visitors: 1_200, kept: 200, paid: 0 },
      { visitors: 2_400, kept: 1_400, paid: 0 },
    ]);
    const healthy = await testOf(kept);
    expect(healthy.figures.map((arm) => [arm.visitors, arm.keptVisitors])).toEqual([
      [1_200, 200],
      [2_400, 1_400],
    ]);
    expect(healthy.judgement.verdict).toEqual({ kind: 'continue', reason: 'few-conversions' });
    expect(healthy.judgement.sampleRatio.flagged).toBe(false);
    expect((await call(`/experiments/${kept}/stop`, {})).status).toBe(200);

    // 45/55 of 2,000 drawn visitor-days is held, whatever the kept ones add.
    const off = await started();
    await seedExperimentStore(running.db, off, [
      { visitors: 1_400, kept: 500, paid: 0 },
      { visitors: 1_600, kept: 500, paid: 0 },
    ]);
    expect((await testOf(off)).judgement.verdict).toEqual({ kind: 'held' });
    expect((await call(`/experiments/${off}/stop`, {})).status).toBe(200);
  });

  it('tells the planner the share of visitor-days that are returns the hash drew again, from the kept days and the buyers', async () => {
    // The tests above: 2,600 of 6,600 visitor-days kept by the cookie. Half the buyers of the last 28 days accepted it,
    // so as many returns again came without it and got a version drawn again.
    for (const [index, consent] of ['granted', 'denied', 'granted', null].entries())
      await insertOrderRow(running.db, { id: `ord_returns${index}`, created_at: running.clock.now - 60_000, tracking_consent: consent });
    const {
      planner: { '/': planner },
    } = (await (await call('/experiments')).json()) as ExperimentList;
    expect(planner.redrawnReturns).toBeCloseTo(2_600 / 6_600, 9);
    expect(planner.returnsMeasured).toBe(true);
  });
});

describe.each(databases)('the planner’s traffic is each page’s own visitor-days ($name)', (database) => {
  const { running, call, signIn } = useExperimentConsole(database);

  /** A phone's browser of its own address posting one of the page's client events. */
  const event = (address: string, name: 'page_view' | 'presell_yes', path: string) =>
    fetchFrom(address)(`${running.server.url}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': BROWSER },
      body: JSON.stringify({ name, path }),
    });

  it('plans a test of / on the people a day who open it, not its page views, and a test of /presell on the pre-sell’s own', async () => {
    // Thirty people open / three times each; twenty open /presell twice, and five of them go on to / (each one more of
    // its visitors). Three of the 35 pay.
    for (let person = 0; person < 30; person++) {
      const address = newClientAddress();
      for (let load = 0; load < 3; load++) expect((await event(address, 'page_view', '/')).status).toBe(204);
    }
    for (let person = 0; person < 20; person++) {
      const address = newClientAddress();
      for (let load = 0; load < 2; load++) expect((await event(address, 'page_view', '/presell')).status).toBe(204);
      if (person >= 5) continue;
      expect((await event(address, 'presell_yes', '/presell')).status).toBe(204);
      expect((await event(address, 'page_view', '/')).status).toBe(204);
    }
    for (let buyer = 0; buyer < 3; buyer++)
      await insertOrderRow(running.db, { id: `ord_planned${buyer}`, created_at: running.clock.now - 60_000, amount_cents: 1990 });

    // The next day (the planner reads whole days).
    running.clock.now += DAY;
    await signIn();
    const { planner } = (await (await call('/experiments')).json()) as ExperimentList;
    expect(planner['/'].visitorsPerDay * planner['/'].days).toBeCloseTo(35, 9);
    expect(planner['/'].conversionRate).toBeCloseTo(3 / 35, 9);
    expect(planner['/presell'].visitorsPerDay * planner['/presell'].days).toBeCloseTo(20, 9);
    // A pre-sell visitor pays as often as a landing visitor, times the share who go on.
    expect(planner['/presell'].conversionRate).toBeCloseTo((3 / 35) * (5 / 20), 9);
    expect(planner['/presell'].revenueMeanCents).toBeCloseTo(planner['/'].revenueMeanCents * (5 / 20), 6);
    // No A/B test has run and no buyer accepted the cookie: returns drawn again cannot be measured, and the plan says so.
    expect(planner['/'].returnsMeasured).toBe(false);
  });
});
