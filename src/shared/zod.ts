import { z } from 'zod';

/**
 * Zod, set jitless before any schema exists. Zod compiles object parsers with `new Function` and
 * probes for it when a schema is built; under the pages' Content-Security-Policy (no
 * 'unsafe-eval') that probe is reported as a violation. Setting it here, in the module every
 * schema imports `z` from, orders it before each schema whatever the bundler's chunking does.
 */
z.config({ jitless: true });

export { z };
