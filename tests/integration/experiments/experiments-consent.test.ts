import { describe, expect, it } from 'vitest';
import type { ExperimentList } from '../../../src/shared/experiments/experiment-api.ts';
import { fetchFrom, newClientAddress, signInToConsole } from '../../support/clients.ts';
import { headlineExperiment } from '../../support/headline-experiment.ts';
import { consoleCall } from '../../support/purchase.ts';
import { useTestServer } from '../../support/test-server.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { databases } from '../test-db.ts';

/**
 * The first-party cookie a visitor's browser keeps after analytics consent (docs/experiments.md#assignment): the server
 * serves the variant it names for the running test, also on a later day whose salt would pick another; anything else in
 * it is ignored, and the server itself never sets it.
 */
const PASSWORD = 'senha-do-painel-de-teste';
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DAY = 86_400_000;

describe.skipIf(!siteBuilt).each(databases)('the A/B test variant kept by the consented cookie ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: 'now', site: () => builtSite(PASSWORD) });

  /** The variant `/` names for this address, with `cookie` sent if given; the server sets no cookie. */
  async function variantOf(address: string, cookie?: string): Promise<number> {
    const response = await fetchFrom(address)(`${running.server.url}/`, {
      headers: { 'User-Agent': BROWSER, ...(cookie === undefined ? {} : { Cookie: cookie }) },
    });
    expect(response.headers.get('set-cookie')).toBeNull();
    const mark = /<html[^>]* data-experiment="([^"]+)"/.exec(await response.text())?.[1];
    return Number(mark?.split('.')[1]);
  }

  it('serves the variant the cookie names for the running test, on a later day too, and ignores any other value', async () => {
    const cookie = await signInToConsole(running.server.url, PASSWORD);
    const created = await consoleCall(running.server.url, cookie, '/experiments', headlineExperiment(running.clock.now + 28 * DAY));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const today = new Map<string, number>();
    for (let client = 0; client < 16; client++) {
      const address = newClientAddress();
      today.set(address, await variantOf(address));
    }
    expect(new Set(today.values())).toEqual(new Set([0, 1]));
    const [onA] = [...today].find(([, variant]) => variant === 0)!;
    expect(await variantOf(onA, `vitrine_consent=x; vitrine_ab=${id}.1`)).toBe(1);
    expect(await variantOf(onA, `vitrine_ab=exp_other.1~${id}.1`)).toBe(1);
    for (const hostile of [
      `vitrine_ab=${id}.2`,
      `vitrine_ab=${id}.1~a.0~b.0`,
      `vitrine_ab=${id}.1.1`,
      `vitrine_ab=exp_other.1`,
      'vitrine_ab=__proto__.1',
      `vitrine_ab=${id}.1~${'x'.repeat(4_000)}`,
      `vitrine_ab=${'a-'.repeat(2_000)}.1`,
    ])
      expect(await variantOf(onA, hostile), hostile).toBe(0);

    // The next day's salt moves some visitors to the other variant; the cookie keeps theirs.
    running.clock.now += DAY;
    const changed: Array<[string, number]> = [];
    // Each of the 16 keeps its variant with probability ½ a day: all 16 do once in 65,536 runs.
    for (const [address, variant] of today) if ((await variantOf(address)) !== variant) changed.push([address, variant]);
    expect(changed.length).toBeGreaterThan(0);
    for (const [address, variant] of changed) expect(await variantOf(address, `vitrine_ab=${id}.${variant}`)).toBe(variant);
  });
});

describe.skipIf(!siteBuilt).each(databases)('the A/B test’s visitor-days, as the pages count them ($name)', (database) => {
  const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { clock: 'now', site: () => builtSite(PASSWORD) });
  const FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

  async function load(address: string, userAgent: string, cookie?: string): Promise<number> {
    const response = await fetchFrom(address)(`${running.server.url}/`, {
      headers: { 'User-Agent': userAgent, ...(cookie === undefined ? {} : { Cookie: cookie }) },
    });
    const mark = /<html[^>]* data-experiment="([^"]+)"/.exec(await response.text())?.[1];
    return Number(mark?.split('.')[1]);
  }

  it('counts two browsers on one address as two visitors, a reload as none, and records the days the cookie kept', async () => {
    const cookie = await signInToConsole(running.server.url, PASSWORD);
    const created = await consoleCall(running.server.url, cookie, '/experiments', headlineExperiment(running.clock.now + 28 * DAY));
    const { id } = (await created.json()) as { id: string };
    const figures = async () => {
      await running.server.background.idle();
      const list = (await (await consoleCall(running.server.url, cookie, '/experiments')).json()) as ExperimentList;
      return list.experiments.find((test) => test.id === id)!.figures.map((arm) => [arm.visitors, arm.keptVisitors]);
    };
    const total = async () => (await figures()).reduce((sum, [visitors]) => sum + visitors!, 0);

    // One household behind one address: a phone's Chrome and its Firefox are two visitors; Chrome reloading is not a third.
    const home = newClientAddress();
    await load(home, BROWSER);
    await load(home, FIREFOX);
    await load(home, BROWSER);
    expect(await total()).toBe(2);
    expect((await figures()).every(([, kept]) => kept === 0)).toBe(true);

    // A consented visitor whose cookie keeps B: that visitor-day is counted in B as kept, not as one the hash drew.
    const returning = newClientAddress();
    expect(await load(returning, BROWSER, `vitrine_consent=x; vitrine_ab=${id}.1`)).toBe(1);
    const after = await figures();
    expect(after.reduce((sum, [visitors]) => sum + visitors!, 0)).toBe(3);
    expect(after.map(([, kept]) => kept)).toEqual([0, 1]);
  });
});
