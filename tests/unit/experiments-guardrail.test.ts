import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { describe, expect, it } from 'vitest';
import { judgeExperiment, type ArmResult } from '../../src/shared/experiments/verdict.ts';
import { FUZZ_SEED } from '../fuzz/fuzz-kit.ts';

/**
 * The refunds guardrail read as a seller reads it: after every refresh of the console. A winner whose refund rate is
 * the same as the other version's must not be flagged more often because the seller looked many times.
 */

const simulatedTests = 1000;
const looks = 50;
const salesPerLook = 20;
const settings = { metric: 'conversion' as const, plannedVisitors: 40_000, weights: [1, 1], plannedLift: 0.2 };

console.log(`guardrail simulation: seed ${FUZZ_SEED} (replay with FUZZ_SEED=${FUZZ_SEED})`);

function addSales(rng: RandomGenerator, arm: ArmResult, sales: number, refundRate: number): void {
  arm.conversions += sales;
  for (let sale = 0; sale < sales; sale++) if (uniformFloat64(rng) < refundRate) arm.refundRequests++;
}

/** Whether any refresh flagged B, the clear winner, for refunds: B sells 40% more, refunds at `refundRates`. */
function flaggedAtSomeLook(rng: RandomGenerator, refundRates: [number, number]): boolean {
  const arms: ArmResult[] = [0, 1].map(() => ({
    visitors: 0,
    conversions: 0,
    revenueCents: 0,
    revenueSquaresCents: 0,
    refundRequests: 0,
    disputes: 0,
  }));
  addSales(rng, arms[0]!, 300, refundRates[0]);
  addSales(rng, arms[1]!, 420, refundRates[1]);
  for (let look = 0; look < looks; look++) {
    addSales(rng, arms[0]!, salesPerLook, refundRates[0]);
    addSales(rng, arms[1]!, Math.round(salesPerLook * 1.4), refundRates[1]);
    // Both versions get the same visitors (a 50/50 split); A converts at 3%, B at 4.2%.
    for (const arm of arms) arm.visitors = Math.round(arms[0]!.conversions / 0.03);
    const judgement = judgeExperiment(arms, settings, false);
    expect(judgement.verdict).toEqual({ kind: 'winner', arm: 1 });
    if (judgement.guardrailFlags.some((flag) => flag.guardrail === 'refunds')) return true;
  }
  return false;
}

function flaggedShare(seed: number, refundRates: [number, number]): number {
  const rng = xoroshiro128plus(seed);
  let flagged = 0;
  for (let test = 0; test < simulatedTests; test++) if (flaggedAtSomeLook(rng, refundRates)) flagged++;
  return flagged / simulatedTests;
}

describe('the refunds guardrail, simulated', () => {
  it(`keeps false alarms at or under 5% when the console is refreshed ${looks} times`, { timeout: 5_000 }, () => {
    const share = flaggedShare(FUZZ_SEED + 11, [0.05, 0.05]);
    console.log(`same refund rate (5%): flagged at some refresh in ${(share * 100).toFixed(1)}% of ${simulatedTests} tests (target ≤ 5%)`);
    expect(share).toBeLessThanOrEqual(0.05);
  });

  it('still flags a winner that doubles the refund requests', { timeout: 5_000 }, () => {
    const share = flaggedShare(FUZZ_SEED + 12, [0.05, 0.1]);
    console.log(`refund rate 5% → 10%: flagged in ${(share * 100).toFixed(1)}% of ${simulatedTests} tests (target ≥ 80%)`);
    expect(share).toBeGreaterThanOrEqual(0.8);
  });
});
