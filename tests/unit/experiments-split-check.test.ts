import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { checkSampleRatio } from '../../src/shared/experiments/sample-ratio.ts';
import { splitCheck } from '../../src/shared/experiments/verdict.ts';
import { FUZZ_SEED } from '../fuzz/fuzz-kit.ts';
import { binomial, simulateSplitHolds, type Cell, type Returning, type SplitCounts } from './experiments-grid-kit.ts';

/**
 * The split check re-run at every refresh (docs/experiments.md#the-split-check): healthy tests read
 * every 50 visitor-days for 28 days are held at most 1% of the time, with independent visitors and with returning
 * visitors who keep their version; a broken 45/55 split is still held soon. 1,000 seeded tests per case (FUZZ_SEED
 * replays them); the chi-square at p < 0.001 it replaces held 1.4–3.6% of healthy tests in the grid.
 */
const runs = 1000;
/** The verdict's own check: the visitor-days the hash drew, the cookie's kept ones left out. */
const flags = (arms: readonly SplitCounts[], weights: readonly number[]) => splitCheck(arms, weights).flagged;
const flagsCounts = (visitors: readonly number[], weights: readonly number[]) => checkSampleRatio(visitors, weights).flagged;

const cases: { name: string; cell: Cell; returning: Returning | undefined }[] = [
  {
    name: '500 visitors a day, 50/50',
    cell: { rate: 0.03, visitorsPerDay: 500, weights: [1, 1], days: 28, lookEvery: 50 },
    returning: undefined,
  },
  {
    name: '500 visitors a day, 80/20, people coming on 1.5 days on average and keeping their version',
    cell: { rate: 0.03, visitorsPerDay: 500, weights: [4, 1], days: 28, lookEvery: 50 },
    returning: { meanDays: 1.5, windowDays: 28 },
  },
  {
    // The grid's worst cell for a check that counted every visitor-day (3.2% held): spread ×3, read for 60 days.
    name: '200 visitors a day, four versions, 60 days, people coming on 2 days on average and keeping their version',
    cell: { rate: 0.03, visitorsPerDay: 200, weights: [1, 1, 1, 1], days: 60, lookEvery: 50 },
    returning: { meanDays: 2, windowDays: 28 },
  },
];

describe('the split check may be re-run', () => {
  it.each(cases.map(({ name, cell, returning }, index) => [name, cell, returning, FUZZ_SEED + index] as const))(
    '%s: healthy tests held at most 1% of the time over their life',
    { timeout: 60_000 },
    (name, cell, returning, seed) => {
      const held = simulateSplitHolds(cell, runs, seed, returning, flags) / runs;
      console.log(`split check, ${name} (seed ${seed}): ${(held * 100).toFixed(1)}% of ${runs} healthy tests held (bound 1%)`);
      expect(held).toBeLessThanOrEqual(0.01);
    },
  );

  it('holds a 45/55 split planned 50/50 within a few thousand visitors', () => {
    const rng = xoroshiro128plus(FUZZ_SEED + cases.length);
    const heldAt: number[] = [];
    for (let test = 0; test < runs; test++) {
      let toA = 0;
      let seen = 0;
      while (seen < 20_000 && !flagsCounts([toA, seen - toA], [1, 1])) {
        toA += binomial(rng, 50, 0.45);
        seen += 50;
      }
      heldAt.push(seen);
    }
    heldAt.sort((a, b) => a - b);
    const median = heldAt[runs / 2]!;
    const ninetieth = heldAt[Math.ceil(0.9 * runs) - 1]!;
    console.log(`split check, a true 45/55 split: held by ${median} visitors in half the tests, by ${ninetieth} in 90%`);
    expect(median).toBeLessThanOrEqual(2500);
    expect(ninetieth).toBeLessThanOrEqual(4000);
  });
});
