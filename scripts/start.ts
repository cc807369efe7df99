import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './ensure-built.ts';

/**
 * `npm start`: builds when the sources changed since the last build, then serves, in this same
 * process, so the Node flags in package.json's `start` (--disable-proto=throw) are the server's.
 */

const server = await ensureBuilt();
await import(pathToFileURL(server).href);
