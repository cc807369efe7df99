import path from 'node:path';
import Database from 'better-sqlite3';
import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from './server.ts';

/**
 * `server`: one real server per worker with default settings and its own SQLite file.
 * `acceptedPresell`: a page whose visitor already said "Sim, quero!".
 */
export const test = base.extend<{ acceptPresell: () => Promise<void> }, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  acceptPresell: async ({ context }, use) => {
    await use(async () => {
      await context.addInitScript(() => window.localStorage.setItem('presell_accepted', 'true'));
    });
  },
});

export { expect } from '@playwright/test';

/** Reads the server's SQLite database directly (read-only), as the seller's report would. */
export function querySqlite<T>(server: RunningServer, sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(server.dataDir, 'vitrine.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
