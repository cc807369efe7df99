import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, findChromium, MISSING_CHROMIUM_MESSAGE } from '../tests/e2e/browser.ts';
import { CONSOLE_AREAS, runArea, seedOrders, signedInState, summaryLine, type MonkeyReport } from '../tests/e2e/console-monkey-kit.ts';
import { startServer } from '../tests/e2e/server.ts';
import { announceSeed, FUZZ_SEED } from '../tests/fuzz/fuzz-kit.ts';

/**
 * `npm run bench -- monkey`: the console's seeded monkey at length (tests/e2e/console-monkey-kit.ts), 500 sequences of
 * two to eight actions per console area at a phone's width, on one server of the build, signed in as the owner. Prints
 * the seed, each area's counts and time, and every finding with its sequence and step; `FUZZ_SEED=<seed>` replays a
 * run (`FUZZ_SEED=random` draws a fresh one). `MONKEY_SEQUENCES` changes the count per area, `MONKEY_AREAS` (names,
 * comma-separated) runs some areas only.
 */
const PASSWORD = 'senha-do-painel-do-macaco';
const SEQUENCES = Number(process.env.MONKEY_SEQUENCES) || 500;
const STEPS = { min: 2, max: 8 };

export async function runMonkeyBench(): Promise<void> {
  if (!findChromium()) {
    console.log(`\nConsole monkey skipped: ${MISSING_CHROMIUM_MESSAGE}`);
    return;
  }
  const only = process.env.MONKEY_AREAS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const areas = CONSOLE_AREAS.filter((area) => !only || only.includes(area.name));
  console.log(`\nConsole monkey: ${SEQUENCES} sequences of ${STEPS.min} to ${STEPS.max} actions per area, ${areas.length} areas, 390 px`);
  announceSeed('console monkey');
  const server = await startServer({ ADMIN_PASSWORD: PASSWORD });
  const browser = await chromium.launch(chromiumLaunchOptions());
  const reports: MonkeyReport[] = [];
  try {
    await seedOrders(server.url);
    const signedIn = await signedInState(browser, server.url, PASSWORD);
    for (const area of areas) {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        viewport: { width: 390, height: 844 },
        storageState: signedIn,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const report = await runArea(context, area, { seed: FUZZ_SEED, sequences: SEQUENCES, steps: STEPS, log: console.log });
      await context.close();
      reports.push(report);
      console.log(`  ${summaryLine(report)}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const findings = reports.flatMap((report) => report.findings);
  const actions = reports.reduce((sum, report) => sum + report.actions, 0);
  console.log(`  seed ${FUZZ_SEED}: ${actions} actions, ${findings.length} findings`);
  for (const finding of findings)
    console.log(`  - ${finding.area}, sequence ${finding.sequence}, step ${finding.step} (${finding.action}): ${finding.problem}`);
}
