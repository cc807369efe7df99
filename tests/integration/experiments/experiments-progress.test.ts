import { describe, expect, it } from 'vitest';
import { businessDay, businessDayStart } from '../../../src/shared/time.ts';
import { useExperimentConsole } from '../../support/experiment-console.ts';
import { seedExperimentStore } from '../../support/experiment-store.ts';
import { headlineExperiment } from '../../support/headline-experiment.ts';
import { databases } from '../test-db.ts';

/**
 * A running test's progress as the console API returns it (docs/experiments.md#console): each version's share of the
 * planned visitors, and the days left at the pace of the last week's visitors, read from the store the pages write.
 */
const DAY = 86_400_000;

describe.each(databases)('a running A/B test’s progress against its plan ($name)', (database) => {
  const { running, call, testOf, signIn } = useExperimentConsole(database);

  /** A conversion test of `/`'s headline planned at 1,600 visitors (800 per version), ending in 28 days. */
  async function started(): Promise<string> {
    const created = await call(
      '/experiments',
      headlineExperiment(running.clock.now + 28 * DAY, { metric: 'conversion', plannedVisitors: 1_600 }),
    );
    expect(created.status).toBe(201);
    return ((await created.json()) as { id: string }).id;
  }

  it('says there is no pace yet before any visitor, and shows no progress once the test is stopped', async () => {
    const id = await started();
    expect((await testOf(id)).progress).toEqual({ plannedVisitors: [800, 800], visitorsPerDay: null, daysLeft: null, pastEnd: false });
    expect((await call(`/experiments/${id}/stop`, {})).status).toBe(200);
    expect((await testOf(id)).progress).toBeNull();
  });

  it('counts the days left from the visitors since the start, the slower version setting the end', async () => {
    const startsAt = running.clock.now;
    const id = await started();
    await seedExperimentStore(
      running.db,
      id,
      [
        { visitors: 300, paid: 9 },
        { visitors: 300, paid: 12 },
      ],
      startsAt,
    );
    running.clock.now = startsAt + 2 * DAY;
    await signIn();
    const test = await testOf(id);
    expect(test.figures.map((arm) => [arm.visitors, arm.pixPaid])).toEqual([
      [300, 9],
      [300, 12],
    ]);
    // 600 visitors in two days: 300 a day, 150 per version; 500 missing per version is 3.3 days.
    expect(test.progress).toEqual({ plannedVisitors: [800, 800], visitorsPerDay: 300, daysLeft: 4, pastEnd: false });

    // Nine days on, with a quiet last week: the pace is that week's 70 visitors, not the first day's rush.
    await seedExperimentStore(
      running.db,
      id,
      [
        { visitors: 35, paid: 0 },
        { visitors: 35, paid: 0 },
      ],
      startsAt + 8 * DAY,
    );
    running.clock.now = startsAt + 9 * DAY;
    await signIn();
    const weekStart = businessDayStart(businessDay(running.clock.now), -6);
    const perDay = (70 * DAY) / (running.clock.now - weekStart);
    const later = (await testOf(id)).progress!;
    expect(later.visitorsPerDay).toBeCloseTo(perDay, 6);
    expect(later.daysLeft).toBe(Math.ceil(465 / (perDay / 2)));
    // At about 10 a day the 930 missing visitors take ~90 days, past the end date 19 days away.
    expect(later.pastEnd).toBe(true);
    expect((await call(`/experiments/${id}/stop`, {})).status).toBe(200);
  });
});
