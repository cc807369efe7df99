import { announceSeed, FUZZ_SEED, runs } from '../fuzz/fuzz-kit.ts';
import { CONSOLE_AREAS, runArea, seedAffiliate, seedOrders, signedInState, summaryLine, type MonkeyFinding } from './console-monkey-kit.ts';
import { expect, test } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The console under a seller's hands, at random: for each console area, seeded sequences of typing key by
 * key, erasing, retyping, pasting text of every class, picking options, leaving and coming back, reloading, a second
 * tab and, on "Página", publishing; after each action no uncaught error, no blank page, no 5xx and no typed value lost
 * (tests/e2e/console-monkey-kit.ts). A bounded run: two sequences of three to five actions per area (`FUZZ_RUNS` scales
 * them); `npm run bench -- monkey` runs 500 per area. It prints its seed; `FUZZ_SEED=<seed>` replays a run, and
 * `-g "<area>"` one area of it.
 */

const PASSWORD = 'senha-do-painel-macaco';
const PHONE = { width: 390, height: 844 };
const SEQUENCES = runs(2);
const STEPS = { min: 3, max: 5 };

const replay = (finding: MonkeyFinding) => `sequence ${finding.sequence}, step ${finding.step}: ${finding.action}\n    ${finding.problem}`;

test.describe('the console under a seeded monkey', () => {
  // One server and one sign-in for every area; the areas run one after another on it.
  test.describe.configure({ mode: 'default' });
  let server: RunningServer;
  let signedIn: Awaited<ReturnType<typeof signedInState>>;

  test.beforeAll(async ({ browser }) => {
    announceSeed('console monkey');
    server = await startServer({ ADMIN_PASSWORD: PASSWORD });
    await seedOrders(server.url);
    signedIn = await signedInState(browser, server.url, PASSWORD);
    await seedAffiliate(server.url, signedIn);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  for (const area of CONSOLE_AREAS) {
    test(`${area.name}: random keys, pastes, picks, reloads and tabs break nothing and lose no typing`, async ({ browser }) => {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        viewport: PHONE,
        storageState: signedIn,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const report = await runArea(context, area, { seed: FUZZ_SEED, sequences: SEQUENCES, steps: STEPS, log: console.log });
      await context.close();
      console.log(`console monkey, seed ${FUZZ_SEED}: ${summaryLine(report)}`);
      expect(report.findings.map(replay), `findings in ${area.name} (replay with FUZZ_SEED=${FUZZ_SEED} and -g "${area.name}")`).toEqual(
        [],
      );
    });
  }
});
