import { z } from 'zod';
import { hasHiddenCharacters } from './text.ts';

/** Zod's `new Function` probe violates the pages' CSP; this module runs before any schema exists. */
z.config({ jitless: true });

export { z };

/** Reached only by a string: `{"name":{"length":{}}}` made Zod's length checks throw (a 500). */
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

/** An array of `min` to `max` items, its length checks reached only by an array (as `text` for strings). */
export function list<Item extends z.ZodType>(item: Item, max: number, min = 0) {
  return z.array(z.unknown()).pipe(z.array(item).min(min).max(max));
}

export const HIDDEN_CHARACTERS = 'hidden_characters';

export function hiddenCharactersField(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}): string | undefined {
  const issue = error.issues.find((candidate) => candidate.message === HIDDEN_CHARACTERS);
  return issue ? String(issue.path[0] ?? 'form') : undefined;
}
