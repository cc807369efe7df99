/**
 * Where a running test stands against its plan (docs/experiments.md#console, "Progress"): each version's visitors
 * against its share of the planned visitors, and the days left at the pace of the last days' real traffic.
 */

/** The days of traffic the pace is read from: a week, so a weekday's or a weekend's swing does not set it alone. */
export const PACE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface ExperimentProgress {
  /** Per version: the visitors the plan asks of it, its share of the planned visitors. */
  plannedVisitors: number[];
  /** All versions' visitors a day over the last days, or null while the test has counted none. */
  visitorsPerDay: number | null;
  /** Days until every version has its planned visitors at that pace: 0 once they have, null with no traffic yet. */
  daysLeft: number | null;
  /** Whether, at that pace, the plan completes only after the test's end date. */
  pastEnd: boolean;
}

export interface ProgressInput {
  plannedVisitors: number;
  weights: readonly number[];
  /** Each version's visitors so far. */
  visitors: readonly number[];
  /** Visitors counted (all versions) over the last `paceMs` of the test (at most `PACE_DAYS` days). */
  paceVisitors: number;
  paceMs: number;
  now: number;
  endsAt: number;
}

export function experimentProgress(input: ProgressInput): ExperimentProgress {
  const weightSum = input.weights.reduce((sum, weight) => sum + weight, 0);
  const shares = input.weights.map((weight) => (weightSum > 0 ? weight / weightSum : 0));
  const planned = shares.map((share) => Math.ceil(input.plannedVisitors * share));
  const missing = planned.map((count, arm) => Math.max(0, count - (input.visitors[arm] ?? 0)));
  const visitorsPerDay = input.paceVisitors > 0 && input.paceMs > 0 ? (input.paceVisitors * DAY_MS) / input.paceMs : null;
  let daysLeft: number | null = null;
  if (missing.every((count) => count === 0)) daysLeft = 0;
  else if (visitorsPerDay !== null)
    // The version furthest from its share sets the end: each gets its share of the day's visitors.
    daysLeft = Math.ceil(Math.max(...missing.map((count, arm) => count / (visitorsPerDay * shares[arm]!))));
  const pastEnd = daysLeft !== null && input.now + daysLeft * DAY_MS > input.endsAt;
  return { plannedVisitors: planned, visitorsPerDay, daysLeft, pastEnd };
}
