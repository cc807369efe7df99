import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the real production server (dist/server/main.js) on a free loopback port with its own
 * data folder, and captures its log lines so tests can assert on them.
 */

/**
 * The bundled server to run. VITRINE_SERVER_ENTRY points at another build (e.g. one made with
 * VITRINE_DIST=/tmp/… npx tsx scripts/build.ts) so specs can run without rewriting the shared dist/.
 */
export const SERVER_ENTRY = path.resolve(process.env.VITRINE_SERVER_ENTRY?.trim() || 'dist/server/main.js');
export interface RunningServer {
  url: string;
  dataDir: string;
  logs: string[];
  process: ChildProcess;
  stop(): Promise<void>;
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    logs.push(...chunk.toString().split('\n').filter(Boolean));
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const waitForLog = (pattern: RegExp, timeoutMs = 10_000) =>
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

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const startLine = await Promise.race([
    // Generous: on a machine busy with other test runs a start can take far longer than usual.
    waitForLog(/listening on http:\/\/\S+:\d+/, 30_000),
    exited.then(() => {
      throw new Error(`The server exited during start:\n${logs.join('\n')}`);
    }),
  ]);
  const port = /:(\d+)(\s|$)/.exec(startLine)?.[1];
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    logs,
    process: child,
    waitForLog,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export function runServerExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}
