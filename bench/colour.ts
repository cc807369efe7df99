import { BUILD_ACCENT, suggestAccent } from '../src/shared/color.ts';

/** The goal: a refused colour's suggestion is shown while the seller types it, within a frame's share of work. */
const GOAL_MS = 5;
const CALLS = 50;

/** `npm run bench -- colour`: what one accent suggestion costs, per colour, median and worst of CALLS calls after the first. */
export function runColourBench(): void {
  console.log(`Accent suggestion (goal: median under ${GOAL_MS} ms per colour; ${CALLS} calls each after the first)`);
  for (const hex of ['#000000', '#ffffff', '#fde047', '#ff0000', '#00ff00', '#0000ff', BUILD_ACCENT]) {
    suggestAccent(hex);
    const took: number[] = [];
    for (let call = 0; call < CALLS; call++) {
      const started = performance.now();
      suggestAccent(hex);
      took.push(performance.now() - started);
    }
    took.sort((a, b) => a - b);
    const median = took[Math.floor(CALLS / 2)]!;
    console.log(
      `  ${hex}: median ${median.toFixed(2)} ms, worst ${took.at(-1)!.toFixed(2)} ms${median < GOAL_MS ? '' : '  (over the goal)'}`,
    );
  }
}
