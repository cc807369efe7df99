import { beforeAll } from 'vitest';
import type { ExperimentList, ExperimentSummary } from '../../src/shared/experiments/experiment-api.ts';
import { builtSite } from './built-site.ts';
import { signInToConsole } from './clients.ts';
import { consoleCall } from './purchase.ts';
import { useTestServer } from './test-server.ts';

const PASSWORD = 'senha-do-painel-de-teste';

/**
 * The seller at the console's "Testes A/B" for the enclosing `describe`: a server on `database` whose clock moves only
 * when the test moves it, signed in, with the console API's calls and one test as `GET /api/admin/experiments` lists it.
 * `signIn` again after moving the clock days ahead, once the session has expired. `served`: the built site (`npm run
 * build`), so the pages serve the versions and count their visitors.
 */
export function useExperimentConsole(database: Parameters<typeof useTestServer>[0], options: { served?: boolean } = {}) {
  const running = useTestServer(
    database,
    { ADMIN_PASSWORD: PASSWORD },
    { clock: 'now', ...(options.served ? { site: () => builtSite(PASSWORD) } : {}) },
  );
  let cookie = '';
  const signIn = async () => {
    cookie = await signInToConsole(running.server.url, PASSWORD);
  };
  beforeAll(signIn);
  const call = (pathname: string, body?: unknown) => consoleCall(running.server.url, cookie, pathname, body);
  const testOf = async (id: string): Promise<ExperimentSummary> =>
    ((await (await call('/experiments')).json()) as ExperimentList).experiments.find((test) => test.id === id)!;
  return { running, call, testOf, signIn };
}
