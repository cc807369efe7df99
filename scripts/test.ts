import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: type check, lint (ESLint), unused code (knip), build, unit + integration (Vitest),
 * faults (Vitest, the built server as a real process that is killed), end-to-end (Playwright, real
 * Chromium). Every suite runs even when an earlier one fails; the last line sums them all as
 * "N passed, M failed" and the exit code is non-zero on any failure. Type check, lint and knip
 * count as one check each: passed when clean, failed on any problem.
 */

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.test-output');
fs.mkdirSync(out, { recursive: true });

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  /** Wall time of the commands run since the previous tally, so the summary shows where time goes. */
  seconds?: number;
}
const tallies: Tally[] = [];
let spentMs = 0;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  spentMs += performance.now() - started;
  return result.status ?? 1;
}

function tally(entry: Tally): void {
  tallies.push({ ...entry, seconds: Math.round(spentMs / 1000) });
  spentMs = 0;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
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
const flakyTitles: string[] = [];

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** A check that is clean or not: one passed, or one failed. */
function check(suite: string, status: number): void {
  tally({ suite, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

// 1. Types, lint and unused code.
// One TypeScript project per side (tsconfig.json lists them): every one must pass.
const projects = ['tsconfig.shared.json', 'tsconfig.client.json', 'tsconfig.node.json', 'tsconfig.tools.json'];
check('typecheck', projects.map((project) => run(bin('tsc'), ['-p', project])).some((status) => status !== 0) ? 1 : 0);
check('lint', run(bin('eslint'), ['.']));
check('knip', run(bin('knip'), ['--no-progress']));

// 2. The production build the end-to-end tests run against.
const build = run(bin('tsx'), ['scripts/build.ts']);
tally({ suite: 'build', passed: build === 0 ? 1 : 0, failed: build === 0 ? 0 : 1 });

// 3. Unit and integration tests.
const vitestJson = path.join(out, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitest = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const vitestReport = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestJson);
tally({
  suite: 'vitest',
  passed: vitestReport?.numPassedTests ?? 0,
  failed: (vitestReport?.numFailedTests ?? 0) + (vitest !== 0 && !vitestReport?.numFailedTests ? 1 : 0),
});

// 4. Fault tests (need the build): the server as its own OS process, killed with SIGKILL and SIGTERM.
if (build === 0) {
  const faultsJson = path.join(out, 'faults.json');
  fs.rmSync(faultsJson, { force: true });
  const faults = run(bin('vitest'), [
    'run',
    '--config',
    'vitest.faults.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${faultsJson}`,
  ]);
  const faultsReport = readJson<{ numPassedTests: number; numFailedTests: number }>(faultsJson);
  tally({
    suite: 'faults',
    passed: faultsReport?.numPassedTests ?? 0,
    failed: (faultsReport?.numFailedTests ?? 0) + (faults !== 0 && !faultsReport?.numFailedTests ? 1 : 0),
  });
} else {
  tally({ suite: 'faults (not run: build failed)', passed: 0, failed: 1 });
}

// 5. End-to-end tests (need the build).
if (build === 0) {
  const playwrightJson = path.join(out, 'playwright.json');
  fs.rmSync(playwrightJson, { force: true });
  const playwright = run(bin('playwright'), ['test']);
  const report = readJson<PlaywrightReport>(playwrightJson);
  flakyTitles.push(...(report ? flakyTests(report.suites) : []));
  tally({
    suite: 'e2e',
    passed: (report?.stats.expected ?? 0) + (report?.stats.flaky ?? 0),
    failed: (report?.stats.unexpected ?? 0) + (playwright !== 0 && !report?.stats.unexpected ? 1 : 0),
  });
} else {
  tally({ suite: 'e2e (not run: build failed)', passed: 0, failed: 1 });
}

console.log('\nSummary');
for (const { suite, passed, failed, seconds } of tallies) {
  console.log(`  ${suite.padEnd(12)} ${passed} passed, ${failed} failed${seconds ? `  (${seconds} s)` : ''}`);
}
for (const title of flakyTitles) console.log(`  flaky (failed once, passed on its retry): ${title}`);
const passed = tallies.reduce((sum, entry) => sum + entry.passed, 0);
const failed = tallies.reduce((sum, entry) => sum + entry.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
