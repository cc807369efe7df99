import fs from 'node:fs';
import { runServer } from '../../src/server/run-server.ts';

/**
 * The server with a clock the test moves: `VITRINE_CLOCK_FILE` holds how many milliseconds the
 * clock runs ahead of the real one (a number, 0 when missing), re-read when the file changes.
 * Everything composeServer gives a clock to (orders, the outbox and its delays, the jobs) reads
 * this one, so a test can let "3 days pass" in a real process. Tests only: production runs
 * dist/server/main.js, which takes no such file.
 */
const file = process.env.VITRINE_CLOCK_FILE;
if (!file) throw new Error('VITRINE_CLOCK_FILE is not set');

let aheadMs = 0;
const read = () => {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  const value = Number(text || '0');
  if (!Number.isFinite(value) || value === aheadMs) return;
  aheadMs = value;
  // The test waits for this line before it goes on.
  process.stdout.write(`Test clock: ${aheadMs} ms ahead\n`);
};
read();
fs.watchFile(file, { interval: 100 }, read).unref();

runServer({ now: () => Date.now() + aheadMs }).catch((error: unknown) => {
  process.stderr.write(`Vitrine could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
