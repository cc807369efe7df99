import { createLogger, type Logger } from '../../src/server/lib/logger.ts';

/** A logger whose lines stay in memory, for asserting on what reaches the logs. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', sink: { write: (_level, line) => lines.push(line) } });
  return { logger, lines };
}
