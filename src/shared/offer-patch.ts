/** Only the changes from the browser's defaults (docs/editing.md#the-data-block), to fit 14 KB; no zod, the landing entry imports it. */

type Fields = Record<string, unknown>;

/** A section's value as a content file declares it (`as const`): any shape of it that reads the same. */
export type Frozen<T> = T extends readonly (infer I)[]
  ? readonly Frozen<I>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What `value` changes in `base`, or `undefined` when nothing does. */
export function offerPatch(value: unknown, base: unknown): unknown {
  if (JSON.stringify(value) === JSON.stringify(base)) return undefined;
  if (Array.isArray(value) && Array.isArray(base)) {
    if (value.length !== base.length) return value;
    return changedFields(value.entries(), (index) => base[index]);
  }
  if (isFields(value) && isFields(base)) return changedFields(Object.entries(value), (key) => base[key]);
  return value;
}

function changedFields<K extends string | number>(entries: Iterable<[K, unknown]>, baseOf: (key: K) => unknown): Fields {
  const patch: Fields = {};
  for (const [key, item] of entries) {
    const change = offerPatch(item, baseOf(key));
    if (change !== undefined) patch[String(key)] = change;
  }
  return patch;
}

/** `base` with `patch` applied: `applyOfferPatch(base, offerPatch(value, base))` is `value`. */
export function applyOfferPatch<T>(base: T, patch: unknown): T {
  if (patch === undefined) return base;
  if (!isFields(patch)) return patch as T;
  if (Array.isArray(base))
    return base.map((item: unknown, index) => (Object.hasOwn(patch, index) ? applyOfferPatch(item, patch[index]) : item)) as T;
  if (!isFields(base)) return patch as T;
  const result: Fields = { ...base };
  for (const [key, change] of Object.entries(patch)) result[key] = applyOfferPatch(base[key], change);
  return result as T;
}
