import { describe, expect, it } from 'vitest';
import { experimentProgress, type ProgressInput } from './progress.ts';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 20, 15);
const base: ProgressInput = {
  plannedVisitors: 10_000,
  weights: [1, 1],
  visitors: [1_000, 1_000],
  paceVisitors: 1_400,
  paceMs: 7 * DAY,
  now,
  endsAt: now + 60 * DAY,
};

describe('a running test against its plan', () => {
  it('gives each version its share of the planned visitors, and the days left at the last days’ pace', () => {
    // 200 a day, 100 per version: 4,000 visitors missing per version is 40 days.
    expect(experimentProgress(base)).toEqual({ plannedVisitors: [5_000, 5_000], visitorsPerDay: 200, daysLeft: 40, pastEnd: false });
  });

  it('lets the version with the smallest share set the days left under an 80/20 split', () => {
    const progress = experimentProgress({ ...base, weights: [80, 20], visitors: [1_600, 400] });
    expect(progress.plannedVisitors).toEqual([8_000, 2_000]);
    // B gets 40 of the 200 a day and misses 1,600: 40 days, as A (6,400 at 160 a day).
    expect(progress.daysLeft).toBe(40);
    expect(experimentProgress({ ...base, weights: [80, 20], visitors: [1_600, 200] }).daysLeft).toBe(45);
  });

  it('reads the pace over the days the test has run when it started less than a week ago', () => {
    const progress = experimentProgress({ ...base, visitors: [150, 150], paceVisitors: 300, paceMs: DAY / 2 });
    expect(progress.visitorsPerDay).toBe(600);
    expect(progress.daysLeft).toBe(17);
  });

  it('says there is no pace yet rather than a number when no visitor was counted', () => {
    expect(experimentProgress({ ...base, visitors: [0, 0], paceVisitors: 0 })).toMatchObject({
      visitorsPerDay: null,
      daysLeft: null,
      pastEnd: false,
    });
  });

  it('counts zero days once every version has its planned visitors, even with no traffic lately', () => {
    expect(experimentProgress({ ...base, visitors: [5_000, 5_200], paceVisitors: 0 })).toMatchObject({ daysLeft: 0, pastEnd: false });
  });

  it('warns when the pace completes the plan only after the end date', () => {
    expect(experimentProgress({ ...base, endsAt: now + 30 * DAY }).pastEnd).toBe(true);
    expect(experimentProgress({ ...base, endsAt: now + 41 * DAY }).pastEnd).toBe(false);
  });
});
