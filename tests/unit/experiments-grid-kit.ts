import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import {
  planForDays,
  planForLift,
  plannedSettings,
  redrawnReturns,
  type Plan,
  type PlannerInput,
} from '../../src/shared/experiments/planner.ts';
import { judgeExperiment, type ArmResult, type ExperimentSettings } from '../../src/shared/experiments/verdict.ts';

/**
 * A/B tests simulated the way a seller runs them: the console's planner plans the test (`plannedSettings`, as the form
 * stores it), visitors arrive in batches split by the seller's weights, buy by binomial draws, and after every batch
 * the verdict is read through `judgeExperiment`, as a seller refreshing the console would. `npm run bench -- ab` runs
 * the whole grid; tests/unit/experiments-grid.test.ts a few cells.
 */

/** Binomial(n, p) by inversion, in chunks small enough that (1 - p)^n stays far from underflow. */
export function binomial(rng: RandomGenerator, n: number, p: number): number {
  if (n > 500) return binomial(rng, 500, p) + binomial(rng, n - 500, p);
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  const ratio = p / (1 - p);
  let probability = (1 - p) ** n;
  let cumulative = probability;
  const u = uniformFloat64(rng);
  let k = 0;
  while (u > cumulative && k < n) {
    probability *= (ratio * (n - k)) / (k + 1);
    cumulative += probability;
    k++;
  }
  return k;
}

export function emptyArm(): ArmResult {
  return { visitors: 0, keptVisitors: 0, conversions: 0, revenueCents: 0, revenueSquaresCents: 0, refundRequests: 0, disputes: 0 };
}

export interface Cell {
  rate: number;
  visitorsPerDay: number;
  /** The control first, then the versions: [1, 1] is 50/50, [4, 1] 80/20, [12, 1, 1, 1] 80/20 over four versions. */
  weights: number[];
  /** The end date the seller sets, in days from the start (the form's default is 28). */
  days: number;
  /** Visitors between two readings of the verdict. */
  lookEvery: number;
}

export interface CellResult {
  cell: Cell;
  /** The planner's promise for the end date, or undefined where it says no test answers in that time. */
  plan: Plan | undefined;
  settings: ExperimentSettings;
  runs: number;
  /** A/A: some reading up to the end date named a winner. */
  falseWinners: number;
  /** A/A: some reading held the verdict for the split. */
  held: number;
  /** The planned lift on the thinnest version: it was named the winner by the end date. */
  found: number;
  /** The planner's days for the planned lift (planForLift), against the days by which the planned share of runs had found it. */
  plannerDays: number | undefined;
  neededDays: number | undefined;
}

const conversionMetric = 'conversion' as const;

/**
 * The planner's input for a cell; with `told`, the returns drawn again as the shop's figures would measure them: the
 * share of visitor-days the cookie kept in an earlier test of the same length (one run, seeded apart), and the share
 * of buyers who accepted the cookie, `kept`.
 */
function plannerInputFor(cell: Cell, seed: number, told?: Returning): PlannerInput {
  const input: PlannerInput = {
    baseline: { metric: conversionMetric, rate: cell.rate },
    visitorsPerDay: cell.visitorsPerDay,
    arms: cell.weights.length,
    weights: cell.weights,
  };
  if (!told) return input;
  // Nobody keeps a version, so the shop measures nothing: the promise is the console's figure at the returns' true
  // share (planner.ts unmeasuredReturnShares brackets it), measured here as the share everyone keeping would keep.
  const noCookie = told.kept === 0;
  let keptShare = 0;
  simulateSplitHolds(cell, 1, seed ^ 0x5eed, noCookie ? { ...told, kept: 1 } : told, (arms) => {
    const visitors = arms.reduce((sum, arm) => sum + arm.visitors, 0);
    keptShare = arms.reduce((sum, arm) => sum + (arm.keptVisitors ?? 0), 0) / visitors;
    return false;
  });
  if (noCookie) return { ...input, redrawnReturns: keptShare };
  return { ...input, redrawnReturns: redrawnReturns(keptShare, told.kept ?? 1) };
}

/** What one reading adds to the arms: a look's visitor-days and the sales made on them. */
type Batch = (arms: ArmResult[], look: number) => void;

/** The verdict read after every batch up to `looks`: the first winner, and whether the split check held it at some reading. */
function readTest(
  arms: ArmResult[],
  settings: ExperimentSettings,
  looks: number,
  lookEvery: number,
  batch: Batch,
): { winnerAt: number; winner: number | undefined; held: boolean } {
  let held = false;
  for (let look = 0; look < looks; look++) {
    batch(arms, look);
    const { verdict } = judgeExperiment(arms, settings, false);
    if (verdict.kind === 'held') held = true;
    if (verdict.kind === 'winner') return { winnerAt: (look + 1) * lookEvery, winner: verdict.arm, held };
  }
  return { winnerAt: Number.POSITIVE_INFINITY, winner: undefined, held };
}

/** The visitors at the first winner among `until` visitors, or Infinity; `held` once the split check held the verdict. */
function runTest(
  rng: RandomGenerator,
  cell: Cell,
  rates: readonly number[],
  settings: ExperimentSettings,
  until: number,
): { winnerAt: number; winner: number | undefined; held: boolean } {
  const total = cell.weights.reduce((sum, w) => sum + w, 0);
  return readTest(cell.weights.map(emptyArm), settings, Math.floor(until / cell.lookEvery), cell.lookEvery, (arms) => {
    // A multinomial split of the batch, arm by arm as conditional binomials.
    let left = cell.lookEvery;
    let weightLeft = total;
    arms.forEach((arm, index) => {
      const visitors = index === arms.length - 1 ? left : binomial(rng, left, cell.weights[index]! / weightLeft);
      const buyers = binomial(rng, visitors, rates[index]!);
      arm.visitors += visitors;
      arm.conversions += buyers;
      arm.revenueCents += buyers;
      arm.revenueSquaresCents += buyers;
      left -= visitors;
      weightLeft -= cell.weights[index]!;
    });
  });
}

/**
 * The same test with people who come back (`returning`): each person is won or not by the version of their first
 * visit-day, paying at most once, with the chance `rate × K` for K visit-days (so a visitor-day converts at `rate`, the
 * planner's baseline), on one of those days drawn evenly, and the sale counts for the version served that day, as the
 * checkout attributes it (docs/experiments.md#what-is-counted). Returns the cookie keeps stay in the first version and
 * are recorded as kept; the others are drawn again.
 */
function runReturningTest(
  rng: RandomGenerator,
  cell: Cell,
  rates: readonly number[],
  settings: ExperimentSettings,
  until: number,
  returning: Returning,
): { winnerAt: number; winner: number | undefined; held: boolean } {
  const total = cell.weights.reduce((sum, w) => sum + w, 0);
  const cumulative = cell.weights.map((_, arm) => cell.weights.slice(0, arm + 1).reduce((sum, w) => sum + w, 0) / total);
  const looks = Math.floor(until / cell.lookEvery);
  const windowLooks = Math.max(1, Math.round((returning.windowDays * cell.visitorsPerDay) / cell.lookEvery));
  const returnChance = 1 - 1 / returning.meanDays;
  const keptShare = returning.kept ?? 1;
  const grid = () => Array.from({ length: looks + windowLooks + 1 }, () => cell.weights.map(() => 0));
  const [dueKept, dueDrawn, dueSales] = [grid(), grid(), grid()];
  const visits: { at: number; version: number }[] = [];
  const sell = (arm: ArmResult) => {
    arm.conversions++;
    arm.revenueCents++;
    arm.revenueSquaresCents++;
  };
  return readTest(cell.weights.map(emptyArm), settings, looks, cell.lookEvery, (arms, look) => {
    let arrivals = 0;
    arms.forEach((arm, version) => {
      const [kept, drawn] = [dueKept[look]![version]!, dueDrawn[look]![version]!];
      arm.visitors += kept + drawn;
      arm.keptVisitors! += kept;
      arrivals += kept + drawn;
      for (let sale = 0; sale < dueSales[look]![version]!; sale++) sell(arm);
    });
    for (let person = arrivals; person < cell.lookEvery; person++) {
      const first = drawVersion(rng, cumulative);
      arms[first]!.visitors++;
      const keeps = keptShare >= 1 || uniformFloat64(rng) < keptShare;
      visits.length = 0;
      while (uniformFloat64(rng) < returnChance) {
        const at = look + 1 + Math.floor(uniformFloat64(rng) * windowLooks);
        const version = keeps ? first : drawVersion(rng, cumulative);
        visits.push({ at, version });
        (keeps ? dueKept : dueDrawn)[at]![version]!++;
      }
      if (uniformFloat64(rng) >= rates[first]! * (visits.length + 1)) continue;
      const day = Math.floor(uniformFloat64(rng) * (visits.length + 1));
      if (day === 0) sell(arms[first]!);
      else dueSales[visits[day - 1]!.at]![visits[day - 1]!.version]!++;
    }
  });
}

function quantile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(share * sorted.length) - 1]!;
}

/**
 * One cell: `runs` A/A tests read up to the end date, and, where the planner has a plan, `runs` tests whose thinnest
 * version carries the planned lift, read up to 1.5 times the end date (to see when the planned share has found it).
 * With `returning`, the visitor-days come from people who come back (`runReturningTest`), and the planner is told the
 * returns drawn again as the shop's figures measure them unless `planIgnoringReturns`.
 */
export function simulateCell(cell: Cell, runs: number, seed: number, returning?: Returning, planIgnoringReturns = false): CellResult {
  const rng = xoroshiro128plus(seed);
  const input = plannerInputFor(cell, seed, planIgnoringReturns ? undefined : returning);
  const simulate = (rates: readonly number[], settings: ExperimentSettings, until: number) =>
    returning ? runReturningTest(rng, cell, rates, settings, until, returning) : runTest(rng, cell, rates, settings, until);
  const plan = planForDays(input, cell.days);
  const settings: ExperimentSettings = {
    metric: conversionMetric,
    weights: cell.weights,
    ...plannedSettings(input, 0.2, cell.days, 0),
  };
  const endVisitors = Math.round(cell.days * cell.visitorsPerDay);
  const result: CellResult = {
    cell,
    plan,
    settings,
    runs,
    falseWinners: 0,
    held: 0,
    found: 0,
    plannerDays: undefined,
    neededDays: undefined,
  };
  const even = cell.weights.map(() => cell.rate);
  for (let run = 0; run < runs; run++) {
    const test = simulate(even, settings, endVisitors);
    if (test.winner !== undefined) result.falseWinners++;
    if (test.held) result.held++;
  }
  if (!plan) return result;
  // The thinnest version carries the lift (the last of the thinnest, as the planner assumes).
  let lifted = 1;
  cell.weights.forEach((w, arm) => {
    if (arm > 0 && w <= cell.weights[lifted]!) lifted = arm;
  });
  const rates = cell.weights.map((_, arm) => (arm === lifted ? cell.rate * (1 + plan.lift) : cell.rate));
  const stops: number[] = [];
  for (let run = 0; run < runs; run++) {
    const test = simulate(rates, settings, Math.round(1.5 * endVisitors));
    const right = test.winner === lifted;
    if (right && test.winnerAt <= endVisitors) result.found++;
    stops.push(right ? test.winnerAt : Number.POSITIVE_INFINITY);
  }
  result.plannerDays = planForLift(input, plan.lift).days;
  const need = quantile(stops, 0.8);
  result.neededDays = Number.isFinite(need) ? need / cell.visitorsPerDay : undefined;
  return result;
}

/** A proportion's standard error, for bounds "within sampling error". */
export function standardError(share: number, runs: number): number {
  return Math.sqrt((share * (1 - share)) / runs);
}

/**
 * Returning visitors: each person comes on `meanDays` visit-days on average (1 + a geometric number of returns), the
 * returns spread evenly over the next `windowDays`, and counts once a day, as the server counts visitor-days
 * (docs/experiments.md#what-is-counted). A share `kept` of people accepted the variant cookie: their returns keep
 * their version and are recorded as kept; the others' returns are fresh draws of the daily hash. `kept` 1 (everyone,
 * the default) is the worst case for a check that counted every visitor-day.
 */
export interface Returning {
  meanDays: number;
  windowDays: number;
  kept?: number;
}

/** A version's visitor-days and, of those, the ones the cookie kept: what the split check reads. */
export type SplitCounts = Pick<ArmResult, 'visitors' | 'keptVisitors'>;

/** The version a uniform point falls on, laid on the weights' cumulative shares. */
function drawVersion(rng: RandomGenerator, cumulative: readonly number[]): number {
  const u = uniformFloat64(rng);
  const arm = cumulative.findIndex((edge) => u < edge);
  return arm < 0 ? cumulative.length - 1 : arm;
}

/**
 * The split check alone on a healthy test, read after every `lookEvery` visitor-days up to the end date: how many of
 * `runs` tests it holds at some reading. With `returning`, visitor-days come from people who come back.
 */
export function simulateSplitHolds(
  cell: Cell,
  runs: number,
  seed: number,
  returning: Returning | undefined,
  flags: (arms: readonly SplitCounts[], weights: readonly number[]) => boolean,
): number {
  const rng = xoroshiro128plus(seed);
  const total = cell.weights.reduce((sum, w) => sum + w, 0);
  const cumulative = cell.weights.map((_, arm) => cell.weights.slice(0, arm + 1).reduce((sum, w) => sum + w, 0) / total);
  const looks = Math.round((cell.days * cell.visitorsPerDay) / cell.lookEvery);
  const windowLooks = returning ? Math.max(1, Math.round((returning.windowDays * cell.visitorsPerDay) / cell.lookEvery)) : 0;
  const returnChance = returning ? 1 - 1 / returning.meanDays : 0;
  const keptShare = returning?.kept ?? 1;
  let held = 0;
  for (let run = 0; run < runs; run++) {
    const arms = cell.weights.map(() => ({ visitors: 0, keptVisitors: 0 }));
    // Per look and version: the returns due, kept by the cookie or drawn again.
    const dueKept = Array.from({ length: looks + windowLooks + 1 }, () => cell.weights.map(() => 0));
    const dueDrawn = Array.from({ length: looks + windowLooks + 1 }, () => cell.weights.map(() => 0));
    for (let look = 0; look < looks; look++) {
      let arrivals = 0;
      arms.forEach((arm, version) => {
        const kept = dueKept[look]![version]!;
        const drawn = dueDrawn[look]![version]!;
        arm.visitors += kept + drawn;
        arm.keptVisitors += kept;
        arrivals += kept + drawn;
      });
      for (let person = arrivals; person < cell.lookEvery; person++) {
        const version = drawVersion(rng, cumulative);
        arms[version]!.visitors++;
        const keeps = keptShare >= 1 || uniformFloat64(rng) < keptShare;
        while (uniformFloat64(rng) < returnChance) {
          const at = look + 1 + Math.floor(uniformFloat64(rng) * windowLooks);
          if (keeps) dueKept[at]![version]!++;
          else dueDrawn[at]![drawVersion(rng, cumulative)]!++;
        }
      }
      if (flags(arms, cell.weights)) {
        held++;
        break;
      }
    }
  }
  return held;
}
