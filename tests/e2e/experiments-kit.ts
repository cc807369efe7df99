import type { Browser, Page } from '@playwright/test';
import type { Db } from '../../src/server/db/database.ts';
import { createPostgresDb } from '../integration/test-db.ts';
import { contextApi, expect, test, withServerDb } from './fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/** What the A/B tests' e2e specs share. */

const DAY = 86_400_000;

/** Starts a two-version test through the console's API as the form sends it (half and half), from `panel`'s session. */
export async function startTestThroughApi(
  panel: Page,
  url: string,
  test: { page: '/' | '/presell'; name: string; patch: Record<string, unknown>; metric?: 'conversion' | 'revenue' },
): Promise<string> {
  const reply = await contextApi(panel.context(), url, { Origin: url })('/api/admin/experiments', {
    json: {
      page: test.page,
      name: test.name,
      variants: [
        { weight: 50, patch: {} },
        { weight: 50, patch: test.patch },
      ],
      metric: test.metric ?? 'conversion',
      plannedLift: 0.2,
      plannedVisitors: 1_600,
      endsAt: Date.now() + 28 * DAY,
    },
  });
  expect(reply.status).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

/** The story's way into the server's store, on a connection of the test's own. */
export type WithDb = <T>(use: (db: Db) => Promise<T>) => Promise<T>;
export type DbStory = (browser: Browser, server: RunningServer, withDb: WithDb) => Promise<void>;

/** `story` as two tests: on a server of its own on SQLite, and on one on a fresh PostgreSQL database; `withDb` opens the store. */
export function testOnSqliteAndPostgres(
  titles: { sqlite: string; postgres: string },
  story: DbStory,
  env: Record<string, string>,
  timeoutMs: number,
) {
  test(titles.sqlite, async ({ browser }) => {
    test.setTimeout(timeoutMs);
    const server = await startServer(env);
    try {
      await story(browser, server, (use) => withServerDb(server.dataDir, use));
    } finally {
      await server.stop();
    }
  });

  test(titles.postgres, async ({ browser }) => {
    test.setTimeout(timeoutMs);
    const database = await createPostgresDb();
    const server = await startServer({ ...env, DATABASE_URL: database.url });
    try {
      await story(browser, server, (use) => use(database));
    } finally {
      await server.stop();
      await database.close();
    }
  });
}
