import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { describe, expect, it } from 'vitest';
import { planForLift, type Plan } from '../../src/shared/experiments/planner.ts';
import { checkSampleRatio, sampleRatioAlpha } from '../../src/shared/experiments/sample-ratio.ts';
import { judgeExperiment, type ArmResult, type ExperimentMetric, type Verdict } from '../../src/shared/experiments/verdict.ts';
import { FUZZ_SEED } from '../fuzz/fuzz-kit.ts';
import { binomial, emptyArm, standardError } from './experiments-grid-kit.ts';

/**
 * The statistics tested as statistics: thousands of seeded tests, each read after every 100 visitors
 * as a seller refreshing the console would, through the same verdict the console shows. The seed is
 * the fuzz suite's (from the commit, or FUZZ_SEED=<seed> to replay).
 */

const lookEvery = 100;
const baselineRate = 0.03;
const visitorsPerDay = 1000;
const simulatedTests = 2000;
const productCents = 1990;
const bumpCents = 990;
const bumpRate = 0.3;

console.log(`experiments simulation: seed ${FUZZ_SEED} (replay with FUZZ_SEED=${FUZZ_SEED})`);

function addVisitors(rng: RandomGenerator, arm: ArmResult, visitors: number, rate: number): void {
  const buyers = binomial(rng, visitors, rate);
  const withBump = binomial(rng, buyers, bumpRate);
  arm.visitors += visitors;
  arm.conversions += buyers;
  arm.revenueCents += buyers * productCents + withBump * bumpCents;
  arm.revenueSquaresCents += (buyers - withBump) * productCents ** 2 + withBump * (productCents + bumpCents) ** 2;
}

interface Run {
  /** Visitors at the first verdict other than "continue", or Infinity. */
  stoppedAt: number;
  firstVerdict: Verdict | undefined;
  /** Whether any look up to the horizon named a winner (the seller who ignores "sem diferença" and keeps going). */
  everWinner: boolean;
}

function simulate(rng: RandomGenerator, rates: [number, number], plan: Plan, metric: ExperimentMetric): Run {
  const arms = [emptyArm(), emptyArm()];
  const settings = { metric, plannedVisitors: plan.visitors, weights: [1, 1], plannedLift: plan.lift };
  const run: Run = { stoppedAt: Number.POSITIVE_INFINITY, firstVerdict: undefined, everWinner: false };
  for (let seen = lookEvery; seen <= plan.visitors; seen += lookEvery) {
    const toA = binomial(rng, lookEvery, 0.5);
    addVisitors(rng, arms[0]!, toA, rates[0]);
    addVisitors(rng, arms[1]!, lookEvery - toA, rates[1]);
    const { verdict } = judgeExperiment(arms, settings, false);
    if (verdict.kind === 'continue') continue;
    if (!run.firstVerdict) {
      run.firstVerdict = verdict;
      run.stoppedAt = seen;
    }
    if (verdict.kind === 'winner') run.everWinner = true;
    if (run.everWinner || rates[0] !== rates[1]) break;
  }
  return run;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const plan = planForLift({ baseline: { metric: 'conversion', rate: baselineRate }, visitorsPerDay }, 0.2);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

describe('experiment statistics, simulated', () => {
  it.each(['conversion', 'revenue'] as const)(
    'keeps false winners on %s at or under 5% in A/A tests read after every 100 visitors',
    { timeout: 60_000 },
    (metric) => {
      const rng = xoroshiro128plus(FUZZ_SEED + (metric === 'conversion' ? 1 : 2));
      let falseWinners = 0;
      for (let test = 0; test < simulatedTests; test++) {
        if (simulate(rng, [baselineRate, baselineRate], plan, metric).everWinner) falseWinners++;
      }
      const rate = falseWinners / simulatedTests;
      console.log(
        `A/A (${metric}): ${falseWinners} false winners in ${simulatedTests} tests of ${plan.visitors} visitors = ${percent(rate)} (target ≤ 5%)`,
      );
      expect(rate).toBeLessThanOrEqual(0.05);
    },
  );

  it(
    'finds a true +20% on a 3% conversion with the planned 80% power at the planned size, by the planned median day',
    { timeout: 60_000 },
    () => {
      const rng = xoroshiro128plus(FUZZ_SEED + 3);
      const runs = Array.from({ length: simulatedTests }, () => simulate(rng, [baselineRate, baselineRate * 1.2], plan, 'conversion'));
      const found = runs.filter((run) => run.firstVerdict?.kind === 'winner' && run.firstVerdict.arm === 1).length;
      const power = found / simulatedTests;
      // The plan is 80% exactly under its own assumptions; 2,000 simulated tests read it within three standard errors.
      const margin = 3 * standardError(0.8, simulatedTests);
      const medianDays = median(runs.map((run) => run.stoppedAt)) / visitorsPerDay;
      const gap = Math.abs(medianDays - plan.medianDays) / plan.medianDays;
      console.log(
        `power: B found as the winner in ${found} of ${simulatedTests} tests by the planned ${plan.visitors} visitors (${plan.days} days at ${visitorsPerDay}/day) = ${percent(power)} (target 80–90% ± ${percent(margin)})`,
      );
      console.log(
        `stopping time: simulated median ${medianDays.toFixed(1)} days, planner ${plan.medianDays.toFixed(1)} days, off by ${percent(gap)} (target ≤ 15%)`,
      );
      expect(power).toBeGreaterThanOrEqual(0.8 - margin);
      expect(power).toBeLessThanOrEqual(0.9 + margin);
      expect(gap).toBeLessThanOrEqual(0.15);
    },
  );

  it('holds the verdict on a 45/55 split of 2,000 visitors', () => {
    const check = checkSampleRatio([900, 1100], [1, 1]);
    const rng = xoroshiro128plus(FUZZ_SEED + 4);
    let flagged = 0;
    for (let test = 0; test < simulatedTests; test++) {
      const toA = binomial(rng, 10_000, 0.52);
      if (checkSampleRatio([toA, 10_000 - toA], [1, 1]).flagged) flagged++;
    }
    console.log(
      `sample ratio: 900/1,100 gives a Bayes factor of ${check.bayesFactor.toFixed(0)} against 50/50 (held from ${(1 / sampleRatioAlpha).toFixed(0)}); a true 52/48 split is held in ${percent(flagged / simulatedTests)} of ${simulatedTests} draws of 10,000`,
    );
    expect(check.flagged).toBe(true);
    const arm = (visitors: number): ArmResult => ({ ...emptyArm(), visitors, conversions: visitors / 10 });
    const settings = { metric: 'conversion' as const, plannedVisitors: 2_000, weights: [1, 1], plannedLift: 0.2 };
    expect(judgeExperiment([arm(900), arm(1100)], settings, false).verdict).toEqual({ kind: 'held' });
  });
});
