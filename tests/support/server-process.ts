import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/server/db/database.ts';

/**
 * The real production server (dist/server/main.js) as its own OS process, on a free loopback port
 * with its own data folder, its log lines captured. End-to-end tests stop it with SIGTERM; fault
 * tests kill it with SIGKILL and start it again on the same data folder.
 */

/**
 * The bundled server to run. VITRINE_SERVER_ENTRY points at another build (e.g. one made with
 * VITRINE_DIST=/tmp/… npx tsx scripts/build.ts) so specs can run without rewriting the shared dist/.
 */
export const SERVER_ENTRY = path.resolve(process.env.VITRINE_SERVER_ENTRY?.trim() || 'dist/server/main.js');

/**
 * Node's flags for the server, as production passes them (package.json `start`, the Dockerfile's
 * CMD, deploy/vitrine.service): without `__proto__`, no body can reach Object.prototype through it;
 * a young generation sized to the server's heap rather than to the machine (bench/rss.ts).
 */
export const SERVER_NODE_FLAGS = ['--disable-proto=throw', '--max-semi-space-size=2'] as const;

/** Its environment as production sets it: two glibc malloc arenas rather than one per thread (bench/rss.ts). */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' } as const;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: string[];
  process: ChildProcess;
  /** Resolves when the process ended, however it ended. */
  exited: Promise<Exit>;
  /** SIGTERM, wait for the exit, then remove the data folder (unless it was given by the caller). */
  stop(): Promise<void>;
  /** Sends `signal` (SIGKILL by default) to the process, or to its whole process group when started `detached`. */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

export interface StartOptions {
  /** Reuse this data folder (a restart after a kill); it is then left in place by `stop()`. */
  dataDir?: string;
  /** The command to run instead of `node dist/server/main.js`, e.g. `['npm', 'start']`. */
  command?: [string, ...string[]];
  /** In a process group of its own, so `kill()` signals the whole group as systemd and Docker do. */
  detached?: boolean;
  /** How long the start may take (a cold `npm start` is slower than the bundled server). */
  startTimeoutMs?: number;
  /** The text of a `.env` written into the server's working folder (its data folder). */
  envFile?: string;
  /** The working folder for a `command` (the project root by default; the bundled server runs in its data folder). */
  cwd?: string;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  if (options.envFile !== undefined) fs.writeFileSync(path.join(dataDir, '.env'), options.envFile);
  const [command, ...args] = options.command ?? [process.execPath, ...SERVER_NODE_FLAGS, SERVER_ENTRY];
  const child = spawn(command, args, {
    // Text lines (the assertions read them). The bundled server runs in its data folder, so a
    // developer's own .env in the project root never leaks into a test server; `npm start` needs the root.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      TZ: 'UTC',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_FORMAT: 'text',
      ...SERVER_ENV,
      ...env,
    },
    cwd: options.cwd ?? (options.command ? process.cwd() : dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const logs: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    logs.push(...chunk.toString().split('\n').filter(Boolean));
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  // Generous: a server start is a second or two alone, but CI machines can be busy.
  const waitForLog = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = logs.find((entry) => pattern.test(entry));
        if (line) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(line);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`No log line matching ${pattern} within ${timeoutMs} ms. Logs:\n${logs.join('\n')}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const startLine = await Promise.race([
    waitForLog(/listening on http:\/\/\S+:\d+/, options.startTimeoutMs ?? 120_000),
    exited.then(() => {
      throw new Error(`The server exited during start:\n${logs.join('\n')}`);
    }),
  ]).catch((error: unknown) => {
    // A server that missed its start is killed, never left running orphaned after the test.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  });
  // The text line ends with the port or a space; a JSON line (LOG_FORMAT=json) with a quote.
  const port = /:(\d+)(["\s]|$)/.exec(startLine)?.[1];
  const signalProcess = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (options.detached) process.kill(-child.pid!, signal);
    else child.kill(signal);
  };
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    logs,
    process: child,
    exited,
    waitForLog,
    async kill(signal = 'SIGKILL') {
      signalProcess(signal);
      return exited;
    },
    async stop() {
      signalProcess('SIGTERM');
      await exited;
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ClockedServer extends RunningServer {
  /** Moves the server's clock `ms` further ahead and waits until the process has read it. */
  advance(ms: number): Promise<void>;
}

/** tsx's loader, by path: the clocked server runs in its data folder, where `--import tsx` would not resolve. */
const TSX_LOADER = path.resolve('node_modules/tsx/dist/loader.mjs');
const CLOCKED_ENTRY = path.resolve('tests/support/clocked-server.ts');

/**
 * The server from source (tests/support/clocked-server.ts) with a clock the test moves, for a
 * flow that waits days in real life (the review request after REVIEW_REQUEST_DAYS). Same wiring
 * and the same client build as the bundled server; production's Node flags.
 */
export async function startClockedServer(env: Record<string, string> = {}): Promise<ClockedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  const clockFile = path.join(dataDir, 'clock-ahead-ms');
  fs.writeFileSync(clockFile, '0');
  let aheadMs = 0;
  const server = await startServer(
    { ...env, VITRINE_CLOCK_FILE: clockFile },
    { dataDir, cwd: dataDir, command: [process.execPath, ...SERVER_NODE_FLAGS, '--import', TSX_LOADER, CLOCKED_ENTRY] },
  );
  return {
    ...server,
    async advance(ms) {
      aheadMs += ms;
      fs.writeFileSync(clockFile, String(aheadMs));
      // The process polls the file every 100 ms (fs.watchFile) and says when it moved.
      await server.waitForLog(new RegExp(`^Test clock: ${aheadMs} ms ahead$`), 10_000);
    },
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `use` on the SQLite file in a server's data folder, over a connection of the test's own
 * (the server may be running, stopped or killed), and closes it after: to read what the server
 * stored, or to change it as time passing or an operator would.
 */
export async function withServerDb<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'vitrine.sqlite') });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}
