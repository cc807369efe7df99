import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { composeServer } from './compose.ts';
import { ConfigError, loadConfig, placeholdersInUse } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { createLogger } from './logger.ts';
import { publicConfig, publicConfigScript } from './public-config.ts';
import { loadSite } from './site.ts';

/**
 * Slow clients cannot hold the server: a request's headers must arrive within 10 s and the whole
 * request within 30 s (a slow-loris client trickling bytes is cut off), checked every second.
 */
const HTTP_SERVER_OPTIONS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 };

/** Finds the client build next to the bundled server (dist/server → dist/client) or from the repo root. */
function findClientDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../client'), path.resolve(here, '../../dist/client')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

async function main() {
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

  const logger = createLogger({ level: config.logLevel });
  // With their stack, masked like every line: the process keeps serving the other requests.
  process.on('unhandledRejection', (reason) => {
    logger.error('Unhandled rejection', { error: reason instanceof Error ? reason.message : String(reason), stack: reason instanceof Error ? reason.stack : undefined });
  });
  if (config.demoMode) logger.warn('Demo mode: no gateway is configured, the sandbox takes the charges and no real payment is made (set PROVIDER_URL to sell)');
  for (const variable of placeholdersInUse(config)) {
    logger.warn(`Placeholder still in use: set ${variable}`, { variable });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const browserConfig = publicConfig(config);
  const site = loadSite(findClientDir(), publicConfigScript(browserConfig), browserConfig);

  // Demo mode (the sandbox gateway) without ADMIN_PASSWORD: a password for this run only, shown
  // once on the start line. With a real gateway the console stays off until the seller sets one.
  const generatedAdminPassword =
    config.adminPassword === undefined && config.gateway.kind === 'sandbox' ? randomBytes(12).toString('base64url') : undefined;
  const composed = composeServer({ config, database, logger, site, adminPassword: generatedAdminPassword });
  const gatewayTarget = config.gateway;

  const server = serve({ fetch: composed.app.fetch, port: config.port, hostname: config.host, serverOptions: HTTP_SERVER_OPTIONS }, (info: AddressInfo) => {
    composed.setPort(info.port);
    composed.startJobs();
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    logger.info(`Vitrine listening on http://${shownHost}:${info.port}`, {
      database: database.dialect,
      gateway: gatewayTarget.kind === 'remote' ? new URL(gatewayTarget.url).host : 'sandbox',
      console: config.adminPassword || generatedAdminPassword ? `${config.publicUrl ?? `http://${shownHost}:${info.port}`}/painel` : 'off (set ADMIN_PASSWORD)',
      consolePassword: generatedAdminPassword,
    });
  });

  const shutdown = () => {
    logger.info('Shutting down');
    server.close(() => {
      void composed
        .stopJobs()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`Vitrine could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
