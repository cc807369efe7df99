import { longTestDays, planForDays } from '../src/shared/experiments/planner.ts';
import { splitCheck } from '../src/shared/experiments/verdict.ts';
import { FUZZ_SEED } from '../tests/fuzz/fuzz-kit.ts';
import {
  simulateCell,
  simulateSplitHolds,
  standardError,
  type Cell,
  type CellResult,
  type Returning,
  type SplitCounts,
} from '../tests/unit/experiments-grid-kit.ts';

/**
 * `npm run bench -- ab`: the A/B statistics over a small seller's range (tests/unit/experiments-grid-kit.ts): conversion
 * 2, 3 and 5%, 200, 500 and 2,000 visitors a day, 50/50 and 80/20, two and four versions. Each cell plans the test the
 * console's way for the form's default end date (28 days; 60 where 28 give no plan), then runs 2,000 A/A tests and
 * 2,000 tests with the planned lift, the verdict read every 50 visitors, and the split check alone on 2,000 A/A tests
 * whose visitors come back on later days in their version (1.5 and 2 visit-days a person on average). `--runs <n>`
 * changes the count per cell, `FUZZ_SEED=<seed>` replays a run; each cell's seed is printed. `--split` runs only the
 * split check with returning visitors, `--returning` only the power with returning visitors on a few cells.
 */
const defaultRuns = 2000;
const formDays = 28;
const lookEvery = 50;

const rates = [0.02, 0.03, 0.05];
const traffic = [200, 500, 2000];
const splits: { name: string; weights: number[] }[] = [
  { name: '50/50', weights: [1, 1] },
  { name: '80/20', weights: [4, 1] },
  { name: '4 × 25', weights: [1, 1, 1, 1] },
  { name: '80 + 3 × 6.7', weights: [12, 1, 1, 1] },
];

function runsArgument(): number {
  const at = process.argv.indexOf('--runs');
  const runs = at >= 0 ? Number(process.argv[at + 1]) : defaultRuns;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number, got "${process.argv[at + 1]}"`);
  return runs;
}

const returningModels: Returning[] = [
  { meanDays: 1.5, windowDays: 28 },
  { meanDays: 2, windowDays: 28 },
];
const splitFlags = (arms: readonly SplitCounts[], weights: readonly number[]) => splitCheck(arms, weights).flagged;

const percent = (count: number, runs: number) => `${((100 * count) / runs).toFixed(1)}%`;

function row(result: CellResult, seed: number, heldReturning: number[]): string {
  const { cell, plan, runs } = result;
  const power = plan ? `${percent(result.found, runs)} ± ${(100 * standardError(result.found / runs, runs)).toFixed(1)}` : '—';
  const days = plan
    ? `${result.plannerDays} / ${result.neededDays === undefined ? `> ${1.5 * cell.days}` : result.neededDays.toFixed(1)}`
    : '—';
  const split = splits.find((each) => each.weights.join() === cell.weights.join())!.name;
  const promise = plan ? `+${Math.round(plan.lift * 100)}% in ${cell.days} d` : `none in ${cell.days} d (console says so)`;
  return `| ${(cell.rate * 100).toFixed(0)}% | ${cell.visitorsPerDay} | ${split} | ${promise} | ${percent(result.falseWinners, runs)} | ${power} | ${days} | ${percent(result.held, runs)} | ${heldReturning.map((held) => percent(held, runs)).join(' / ')} | ${seed} |`;
}

/** The end date each cell is planned for: the form's default, or 60 days where 28 give no plan. */
function cellOf(rate: number, visitorsPerDay: number, weights: number[]): Cell {
  const input = { baseline: { metric: 'conversion' as const, rate }, visitorsPerDay, arms: weights.length, weights };
  return { rate, visitorsPerDay, weights, days: planForDays(input, formDays) ? formDays : longTestDays, lookEvery };
}

/** `--split`: the split check alone on every cell's healthy tests with returning visitors, all keeping their version. */
function runSplitOnly(runs: number): void {
  console.log(`\nThe split check with returning visitors: ${runs} A/A tests per cell and model; seed ${FUZZ_SEED}\n`);
  console.log('| conversion | visitors/day | split | days | A/A held, returning visitors (1.5 / 2 visit-days) | seed |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  let index = 0;
  const worst = returningModels.map(() => 0);
  for (const rate of rates)
    for (const visitorsPerDay of traffic)
      for (const { name, weights } of splits) {
        const seed = FUZZ_SEED + index++;
        const cell = cellOf(rate, visitorsPerDay, weights);
        const held = returningModels.map((returning) => simulateSplitHolds(cell, runs, seed, returning, splitFlags));
        held.forEach((count, model) => (worst[model] = Math.max(worst[model]!, count / runs)));
        console.log(
          `| ${rate * 100}% | ${visitorsPerDay} | ${name} | ${cell.days} | ${held.map((count) => percent(count, runs)).join(' / ')} | ${seed} |`,
        );
      }
  console.log(`\nworst healthy tests held with returning visitors ${worst.map((share) => `${(100 * share).toFixed(1)}%`).join(' / ')}`);
}

/**
 * `--returning`: power at the plan when people come back (tests/unit/experiments-grid-kit.ts `runReturningTest`) on
 * a few cells: independent visitor-days; 1.5 and 2 visit-days a person with nobody keeping their version (no cookie:
 * nothing the planner can measure), with half keeping it and the planner told nothing, and with half keeping it and
 * the planner told the returns drawn again as the shop's figures measure them; with nobody keeping it, also against the
 * console's figure for that many visit-days (`--no-cookie`: only those rows).
 */
function runReturningPower(runs: number): void {
  const cells = [cellOf(0.03, 200, [1, 1]), cellOf(0.03, 500, [1, 1]), cellOf(0.03, 2000, [1, 1]), cellOf(0.03, 2000, [4, 1])];
  const models: { name: string; returning: Returning | undefined; ignoring: boolean }[] = [
    { name: 'independent', returning: undefined, ignoring: true },
    ...[1.5, 2].flatMap((meanDays) => [
      { name: `${meanDays} d, no cookie`, returning: { meanDays, windowDays: 28, kept: 0 }, ignoring: true },
      { name: `${meanDays} d, no cookie, its own figure`, returning: { meanDays, windowDays: 28, kept: 0 }, ignoring: false },
      { name: `${meanDays} d, half kept, plan told nothing`, returning: { meanDays, windowDays: 28, kept: 0.5 }, ignoring: true },
      { name: `${meanDays} d, half kept, plan told`, returning: { meanDays, windowDays: 28, kept: 0.5 }, ignoring: false },
    ]),
  ].filter(({ name }) => !process.argv.includes('--no-cookie') || name.includes('no cookie'));
  console.log(
    `\nPower at the plan with returning visitors: ${runs} A/A and ${runs} planned-lift tests per cell and model; seed ${FUZZ_SEED}\n`,
  );
  console.log(
    '| conversion | visitors/day | split | days | model | the planner promises | power at the plan | false winners (A/A) | seed |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  let index = 0;
  for (const cell of cells)
    for (const { name, returning, ignoring } of models) {
      const seed = FUZZ_SEED + index++;
      const result = simulateCell(cell, runs, seed, returning, ignoring);
      const split = splits.find((each) => each.weights.join() === cell.weights.join())!.name;
      const power = result.plan ? `${percent(result.found, runs)} ± ${(100 * standardError(result.found / runs, runs)).toFixed(1)}` : '—';
      const promise = result.plan ? `+${Math.round(result.plan.lift * 100)}%` : 'none';
      console.log(
        `| ${cell.rate * 100}% | ${cell.visitorsPerDay} | ${split} | ${cell.days} | ${name} | ${promise} | ${power} | ${percent(result.falseWinners, runs)} | ${seed} |`,
      );
    }
}

export function runAbBench(): void {
  const runs = runsArgument();
  if (process.argv.includes('--split')) return runSplitOnly(runs);
  if (process.argv.includes('--returning')) return runReturningPower(runs);
  console.log(
    `\nA/B statistics: ${runs} A/A and ${runs} planned-lift tests per cell, the verdict read every ${lookEvery} visitors; seed ${FUZZ_SEED} (replay with FUZZ_SEED=${FUZZ_SEED})\n`,
  );
  console.log(
    '| conversion | visitors/day | split | the planner promises (80%) | false winners (A/A) | power at the plan | planner days / days 80% needed | A/A held by the split check | A/A held, returning visitors (1.5 / 2 visit-days) | seed |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  let index = 0;
  let worstFalse = 0;
  let worstHeld = 0;
  const worstHeldReturning = returningModels.map(() => 0);
  const powers: number[] = [];
  for (const rate of rates)
    for (const visitorsPerDay of traffic)
      for (const { weights } of splits) {
        const seed = FUZZ_SEED + index++;
        const cell: Cell = { rate, visitorsPerDay, weights, days: formDays, lookEvery };
        let result = simulateCell(cell, runs, seed);
        if (!result.plan) result = simulateCell({ ...cell, days: longTestDays }, runs, seed);
        worstFalse = Math.max(worstFalse, result.falseWinners / runs);
        if (result.plan) powers.push(result.found / runs);
        const heldReturning = returningModels.map((returning) => simulateSplitHolds(result.cell, runs, seed, returning, splitFlags));
        worstHeld = Math.max(worstHeld, result.held / runs);
        heldReturning.forEach((held, model) => {
          worstHeldReturning[model] = Math.max(worstHeldReturning[model]!, held / runs);
        });
        console.log(row(result, seed, heldReturning));
      }
  console.log(
    `\nworst false winners ${(100 * worstFalse).toFixed(1)}% (target ≤ 5%); power at the plan from ${(100 * Math.min(...powers)).toFixed(1)}% to ${(100 * Math.max(...powers)).toFixed(1)}% over ${powers.length} planned cells (target 80–90%)`,
  );
  console.log(
    `worst healthy tests held by the split check ${(100 * worstHeld).toFixed(1)}%; with returning visitors ${worstHeldReturning.map((held) => `${(100 * held).toFixed(1)}%`).join(' / ')} (1.5 / 2 visit-days a person; target ≤ 1%)`,
  );
}
