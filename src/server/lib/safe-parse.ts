/**
 * Parsers for bodies an outsider writes (postbacks, the sandbox's API). Every object they build
 * has no prototype and never holds a `__proto__`, `constructor` or `prototype` key, so no key in
 * a body can reach `Object.prototype`, neither while parsing (`result['__proto__'] ??= {}` on a
 * plain object returns `Object.prototype` itself) nor later, when some reader copies or merges
 * the object. One polluted key would change every object of the process until it restarts.
 *
 * Why not secure-json-parse or qs: secure-json-parse removes `__proto__` (and `constructor` with a
 * `prototype`) but keeps ordinary prototypes, so an `in` check or a `?.` read still sees whatever
 * reached `Object.prototype` some other way; qs builds null-prototype objects (`plainObjects`) but
 * parses brackets to any depth, arrays and dots, where a postback needs one level (`data[hash]`).
 */

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type SafeRecord = Record<string, unknown>;

function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

function emptyRecord(): SafeRecord {
  return Object.create(null) as SafeRecord;
}

/** `JSON.parse`, with null-prototype objects and without the keys above. Throws like JSON.parse. */
export function parseJsonSafely(text: string): unknown {
  // The reviver runs bottom-up: an inner object is rebuilt before the one holding it is.
  return JSON.parse(text, (key, value: unknown) => {
    if (isForbiddenKey(key)) return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const record = emptyRecord();
    for (const [innerKey, inner] of Object.entries(value)) if (!isForbiddenKey(innerKey)) record[innerKey] = inner;
    return record;
  });
}

/**
 * An `application/x-www-form-urlencoded` body as the nested object a JSON body would be, one level
 * deep (`a=1&data[hash]=x` is `{ a: '1', data: { hash: 'x' } }`); other bracketed keys stay flat.
 * Keys are split with indexOf, never a regex, so a long key costs its length once.
 */
export function parseFormSafely(text: string): SafeRecord {
  const result = emptyRecord();
  for (const [key, value] of new URLSearchParams(text)) {
    const open = key.indexOf('[');
    // `parent[child]`, neither part empty nor holding a bracket.
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
