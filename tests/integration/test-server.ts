import { afterAll, beforeAll } from 'vitest';
import { listenOnLoopback, refusedUrl } from '../support/loopback.ts';
import { composeServer, type ComposedServer } from '../../src/server/compose.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import type { Db } from '../../src/server/db/database.ts';
import type { GatewayClient } from '../../src/server/gateway/types.ts';
import type { Site } from '../../src/server/http/site.ts';
import { createLogger, type LogLevel } from '../../src/server/lib/logger.ts';
import type { TestDb } from './test-db.ts';

export interface TestServer extends ComposedServer {
  url: string;
  logLines: Array<{ level: LogLevel; line: string }>;
  stop(): Promise<void>;
}

/**
 * The real server (same wiring as main.ts, sandbox gateway included) over a real database,
 * listening on a free loopback port, so the gateway client speaks real HTTP to it.
 * `ownPublicUrl`: PUBLIC_URL is the server's own address, port included, so a provider's stand-in
 * can reach the webhook URL the server gives it with each charge; `port` keeps a stopped server's
 * address for its restart.
 */
export async function startTestServer(
  db: Db,
  env: Record<string, string> = {},
  options: { gateway?: GatewayClient; efiCa?: string; now?: () => number; site?: Site; ownPublicUrl?: boolean; port?: number } = {},
): Promise<TestServer> {
  const { ownPublicUrl, port: wantedPort, ...parts } = options;
  const logLines: Array<{ level: LogLevel; line: string }> = [];
  const logger = createLogger({ level: 'debug', sink: { write: (level, line) => logLines.push({ level, line }) } });
  // A port free a moment ago: the server takes it at once.
  const chosenPort = wantedPort ?? (ownPublicUrl ? Number(new URL(await refusedUrl()).port) : 0);
  const config = loadConfig({
    DATA_DIR: '/tmp/vitrine-unused',
    PORT: '0',
    HOST: '127.0.0.1',
    ...env,
    ...(ownPublicUrl ? { PUBLIC_URL: `http://127.0.0.1:${chosenPort}` } : {}),
  });
  const composed = composeServer({ config, database: db, logger, ...parts });
  const listening = await listenOnLoopback(composed.app.fetch, chosenPort);
  const port = listening.port;
  composed.setPort(port);
  return {
    ...composed,
    url: `http://127.0.0.1:${port}`,
    logLines,
    stop: listening.close,
  };
}

/**
 * A fresh database of `database`'s kind and the server on it, for the enclosing `describe`: made
 * before its tests, closed after them. Read `db` and `server` inside the tests.
 */
export function useTestServer(
  database: { create: () => Promise<TestDb> },
  env: Record<string, string> = {},
  options: { gateway?: GatewayClient; now?: () => number } = {},
): { db: TestDb; server: TestServer } {
  const running = {} as { db: TestDb; server: TestServer };
  beforeAll(async () => {
    running.db = await database.create();
    running.server = await startTestServer(running.db, env, options);
  });
  afterAll(async () => {
    await running.server?.stop();
    await running.db?.close();
  });
  return running;
}

/** The app alone, for tests that call `app.request()` without a port. */
export function createTestApp(db: Db, env: Record<string, string> = {}) {
  const logLines: Array<{ level: LogLevel; line: string }> = [];
  const logger = createLogger({ level: 'debug', sink: { write: (level, line) => logLines.push({ level, line }) } });
  const config = loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ...env });
  return { ...composeServer({ config, database: db, logger }), config, logLines };
}
