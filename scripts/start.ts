import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './ensure-built.ts';

/** `npm start`: builds when the sources changed since the last build, then serves. */

const server = await ensureBuilt();
await import(pathToFileURL(server).href);
