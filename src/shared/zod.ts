import { z } from 'zod';
import { hasHiddenCharacters } from './text.ts';

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
 * - `message`: what a value that is not a string (or is missing) is told, instead of zod's English;
 * - `written`: a text a person wrote, shown to others (a name, a note, a review), on one `line` or
 *   several `lines`: control and bidi-override characters are refused (shared/text.ts
 *   `hasHiddenCharacters`) with the HIDDEN_CHARACTERS issue, which the routes answer in Portuguese.
 */
export function text<Out>(schema: z.ZodType<Out, string>, options: { message?: string; written?: 'line' | 'lines' } = {}) {
  const { message, written } = options;
  return z
    .string(message)
    .refine((value) => written === undefined || !hasHiddenCharacters(value, written === 'lines'), {
      message: HIDDEN_CHARACTERS,
      abort: true,
    })
    .pipe(schema);
}

/** The message of a `written` text's refusal: a marker, which routes turn into their Portuguese. */
export const HIDDEN_CHARACTERS = 'hidden_characters';

/** The field (the first path key) of a refusal for hidden characters, if the parse failed for one. */
export function hiddenCharactersField(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): string | undefined {
  const issue = error.issues.find((candidate) => candidate.message === HIDDEN_CHARACTERS);
  return issue ? String(issue.path[0] ?? 'form') : undefined;
}
