import { ConfigError, loadConfig, type Config } from '../config.ts';

/**
 * The server's configuration for a command-line tool (same DATA_DIR / DATABASE_URL as the
 * server), or undefined after printing one line per problem, as the server's start does.
 */
export function loadCliConfig(): Config | undefined {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) process.stderr.write(`Invalid configuration: ${problem}\n`);
      return undefined;
    }
    throw error;
  }
}

/** Runs a command's `main` and exits with its code; a crash prints one line naming the command. */
export function runCli(failure: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${failure}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
