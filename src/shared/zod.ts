import { z } from 'zod';

/**
 * Zod, set jitless before any schema exists. Zod compiles object parsers with `new Function` and
 * probes for it when a schema is built; under the pages' Content-Security-Policy (no
 * 'unsafe-eval') that probe is reported as a violation. Setting it here, in the module every
 * schema imports `z` from, orders it before each schema whatever the bundler's chunking does.
 */
z.config({ jitless: true });

export { z };

/**
 * `schema`, reached only by a string. Zod runs its length checks (min, max, length) on any value
 * that has a `length`, even after `z.string()` refused it, and a `length` that is an object with no
 * usable valueOf or toString makes the comparison throw instead of fail: a body such as
 * `{"name":{"length":{}}}` answered 500. A pipe from a bare `z.string()` stops at the type check.
 * `message`: what a value that is not a string (or is missing) is told, instead of zod's English.
 */
export function text<Out>(schema: z.ZodType<Out, string>, message?: string) {
  return z.string(message).pipe(schema);
}
