import type { Offer } from './offer.ts';
import { isOfferLayout, mergeLayouts } from './offer-layout.ts';

/** A field both the draft and the newer live version changed, to different values: the seller picks one. */
export interface OfferConflict {
  /** `hero.headline`, `faq.items.2.answer`, or a whole list (`faq.items`) whose length changed. */
  path: string;
  /** The value in the live version now (another editor's publish). */
  theirs: unknown;
  /** The value in this editor's draft. */
  mine: unknown;
}

export interface OfferMerge {
  offer: Offer;
  conflicts: OfferConflict[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Three-way merge, field by field (docs/editing.md#drafts-and-merges): `base` is the live version the draft
 * started from, `theirs` the live version now, `mine` the draft. A field only one side changed takes that
 * side's value; a field both changed to different values is a conflict (the merged offer keeps `mine`
 * there until the seller picks). Lists of the same length on all three sides merge item by item, field
 * by field; a list whose length changed on one side only is that side's; on both, a conflict of the list.
 */
export function mergeOffers(base: Offer, theirs: Offer, mine: Offer): OfferMerge {
  const conflicts: OfferConflict[] = [];
  const merge = (b: unknown, t: unknown, m: unknown, path: string): unknown => {
    if (same(m, b) || same(m, t)) return t;
    if (same(t, b)) return m;
    if (isOfferLayout(b) && isOfferLayout(t) && isOfferLayout(m)) {
      const { layout, conflict } = mergeLayouts(b, t, m);
      if (conflict) conflicts.push({ path, ...conflict });
      return layout;
    }
    if (isRecord(b) && isRecord(t) && isRecord(m)) {
      const keys = new Set([...Object.keys(b), ...Object.keys(t), ...Object.keys(m)]);
      return Object.fromEntries([...keys].map((key) => [key, merge(b[key], t[key], m[key], path ? `${path}.${key}` : key)]));
    }
    if (Array.isArray(b) && Array.isArray(t) && Array.isArray(m) && b.length === t.length && b.length === m.length)
      return b.map((item, index) => merge(item, t[index], m[index], `${path}.${index}`));
    conflicts.push({ path, theirs: t, mine: m });
    return m;
  };
  return { offer: merge(base, theirs, mine, '') as Offer, conflicts };
}

/** A copy of `offer` with the value at `path` (`faq.items.2.answer`) replaced: a conflict's pick. */
export function withValueAt(offer: Offer, path: string, value: unknown): Offer {
  const set = (node: unknown, keys: string[]): unknown => {
    if (keys.length === 0) return value;
    const [key, ...rest] = keys as [string, ...string[]];
    if (Array.isArray(node)) return (node as unknown[]).map((item, index) => (String(index) === key ? set(item, rest) : item));
    const record = isRecord(node) ? node : {};
    return { ...record, [key]: set(record[key], rest) };
  };
  return set(offer, path.split('.')) as Offer;
}
