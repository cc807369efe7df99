import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command-line tool from src/server/cli as `npm run …` does (through tsx), as its own
 * process, in `cwd` (where it looks for `.env`), with only the environment given.
 */
export function runCli(script: string, args: string[], options: { env: Record<string, string>; cwd: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'src/server/cli', script), ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', TZ: 'UTC', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
