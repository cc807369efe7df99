import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** What loading `.env` did, for the start-up line: names only, never values. */
export interface LoadedEnvFile {
  file: string;
  applied: string[];
  /** Variables the file also names but the real environment already had (the environment wins). */
  overridden: string[];
}

/**
 * Loads `.env` from `dir` (the folder the command runs in: npm runs scripts from the project root)
 * when it exists. `process.loadEnvFile` never replaces a variable that is already set, even to an
 * empty value, so the real environment (systemd, Docker, the shell) always wins over the file.
 */
export function loadEnvFile(dir: string = process.cwd()): LoadedEnvFile | undefined {
  const file = path.resolve(dir, '.env');
  if (!fs.existsSync(file)) return undefined;
  const names = Object.keys(parseEnv(fs.readFileSync(file, 'utf8')));
  const overridden = names.filter((name) => process.env[name] !== undefined);
  process.loadEnvFile(file);
  return { file, applied: names.filter((name) => !overridden.includes(name)), overridden };
}

/** The start-up line about the file: which file and which names, so a seller can check without leaking a secret. */
export function describeEnvFile(loaded: LoadedEnvFile): string {
  const overridden = loaded.overridden.length > 0 ? `; the environment overrides ${loaded.overridden.join(', ')}` : '';
  const count = `${loaded.applied.length} variable${loaded.applied.length === 1 ? '' : 's'}`;
  return `Settings loaded from ${loaded.file} (${count}${overridden})`;
}
