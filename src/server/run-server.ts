import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeServer } from './compose.ts';
import { ConfigError, loadConfig, placeholdersInUse } from './config/config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { answerClientErrors } from './http/client-errors.ts';
import { HTTP_SERVER_OPTIONS } from './http/http-options.ts';
import { createLogger, defaultLogFormat } from './lib/logger.ts';
import { describeEnvFile, loadEnvFile } from './config/env-file.ts';
import { unreadableProviderProblems } from './payment/unreadable-providers.ts';
import { sandboxChargeIds } from './sandbox/sandbox-charges.ts';
import { publicConfig, publicConfigScript } from './config/public-config.ts';
import { loadSite } from './http/site.ts';
import { prepareExampleLists } from './suppliers/example-lists.ts';
import { pushKeys } from './push/push-delivery.ts';

/** A checkout takes at most the gateway's 15 s timeout. */
const SHUTDOWN_GRACE_MS = 20_000;

function findClientDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../client'), path.resolve(here, '../../dist/client')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

/** `now` lets the end-to-end tests move the clock; production passes nothing. */
// Long: the boot's order (config, database, jobs, listen, shutdown) reads best as one sequence.
export async function runServer(options: { now?: () => number } = {}): Promise<void> {
  const envFile = loadEnvFile();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) process.stderr.write(`Invalid configuration: ${problem}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger({ level: config.logLevel, format: config.logFormat ?? defaultLogFormat() });
  if (envFile) logger.info(describeEnvFile(envFile));
  process.on('unhandledRejection', (reason) => {
    logger.error('Unhandled rejection', {
      error: reason instanceof Error ? reason.message : String(reason),
      stack: reason instanceof Error ? reason.stack : undefined,
    });
  });
  if (config.demoMode)
    logger.warn(
      'Demo mode: no gateway is configured, the sandbox takes the charges and no real payment is made (set PROVIDER_URL to sell)',
    );
  for (const variable of placeholdersInUse(config)) {
    logger.warn(`Placeholder still in use: set ${variable}`, { variable });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const unreadable = await unreadableProviderProblems(database.db, config, Date.now(), sandboxChargeIds(database.db));
  if (unreadable.length > 0) {
    for (const problem of unreadable) process.stderr.write(`Invalid configuration: ${problem}\n`);
    await database.close();
    process.exit(1);
  }
  for (const retired of config.retiredPayments) {
    logger.warn(
      `${retired.id} is out of PAYMENT_PROVIDERS with its credentials set: no new charges; its charges are still read and refunded`,
    );
  }
  // With the shop's data, so a backup restores the keys the browsers subscribed with (docs/notifications.md).
  await pushKeys(database.db, Date.now());
  const examples = await prepareExampleLists(database.db, { demoMode: config.demoMode, now: Date.now() });
  if (examples.seeded.length > 0) logger.info('Demo: example suppliers added to the empty lists', { lists: examples.seeded.join(',') });
  if (examples.cleared.length > 0) {
    logger.warn('A real gateway is configured: the demo example suppliers were removed; import the real lists', {
      lists: examples.cleared.join(','),
    });
  }
  const browserConfig = publicConfig(config);
  const site = loadSite(findClientDir(), publicConfigScript(browserConfig), browserConfig);

  // Demo mode without ADMIN_PASSWORD: a password for this run only; with a real gateway the console stays off.
  const generatedAdminPassword = config.adminPassword === undefined && config.demoMode ? randomBytes(12).toString('base64url') : undefined;
  const composed = composeServer({
    config,
    database,
    logger,
    site,
    adminPassword: generatedAdminPassword,
    ...(options.now ? { now: options.now } : {}),
  });
  // Before the first request: every time this instance stamps is the database's (db/database-clock.ts).
  await composed.syncClock();
  await composed.refreshReviews();
  await composed.checkOffer();

  // A checkout must not be cut between writing its order and storing the gateway's answer.
  let inFlight = 0;
  const idleWaiters = new Set<() => void>();

  const server = serve(
    { fetch: composed.app.fetch, port: config.port, hostname: config.host, serverOptions: HTTP_SERVER_OPTIONS },
    (info: AddressInfo) => {
      composed.setPort(info.port);
      composed.startJobs();
      const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      logger.info(`Vitrine listening on http://${shownHost}:${info.port}`, {
        database: database.dialect,
        gateway: config.payments.map((provider) => ('demo' in provider ? `${provider.id} (sandbox)` : provider.id)).join(', '),
        console:
          config.adminPassword || generatedAdminPassword
            ? `${config.publicUrl ?? `http://${shownHost}:${info.port}`}/painel`
            : 'off (set ADMIN_PASSWORD)',
        consolePassword: generatedAdminPassword,
      });
    },
  ) as Server;
  answerClientErrors(server);
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    // Counted until the answer is fully written ('close').
    inFlight++;
    response.once('close', () => {
      inFlight--;
      if (inFlight === 0) for (const wake of idleWaiters) wake();
    });
    // So keep-alive clients move to another instance.
    if (composed.lifecycle.isDraining()) response.setHeader('Connection', 'close');
  });

  const requestsFinished = (timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (inFlight === 0) return resolve(true);
      const timer = setTimeout(() => {
        idleWaiters.delete(wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        idleWaiters.delete(wake);
        resolve(true);
      };
      idleWaiters.add(wake);
    });

  /** SIGTERM or SIGINT: refuse checkouts, let requests finish up to 20 s, then close; repeated signals change nothing. */
  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    composed.lifecycle.beginDrain();
    logger.info('Shutting down: finishing requests in flight', { signal, requests: inFlight });
    // Still listening while draining: a checkout gets a clear 503 rather than a refused connection.
    server.closeIdleConnections();
    void (async () => {
      const finished = await requestsFinished(SHUTDOWN_GRACE_MS);
      if (!finished) logger.warn('Requests still running after the shutdown grace period were cut off', { requests: inFlight });
      server.close();
      server.closeAllConnections();
      await composed.stopJobs();
      await database.close();
      logger.info('Stopped');
    })()
      .catch((error: unknown) => logger.error('Shutdown failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
