import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/database.ts';
import { createLogger, type LogLevel } from '../../src/server/logger.ts';

/** The real Hono app over a real database, called in-process (`app.request`). */
export function createTestApp(db: Db, env: Record<string, string> = {}) {
  const lines: Array<{ level: LogLevel; line: string }> = [];
  const logger = createLogger({ level: 'debug', sink: { write: (level, line) => lines.push({ level, line }) } });
  const config = loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ...env });
  const app = createApp({ config, db: db.db, logger });
  return { app, config, logger, logLines: lines };
}
