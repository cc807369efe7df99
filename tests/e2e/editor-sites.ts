import type { Browser } from '@playwright/test';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { test } from './fixtures.ts';
import { startServer } from './server.ts';

/** Where an editor story runs: the console's address (nginx on a cluster) and every address that serves `/`. */
export interface Site {
  consoleUrl: string;
  pageUrls: readonly string[];
}

export type Story = (browser: Browser, site: Site) => Promise<void>;

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
