import { config } from 'zod/v4/core';

/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it first:
 * under our Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a
 * violation on every page that builds a schema. Jitless skips both. Imported first by the entry,
 * because Zod reads the setting when a schema is created.
 */
config({ jitless: true });
