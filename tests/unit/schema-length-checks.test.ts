import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { z } from '../../src/shared/zod.ts';

/**
 * Zod runs a length check (`.min`, `.max`, `.length` on a string or an array) even after the value failed its type, and
 * the check compares the value's own `length` with a number: `{"message":{"length":{"toString":{}}}}` then threw "Cannot
 * convert object to primitive value" instead of failing (a 500 where a 422 was due). `text()` and `list()`
 * (shared/zod.ts) reach those checks only with a string or an array. This test hands every schema the shared code exports,
 * and each field of the object ones, such a value, and wants an answer, never a throw.
 */
const sharedDir = path.resolve(import.meta.dirname, '../../src/shared');
const HOSTILE: unknown[] = [
  { length: { toString: {} } },
  { length: { valueOf: {}, toString: {} } },
  { length: { [Symbol.toPrimitive]: 1 } },
  [{ length: { toString: {} } }],
];

function probes(schema: z.ZodType): unknown[] {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  return [
    ...HOSTILE,
    ...Object.entries(shape).flatMap(([key, field]) => [
      ...HOSTILE.map((value) => ({ [key]: value })),
      // One level down: an object field's own fields.
      ...(field instanceof z.ZodObject
        ? Object.keys(field.shape as object).flatMap((inner) => HOSTILE.map((value) => ({ [key]: { [inner]: value } })))
        : []),
    ]),
  ];
}

it('every schema in the shared code fails, never throws, on a value whose `length` is an object', async () => {
  const files = fs
    .globSync('**/*.ts', { cwd: sharedDir })
    .filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .sort();
  let schemas = 0;
  const thrown: string[] = [];
  for (const file of files) {
    const module = (await import(path.join(sharedDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType)) continue;
      schemas++;
      for (const probe of probes(value)) {
        try {
          value.safeParse(probe);
        } catch (error) {
          thrown.push(`${file} ${name} ${JSON.stringify(probe)}: ${(error as Error).message}`);
          break;
        }
      }
    }
  }
  expect(schemas).toBeGreaterThan(40);
  expect(thrown).toEqual([]);
});
