import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import { describeEnvFile, loadEnvFile } from '../config/env-file.ts';

/** `.env` first (the real environment wins), then the server's validation; stderr names the file, never a value. */
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

export async function withCliDatabase(work: (database: Db, config: Config) => Promise<number>): Promise<number> {
  const config = loadCliConfig();
  if (!config) return 2;
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    return await work(database, config);
  } finally {
    await database.close();
  }
}

/** npm runs scripts from the project root; a relative path means the folder the user typed it in. */
export function userPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Exit codes: 0 done; 1 refused or failed; 2 usage or configuration error, or PostgreSQL (which has its own tools). */
export function runSqliteFileCommand(options: {
  usage: string;
  postgresHint: string;
  failed: string;
  run: (databaseFile: string, file: string) => Promise<string[]>;
}): void {
  const main = async (argv: string[]): Promise<number> => {
    if (argv.length !== 1 || argv[0]!.startsWith('-')) {
      process.stderr.write(`${options.usage}\n`);
      return argv[0] === '--help' || argv[0] === '-h' ? 0 : 2;
    }
    const config = loadCliConfig();
    if (!config) return 2;
    if (config.database.kind !== 'sqlite') {
      process.stderr.write(`${options.postgresHint}\n`);
      return 2;
    }
    for (const line of await options.run(config.database.file, userPath(argv[0]!))) process.stdout.write(`${line}\n`);
    return 0;
  };
  runCli(options.failed, () => main(process.argv.slice(2)));
}

export function runCli(failure: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${failure}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
