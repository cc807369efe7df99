import { z } from 'zod';
import { hasHiddenCharacters } from './text.ts';

/**
 * Jitless before any schema exists: Zod's `new Function` probe is a violation of the pages' CSP, and
 * the module every schema imports `z` from runs first whatever the bundler's chunking does.
 */
z.config({ jitless: true });

export { z };

/**
 * `schema`, reached only by a string: Zod runs length checks on any value with a `length`, and
 * `{"name":{"length":{}}}` made them throw (a 500). `written`: a text shown to others, refused
 * when it holds hidden characters (shared/text.ts).
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

export const HIDDEN_CHARACTERS = 'hidden_characters';

/** The field (the first path key) of a refusal for hidden characters, if the parse failed for one. */
export function hiddenCharactersField(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): string | undefined {
  const issue = error.issues.find((candidate) => candidate.message === HIDDEN_CHARACTERS);
  return issue ? String(issue.path[0] ?? 'form') : undefined;
}
