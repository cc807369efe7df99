import { ConfigError, loadConfig, type Config } from '../config.ts';
import { describeEnvFile, loadEnvFile } from '../env-file.ts';

/**
 * The configuration a command-line tool runs with: `.env` from the project root first (the real
 * environment wins), then the same validation as the server. On stderr: which file was loaded
 * (never a value), or one line per bad setting; `undefined` then means "exit with a usage error".
 */
export function loadCliConfig(): Config | undefined {
  const envFile = loadEnvFile();
  if (envFile) process.stderr.write(`${describeEnvFile(envFile)}\n`);
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) process.stderr.write(`Invalid configuration: ${problem}\n`);
    return undefined;
  }
}
