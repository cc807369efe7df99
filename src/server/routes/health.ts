import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { pendingMigrations } from '../db/migrations.ts';
import type { Database } from '../db/schema.ts';
import type { Lifecycle } from '../lib/lifecycle.ts';
import type { Logger } from '../lib/logger.ts';

const READINESS_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: 'draining' | 'database unavailable' | 'migrations pending' };

async function checkReadiness(db: Kysely<Database>, lifecycle: Lifecycle, logger: Logger): Promise<Readiness> {
  if (lifecycle.isDraining()) return { ready: false, reason: 'draining' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    const pending = await Promise.race([pendingMigrations(db), timeout]);
    if (pending.length === 0) return { ready: true };
    logger.warn('Not ready: migrations pending', { pending: pending.join(',') });
    return { ready: false, reason: 'migrations pending' };
  } catch (error) {
    logger.warn('Not ready: the database does not answer', { error: error instanceof Error ? error.message : String(error) });
    return { ready: false, reason: 'database unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

/** Neither probe writes anything, so a probe every second costs no storage. */
export function healthRoutes(deps: { db: Kysely<Database>; lifecycle: Lifecycle; logger: Logger }) {
  return new Hono()
    .get('/healthz', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' });
    })
    .get('/readyz', async (c) => {
      c.header('Cache-Control', 'no-store');
      const readiness = await checkReadiness(deps.db, deps.lifecycle, deps.logger);
      return readiness.ready ? c.json({ status: 'ready' }) : c.json({ status: 'unavailable', reason: readiness.reason }, 503);
    });
}

/** Logged at debug level: a balancer asking every few seconds would drown the log. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);
