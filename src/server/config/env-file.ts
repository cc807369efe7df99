import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export interface LoadedEnvFile {
  file: string;
  applied: string[];
  overridden: string[];
}

/** process.loadEnvFile never replaces a variable already set, so the real environment always wins over the file. */
export function loadEnvFile(dir: string = process.cwd()): LoadedEnvFile | undefined {
  const file = path.resolve(dir, '.env');
  if (!fs.existsSync(file)) return undefined;
  const names = Object.keys(parseEnv(fs.readFileSync(file, 'utf8')));
  const overridden = names.filter((name) => process.env[name] !== undefined);
  process.loadEnvFile(file);
  return { file, applied: names.filter((name) => !overridden.includes(name)), overridden };
}

export function describeEnvFile(loaded: LoadedEnvFile): string {
  const overridden = loaded.overridden.length > 0 ? `; the environment overrides ${loaded.overridden.join(', ')}` : '';
  const count = `${loaded.applied.length} variable${loaded.applied.length === 1 ? '' : 's'}`;
  return `Settings loaded from ${loaded.file} (${count}${overridden})`;
}
