// Null-prototype objects without `__proto__`, `constructor` or `prototype` keys, so no outsider's key reaches Object.prototype.

import { PROTOTYPE_KEYS } from '../../shared/prototype-keys.ts';

export type SafeRecord = Record<string, unknown>;

function isForbiddenKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key);
}

function emptyRecord(): SafeRecord {
  return Object.create(null) as SafeRecord;
}

export function parseJsonSafely(text: string): unknown {
  return JSON.parse(text, (key, value: unknown) => {
    if (isForbiddenKey(key)) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const record = emptyRecord();
    for (const [innerKey, inner] of Object.entries(value)) if (!isForbiddenKey(innerKey)) record[innerKey] = inner;
    return record;
  });
}

/** One level deep; keys are split with indexOf, never a regex, so a long key costs its length once. */
export function parseFormSafely(text: string): SafeRecord {
  const result = emptyRecord();
  for (const [key, value] of new URLSearchParams(text)) {
    const open = key.indexOf('[');
    const isNested = open > 0 && open < key.length - 2 && key.indexOf(']') === key.length - 1 && key.indexOf('[', open + 1) === -1;
    if (!isNested) {
      if (!isForbiddenKey(key)) result[key] = value;
      continue;
    }
    const parentKey = key.slice(0, open);
    const childKey = key.slice(open + 1, -1);
    if (isForbiddenKey(parentKey) || isForbiddenKey(childKey)) continue;
    const parent = Object.hasOwn(result, parentKey) ? result[parentKey] : (result[parentKey] = emptyRecord());
    // `a=1&a[b]=2`: the plain value came first and stays.
    if (typeof parent === 'object' && parent !== null) (parent as SafeRecord)[childKey] = value;
  }
  return result;
}
