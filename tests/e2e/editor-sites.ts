import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { test } from './fixtures.ts';
import { startServer } from './server.ts';

/**
 * How long a story waits for every instance to serve a version published through one. Each instance reads the live
 * version's number once a second and renders a newer one (docs/editing.md#several-instances: about 2 s on an idle
 * machine); beside a full e2e run on two cores that render alone has taken 13–17 s. A hang guard, not a speed goal (the
 * swap's speed belongs in a bench), stretched by VITRINE_MACHINE_FACTOR as the tests' own time limits are.
 */
export const EVERY_INSTANCE_MS = Math.round(30_000 * Math.min(2.5, Math.max(1, Number(process.env.VITRINE_MACHINE_FACTOR) || 1)));

/** Where an editor story runs: the console's address (nginx on a cluster) and every address that serves `/`. */
export interface Site {
  consoleUrl: string;
  pageUrls: readonly string[];
}

export type Story = (browser: Browser, site: Site) => Promise<void>;

/**
 * Where a story's image uploads go: straight to an instance, from the console's origin. nginx gives an instance 30 s to
 * answer, and encoding a noisy photo as AVIF at three widths has taken longer on a loaded two-core machine.
 */
export function imageUploadUrl(site: Site): string {
  return `${site.pageUrls[0]}/api/admin/page/images`;
}

/** The console in `panel` sends its image uploads to imageUploadUrl; everything else still goes through the site's address. */
export async function uploadStraightToAnInstance(panel: Page, site: Site): Promise<void> {
  const url = imageUploadUrl(site);
  if (new URL(url).origin === new URL(site.consoleUrl).origin) return;
  // The browser's own request (its body, cookie and Origin), sent from the test's side to the instance.
  await panel.route('**/api/admin/page/images', async (route) => route.fulfill({ response: await route.fetch({ url, timeout: 120_000 }) }));
}

/** A photograph's detail as JPEG: Chromium does not count a flat, low-entropy image as a contentful paint. */
export function noisyPhoto(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** The version the console's "No ar" line names (0 for the original content): a shared cluster carries earlier stories' versions. */
export async function liveVersionNumber(panel: Page): Promise<number> {
  const live = (await panel.getByText(/^No ar: /).textContent()) ?? '';
  return Number(/versão (\d+)/.exec(live)?.[1] ?? 0);
}

/**
 * Each story as two tests: on one server of its own on SQLite, and on two instances behind nginx on
 * PostgreSQL, where one cluster serves every story of the file in turn (a cluster per test would add its
 * start to each), so a story counts its versions from what the previous one left live.
 */
export function testOnSqliteAndCluster(stories: ReadonlyArray<readonly [string, Story]>, env: Record<string, string>, timeoutMs: number) {
  for (const [title, story] of stories) {
    test(title, async ({ browser }) => {
      test.setTimeout(timeoutMs);
      const server = await startServer(env);
      try {
        await story(browser, { consoleUrl: server.url, pageUrls: [server.url] });
      } finally {
        await server.stop();
      }
    });
  }

  test.describe.serial('on two instances behind nginx on PostgreSQL', () => {
    let cluster: Cluster | undefined;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      cluster = await startCluster({ instances: 2, env });
    });
    test.afterAll(async () => {
      await cluster?.stop();
    });

    for (const [title, story] of stories) {
      test(title, async ({ browser }) => {
        test.setTimeout(timeoutMs);
        // The editors' consoles through nginx; `/` read from each instance directly, so each is seen to serve it.
        await story(browser, { consoleUrl: cluster!.url, pageUrls: cluster!.instances.map((instance) => instance.url) });
      });
    }
  });
}
