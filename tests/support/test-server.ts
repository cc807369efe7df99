import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { listenOnLoopback, refusedUrl } from './loopback.ts';
import { startSmtpServer, type TestSmtpServer } from '../integration/smtp-test-server.ts';
import type { TestDb } from '../integration/test-db.ts';
import { standInEnv, startGatewayStandIn, type GatewayStandIn } from './providers/tribopay/tribopay-stand-in.ts';
import { composeServer, type ComposedServer } from '../../src/server/compose.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import type { GatewayClient } from '../../src/server/gateway/providers/tribopay/tribopay-types.ts';
import type { Site } from '../../src/server/http/site.ts';
import { createLogger, type LogFormat, type LogLevel } from '../../src/server/lib/logger.ts';

/** A logger that keeps its lines for the test to read. */
function capturedLogger(level: LogLevel, format?: LogFormat) {
  const logLines: Array<{ level: LogLevel; line: string }> = [];
  const logger = createLogger({ level, format, sink: { write: (lineLevel, line) => logLines.push({ level: lineLevel, line }) } });
  return { logger, logLines };
}

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
  options: {
    gateway?: GatewayClient;
    efiCa?: string;
    now?: () => number;
    /** The machine's own clock (composeServer's `systemClock`): one that runs ahead, as a badly set server's does. */
    systemClock?: () => number;
    site?: Site;
    ownPublicUrl?: boolean;
    port?: number;
    logLevel?: LogLevel;
  } = {},
): Promise<TestServer> {
  const { ownPublicUrl, port: wantedPort, logLevel = 'debug', efiCa, ...rest } = options;
  const parts = { ...rest, ...(efiCa ? { providerTesting: { efi: { ca: efiCa } } } : {}) };
  const { logger, logLines } = capturedLogger(logLevel);
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
  // As run-server.ts does before serving.
  await composed.syncClock();
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

type StartOptions = NonNullable<Parameters<typeof startTestServer>[2]>;

/** What a test server runs with besides its database: each part is started for it and stopped after it. */
export interface TestServerParts extends Omit<StartOptions, 'now' | 'gateway' | 'site'> {
  /** A real SMTP server in this process; SMTP_URL names it. */
  smtp?: boolean;
  /**
   * `true`: the gateway stand-in (tests/support/providers/tribopay/tribopay-stand-in.ts), its variables in the env; a
   * function of the stand-in: the gateway client the server uses with it (e.g. one quick to give
   * up). A GatewayClient is used as it is, with no stand-in.
   */
  gateway?: boolean | ((standIn: GatewayStandIn) => GatewayClient) | GatewayClient;
  /**
   * The server's clock starts at this instant (`'now'`: the real time when the server starts) and
   * moves only when the test moves `clock.now`.
   */
  clock?: number | 'now';
  /** The client build the server serves, made when the server starts. */
  site?: () => Site;
  /**
   * A fresh database and server for each test instead of one for the `describe`; the SMTP server
   * and the gateway stand-in stay, emptied before each test.
   */
  each?: boolean;
}

/** A server on a fresh test database (of type `D`: a SQLite one has its file), with the parts it was asked for. */
export interface TestServerRig<D extends TestDb = TestDb> {
  db: D;
  server: TestServer;
  /** With `smtp`. */
  smtp: TestSmtpServer;
  /** With `gateway`. */
  gateway: GatewayStandIn;
  /** With `clock`: the instant the server reads as now. */
  clock: { now: number };
  /** The env the server was started with (the parts' variables included). */
  env: Record<string, string>;
  /** Stops the server and starts another on the same database and parts (a restart), `env` added to its own. */
  restart(env?: Record<string, string>): Promise<TestServer>;
}

type EnvOf<D extends TestDb> = Record<string, string> | ((rig: TestServerRig<D>) => Record<string, string>);

/** Where a test database comes from (`databases` in test-db.ts lists them), and what it makes. */
type DatabaseKind = { create: () => Promise<TestDb> };
type DbOf<Kind extends DatabaseKind> = Awaited<ReturnType<Kind['create']>>;

/** The parts that outlive one test: the SMTP server and the gateway stand-in. */
async function startParts(rig: TestServerRig, parts: TestServerParts) {
  if (parts.smtp) rig.smtp = await startSmtpServer();
  if (parts.gateway === true || typeof parts.gateway === 'function') rig.gateway = await startGatewayStandIn();
}

async function stopParts(rig: Partial<TestServerRig>) {
  await rig.smtp?.stop();
  await rig.gateway?.stop();
}

async function startServerOf(rig: TestServerRig, database: DatabaseKind, env: EnvOf<TestDb>, parts: TestServerParts) {
  const { smtp: _smtp, gateway, clock, site, each: _each, ...options } = parts;
  if (clock !== undefined) rig.clock = { now: clock === 'now' ? Date.now() : clock };
  rig.db = await database.create();
  const own = typeof env === 'function' ? env(rig) : env;
  const withSmtp = rig.smtp ? { SMTP_URL: rig.smtp.url, ...own } : own;
  rig.env = rig.gateway ? standInEnv(rig.gateway, withSmtp) : withSmtp;
  const client = typeof gateway === 'function' ? gateway(rig.gateway) : typeof gateway === 'object' ? gateway : undefined;
  const start = (extra: Record<string, string> = {}) =>
    startTestServer(
      rig.db,
      { ...rig.env, ...extra },
      {
        ...options,
        ...(client ? { gateway: client } : {}),
        ...(clock !== undefined ? { now: () => rig.clock.now } : {}),
        ...(site ? { site: site() } : {}),
      },
    );
  rig.restart = async (extra) => {
    await rig.server.stop();
    return (rig.server = await start(extra));
  };
  rig.server = await start();
}

async function stopServerOf(rig: Partial<TestServerRig>) {
  await rig.server?.stopJobs();
  await rig.server?.stop();
  await rig.db?.close();
}

/**
 * A fresh database of `database`'s kind and the server on it, with the `parts` asked for, for the
 * enclosing `describe` (or, with `each`, for each of its tests): made before, stopped after. Read
 * the rig's fields inside the tests. `env` may be a function of the rig, to name a part started for it.
 */
export function useTestServer<Kind extends DatabaseKind>(
  database: Kind,
  env: EnvOf<DbOf<Kind>> = {},
  parts: TestServerParts = {},
): TestServerRig<DbOf<Kind>> {
  const rig = {} as TestServerRig<DbOf<Kind>>;
  const start = () => startServerOf(rig, database, env as EnvOf<TestDb>, parts);
  beforeAll(() => startParts(rig, parts));
  afterAll(() => stopParts(rig));
  if (parts.each) {
    beforeEach(() => {
      if (rig.smtp) rig.smtp.received.length = 0;
      if (rig.gateway) rig.gateway.requests.length = 0;
      return start();
    });
    afterEach(() => stopServerOf(rig));
  } else {
    beforeAll(start);
    afterAll(() => stopServerOf(rig));
  }
  return rig;
}

/** A second connection to a test database (its SQLite file, or its PostgreSQL schema), as another instance has. */
export function openSameDatabase(db: TestDb & { file?: string; url?: string }): Db {
  return db.file ? openDatabase({ kind: 'sqlite', file: db.file }) : openDatabase({ kind: 'postgres', url: db.url! });
}

/**
 * The app alone, for tests that call `app.request()` without a port; `site`: the client build it
 * serves, `now`: its clock, `logFormat`: the format of the log lines it keeps in `logLines` (text unless
 * given), through `logger`.
 */
export function createTestApp(
  db: Db,
  env: Record<string, string> = {},
  options: { site?: Site; now?: () => number; logFormat?: LogFormat } = {},
) {
  const { logFormat, ...parts } = options;
  const { logger, logLines } = capturedLogger('debug', logFormat);
  const config = loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ...env });
  return { ...composeServer({ config, database: db, logger, ...parts }), config, logLines, logger };
}
