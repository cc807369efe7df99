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
 * by field; otherwise items merge as a sequence (`mergeLists`): one side's added or removed items and the other's
 * edits all land, and only an item both sides touched differently is a conflict.
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
    if (Array.isArray(b) && Array.isArray(t) && Array.isArray(m)) {
      if (b.length === t.length && b.length === m.length)
        return b.map((item, index) => merge(item, t[index], m[index], `${path}.${index}`));
      const merged = mergeLists(b, t, m, (item, theirItem, myItem, index) => merge(item, theirItem, myItem, `${path}.${index}`));
      if (merged) return merged;
    }
    conflicts.push({ path, theirs: t, mine: m });
    return m;
  };
  return { offer: merge(base, theirs, mine, '') as Offer, conflicts };
}

/** Base items `start` to `end` (exclusive) that one side replaced with `items`: an insertion when both are equal. */
interface Hunk {
  start: number;
  end: number;
  items: unknown[];
}

/** Where `side` differs from `base`, as runs around their longest common subsequence of equal items. */
function hunksOf(base: readonly unknown[], side: readonly unknown[]): Hunk[] {
  const baseKeys = base.map((item) => JSON.stringify(item));
  const sideKeys = side.map((item) => JSON.stringify(item));
  const common = Array.from({ length: base.length + 1 }, () => new Array<number>(side.length + 1).fill(0));
  for (let i = base.length - 1; i >= 0; i--)
    for (let j = side.length - 1; j >= 0; j--)
      common[i]![j] = baseKeys[i] === sideKeys[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const hunks: Hunk[] = [];
  let open: Hunk | null = null;
  let i = 0;
  let j = 0;
  while (i < base.length || j < side.length) {
    if (i < base.length && j < side.length && baseKeys[i] === sideKeys[j]) {
      open = null;
      i++;
      j++;
      continue;
    }
    if (!open) hunks.push((open = { start: i, end: i, items: [] }));
    if (j < side.length && (i === base.length || common[i]![j + 1]! >= common[i + 1]![j]!)) open.items.push(side[j++]);
    else open.end = ++i;
  }
  return hunks;
}

const overlap = (a: Hunk, b: Hunk) => (a.start === a.end && b.start === b.end ? a.start === b.start : a.start < b.end && b.start < a.end);

/**
 * A list both sides changed, merged as a sequence: runs only one side changed take that side's items; the same
 * run changed by both to the same count of items merges item by item (`mergeItem`, given the merged index);
 * any other overlap is `null`, a conflict of the whole list.
 */
function mergeLists(
  base: readonly unknown[],
  theirs: readonly unknown[],
  mine: readonly unknown[],
  mergeItem: (item: unknown, theirItem: unknown, myItem: unknown, index: number) => unknown,
): unknown[] | null {
  const mineHunks = hunksOf(base, mine);
  const runs: { hunk: Hunk; mine?: Hunk }[] = [];
  for (const hunk of hunksOf(base, theirs)) {
    const touching = mineHunks.filter((other) => overlap(hunk, other));
    if (touching.length === 0) runs.push({ hunk });
    else {
      const [other] = touching;
      const inPlace = (run: Hunk) => run.items.length === run.end - run.start;
      if (touching.length > 1 || other!.start !== hunk.start || other!.end !== hunk.end || !inPlace(hunk) || !inPlace(other!)) return null;
      runs.push({ hunk, mine: other });
    }
  }
  for (const hunk of mineHunks) if (!runs.some((run) => run.mine === hunk)) runs.push({ hunk });
  runs.sort((a, b) => a.hunk.start - b.hunk.start || a.hunk.end - a.hunk.start - (b.hunk.end - b.hunk.start));
  const merged: unknown[] = [];
  let next = 0;
  for (const { hunk, mine: myHunk } of runs) {
    merged.push(...base.slice(next, hunk.start));
    if (myHunk)
      hunk.items.forEach((theirItem, offset) =>
        merged.push(mergeItem(base[hunk.start + offset], theirItem, myHunk.items[offset], merged.length)),
      );
    else merged.push(...hunk.items);
    next = hunk.end;
  }
  merged.push(...base.slice(next));
  return merged;
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
