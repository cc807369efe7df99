import { ensureBuilt } from './ensure-built.ts';

/**
 * `npm start`, first half: builds when the sources changed since the last build, then exits. The
 * second half of the script then runs `node --disable-proto=throw --max-semi-space-size=2 dist/server/main.js`, as the
 * Dockerfile and the systemd unit do, in a process that never loaded the build tooling.
 */

await ensureBuilt();
