import { runServer } from './run-server.ts';

runServer().catch((error: unknown) => {
  process.stderr.write(`Vitrine could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
