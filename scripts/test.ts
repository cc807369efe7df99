import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: every stage that checks behaviour, each with a time budget. The production build runs
 * first; then the stages of three lanes, one lane after another (side by side with
 * VITRINE_TEST_PARALLEL=1, which a loaded 2-core machine's timing checks do not yet bear):
 *
 *   CPU:        typecheck → lint → knip → unit → integration (four files at a time)
 *   timers:     faults (the built server as a process that is killed; four files at a time)
 *   browser:    e2e (Playwright, real Chromium, against the build; three browsers)
 *
 * Each stage writes its output to `.test-output/<stage>.log` (a failed stage's tail is printed) and
 * prints its time beside its budget. A stage over its budget fails (one more failure in the sum);
 * VITRINE_TEST_BUDGETS=report only reports it, for a run on a machine busy with other work. The whole
 * suite's time is printed beside its own budget. The last line sums every stage as "N passed, M
 * failed"; the exit code is non-zero on any failure.
 *
 * `npm test -- lint unit` runs only the stages named (plus the build, which integration, faults and
 * e2e need). The stages run one after another unless VITRINE_TEST_PARALLEL=1; the integration and
 * fault stages run four files, and the e2e stage three browsers, side by side: their tests mostly wait.
 */

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });

/** The whole suite's budget on a 2-core machine (each stage has its own below). */
const SUITE_BUDGET_S = 1_800;

interface Result {
  passed: number;
  failed: number;
  notes?: string[];
}

interface Stage {
  name: string;
  budgetS: number;
  run: (log: fs.WriteStream) => Promise<Result>;
  /** Its time in the sitting the budgets were set in (docs/benchmarks.md#machine-factor): this machine's speed is read from it. */
  referenceS?: number;
  /** A long stage: its budget stretches on a machine slower than the budgets' one. */
  stretches?: true;
}

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const children = new Set<ChildProcess>();

function run(log: fs.WriteStream, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  log.write(`\n▶ ${path.relative(root, command) || command} ${args.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    children.add(child);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once('error', (error) => log.write(`${error.message}\n`));
    child.once('close', (code) => {
      children.delete(child);
      resolve(code ?? 1);
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(1);
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A check that is clean or not: one passed, or one failed. */
const checked = (status: number): Result => ({ passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });

/** A Vitest run, counted from its JSON report (a run that failed without a failing test counts one). */
async function vitest(log: fs.WriteStream, name: string, args: string[]): Promise<Result> {
  const json = path.join(out, `${name}.json`);
  fs.rmSync(json, { force: true });
  const status = await run(log, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${json}`]);
  const report = readJson<{ numPassedTests: number; numFailedTests: number }>(json);
  return {
    passed: report?.numPassedTests ?? 0,
    failed: (report?.numFailedTests ?? 0) + (status !== 0 && !report?.numFailedTests ? 1 : 0),
  };
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

/** Tests that failed and then passed on Playwright's retry: counted as passed, but named in the summary. */
function flakyTests(suites: PlaywrightSuite[], parents: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const titles = [...parents, suite.title];
    const own = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'flaky'))
      .map((spec) => [...titles, spec.title].join(' › '));
    return [...own, ...flakyTests(suite.suites ?? [], titles)];
  });
}

const build: Stage = { name: 'build', budgetS: 240, run: async (log) => checked(await run(log, bin('tsx'), ['scripts/build.ts'])) };

/** Stages that run the production build: they wait for it, and are not run when it failed. */
const afterBuild: Stage[] = [
  {
    name: 'faults',
    budgetS: 600,
    stretches: true,
    run: (log) => vitest(log, 'faults', ['--config', 'vitest.faults.config.ts']),
  },
  {
    name: 'e2e',
    budgetS: 1_500,
    stretches: true,
    run: async (log) => {
      const json = path.join(out, 'playwright.json');
      fs.rmSync(json, { force: true });
      // A test's own time limit stretches with the machine as the stage's does (playwright.config.ts).
      const status = await run(log, bin('playwright'), ['test'], { VITRINE_MACHINE_FACTOR: machineFactor().toFixed(2) });
      const report = readJson<PlaywrightReport>(json);
      return {
        passed: (report?.stats.expected ?? 0) + (report?.stats.flaky ?? 0),
        failed: (report?.stats.unexpected ?? 0) + (status !== 0 && !report?.stats.unexpected ? 1 : 0),
        notes: (report ? flakyTests(report.suites) : []).map((title) => `flaky (failed once, passed on its retry): ${title}`),
      };
    },
  },
];

/** The CPU-bound chain, in order. */
const projects = ['shared', 'client', 'node', 'tools'];
const checks: Stage[] = [
  {
    name: 'typecheck',
    budgetS: 240,
    referenceS: 24,
    // One TypeScript project per side (tsconfig.json lists them), incremental (.cache/tsc): every one must pass.
    run: async (log) => {
      const statuses: number[] = [];
      for (const project of projects) statuses.push(await run(log, bin('tsc'), ['-p', `tsconfig.${project}.json`]));
      return checked(statuses.some((status) => status !== 0) ? 1 : 0);
    },
  },
  {
    name: 'lint',
    budgetS: 240,
    referenceS: 40,
    run: async (log) =>
      checked(await run(log, bin('eslint'), ['.', '--cache', '--cache-strategy', 'content', '--cache-location', '.cache/eslint/'])),
  },
  { name: 'knip', budgetS: 120, run: async (log) => checked(await run(log, bin('knip'), ['--no-progress'])) },
  { name: 'unit', budgetS: 300, referenceS: 33, run: (log) => vitest(log, 'unit', ['--project', 'unit']) },
];
/**
 * Vitest picks one worker on two cores, so the integration files ran one by one, each on SQLite then on
 * PostgreSQL. Most of their time waits on a database, a server or a timer: four side by side took the
 * stage from 1,204 s to 386 s on this 2-core machine, for 485 s of CPU (docs/benchmarks.md).
 */
const integration: Stage = {
  name: 'integration',
  budgetS: 900,
  stretches: true,
  run: (log) => vitest(log, 'integration', ['--project', 'integration', '--maxWorkers=4']),
};

const allStages = [build, ...checks, integration, ...afterBuild];
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !allStages.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(', ')}; the stages are ${allStages.map((stage) => stage.name).join(', ')}.`);
  process.exit(2);
}
const wanted = (stage: Stage) => requested.length === 0 || requested.includes(stage.name);
const serial = process.env.VITRINE_TEST_PARALLEL !== '1';
const enforceBudgets = process.env.VITRINE_TEST_BUDGETS !== 'report';
const suiteStarted = performance.now();

/**
 * The budgets are seconds on the machine of the sitting they were set in; this machine's speed drifts (typecheck took 24 s and
 * 33 s in two sittings of one day, 50 s on another). Its speed is read from the short, fixed-work checks run first — typecheck,
 * lint, unit — as the median of their times over the same checks' times in that sitting. On a slower machine the long stages'
 * budgets and the suite's stretch by that factor, at most MAX_FACTOR: the short checks keep theirs as written, so a check that
 * grows slower than its machine still fails there (docs/benchmarks.md#machine-factor).
 */
const MAX_FACTOR = 2.5;
const speedSamples: number[] = [];
function machineFactor(): number {
  if (speedSamples.length === 0) return 1;
  const sorted = [...speedSamples].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return Math.min(MAX_FACTOR, Math.max(1, median));
}
const budgetOf = (stage: Stage) => (stage.stretches ? Math.round(stage.budgetS * machineFactor()) : stage.budgetS);

interface Tally extends Result {
  suite: string;
  seconds?: number;
  budgetS?: number;
}
const tallies: Tally[] = [];

async function runStage(stage: Stage): Promise<Result> {
  const logFile = path.join(out, `${stage.name}.log`);
  const log = fs.createWriteStream(logFile);
  const stretched = budgetOf(stage) !== stage.budgetS ? `, ${stage.budgetS} s × ${machineFactor().toFixed(2)} for this machine` : '';
  console.log(`▶ ${stage.name} (budget ${budgetOf(stage)} s${stretched}, output in ${path.relative(root, logFile)})`);
  const started = performance.now();
  const result = await stage.run(log);
  await new Promise((resolve) => log.end(resolve));
  const exactS = (performance.now() - started) / 1000;
  const seconds = Math.round(exactS);
  // Only a clean run measures the machine: a failing check may stop early.
  if (stage.referenceS !== undefined && result.failed === 0) speedSamples.push(exactS / stage.referenceS);
  // Read after the stage: side by side (VITRINE_TEST_PARALLEL=1) a long stage starts before the short checks have measured.
  const budgetS = budgetOf(stage);
  const over = enforceBudgets && seconds > budgetS;
  tallies.push({ suite: stage.name, ...result, failed: result.failed + (over ? 1 : 0), seconds, budgetS });
  const mark = result.failed > 0 || over ? '✗' : '✓';
  console.log(
    `${mark} ${stage.name}: ${result.passed} passed, ${result.failed} failed in ${seconds} s of ${budgetS} s` +
      (over ? ` (over its budget: counted as one more failure)` : seconds > budgetS ? ' (over its budget)' : ''),
  );
  if (result.failed > 0) {
    const lines = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n');
    console.log(`  ┌ the last ${Math.min(lines.length, 150)} lines of ${path.relative(root, logFile)}`);
    for (const line of lines.slice(-150)) console.log(`  │ ${line}`);
    console.log('  └');
  }
  return result;
}

async function sequence(stages: Stage[]): Promise<void> {
  for (const stage of stages) if (wanted(stage)) await runStage(stage);
}

async function together(lanes: (() => Promise<void>)[]): Promise<void> {
  if (serial) for (const lane of lanes) await lane();
  else await Promise.all(lanes.map((lane) => lane()));
}

// The integration suite also renders the built pages (tests/support/built-site.ts).
const needsBuild = [integration, ...afterBuild].some(wanted);
const built = wanted(build) || needsBuild ? (await runStage(build)).failed === 0 : true;

await together([
  () => sequence([...checks, integration]),
  ...afterBuild.filter(wanted).map((stage) => async () => {
    if (built) await runStage(stage);
    else tallies.push({ suite: `${stage.name} (not run: build failed)`, passed: 0, failed: 1 });
  }),
]);

const totalS = Math.round((performance.now() - suiteStarted) / 1000);
const factor = machineFactor();
const suiteBudgetS = Math.round(SUITE_BUDGET_S * factor);
const suiteOver = enforceBudgets && requested.length === 0 && totalS > suiteBudgetS;
console.log('\nSummary');
for (const { suite, passed, failed, seconds, budgetS } of tallies) {
  const time =
    seconds === undefined
      ? ''
      : `  ${String(seconds).padStart(5)} s of ${budgetS} s${seconds > (budgetS ?? Infinity) ? ' ✗ over budget' : ''}`;
  console.log(`  ${suite.padEnd(13)} ${`${passed} passed, ${failed} failed`.padEnd(22)}${time}`);
}
for (const note of tallies.flatMap((tally) => tally.notes ?? [])) console.log(`  ${note}`);
console.log(
  `  ${'all'.padEnd(13)} ${''.padEnd(22)}  ${String(totalS).padStart(5)} s of ${suiteBudgetS} s` +
    (suiteOver ? ' ✗ over budget: counted as one more failure' : totalS > suiteBudgetS ? ' ✗ over budget' : ''),
);
if (factor > 1)
  console.log(
    `  this machine ran typecheck, lint and unit ${factor.toFixed(2)}× as long as the budgets' sitting: the long stages' budgets and` +
      ` the suite's (${SUITE_BUDGET_S} s) are stretched by that much${factor === MAX_FACTOR ? ' (the most they stretch)' : ''}; ≈ ${Math.round(totalS / factor)} s there`,
  );
const passed = tallies.reduce((sum, entry) => sum + entry.passed, 0);
const failed = tallies.reduce((sum, entry) => sum + entry.failed, 0) + (suiteOver ? 1 : 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
