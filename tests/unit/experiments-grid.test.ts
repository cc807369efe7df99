import { describe, expect, it } from 'vitest';
import { FUZZ_SEED } from '../fuzz/fuzz-kit.ts';
import { simulateCell, standardError, type Cell } from './experiments-grid-kit.ts';

/**
 * Three cells of `npm run bench -- ab` (docs/experiments.md#the-simulation): the planner's "80%" must be what the test
 * delivers with an uneven split, with four versions and at a small shop's traffic. 500 tests each, so a power of 80–90%
 * reads within three standard errors (±5 points); the seed is the fuzz suite's (FUZZ_SEED=<seed> replays it).
 */
const runs = 500;

const cells: { name: string; cell: Cell }[] = [
  { name: '300 visitors a day, 3%, 50/50, 30 days', cell: { rate: 0.03, visitorsPerDay: 300, weights: [1, 1], days: 30, lookEvery: 50 } },
  { name: '1,000 a day, 3%, 80/20, 28 days', cell: { rate: 0.03, visitorsPerDay: 1000, weights: [4, 1], days: 28, lookEvery: 50 } },
  {
    name: '1,000 a day, 3%, four versions, 28 days',
    cell: { rate: 0.03, visitorsPerDay: 1000, weights: [1, 1, 1, 1], days: 28, lookEvery: 50 },
  },
];

describe('the planner keeps its promise, simulated', () => {
  it.each(cells.map(({ name, cell }, index) => [name, cell, FUZZ_SEED + index] as const))(
    '%s: the promised lift is found in 80–90% of tests by the end date, A/A tests name at most 5% winners',
    { timeout: 60_000 },
    (name, cell, seed) => {
      const result = simulateCell(cell, runs, seed);
      expect(result.plan, 'the planner has a plan for this cell').toBeDefined();
      const power = result.found / runs;
      const falseWinners = result.falseWinners / runs;
      const margin = 3 * standardError(0.8, runs);
      console.log(
        `${name} (seed ${seed}): promised +${(result.plan!.lift * 100).toFixed(1)}% in ${cell.days} days; power ${(power * 100).toFixed(1)}% (target 80–90% ± ${(margin * 100).toFixed(1)}); false winners ${(falseWinners * 100).toFixed(1)}%; planner ${result.plannerDays} days, 80% found by day ${result.neededDays?.toFixed(1) ?? '—'}`,
      );
      expect(power).toBeGreaterThanOrEqual(0.8 - margin);
      expect(power).toBeLessThanOrEqual(0.9 + margin);
      expect(falseWinners).toBeLessThanOrEqual(0.05);
    },
  );
});
