import { withListIds, type Offer } from './offer.ts';
import { isOfferLayout, mergeLayouts } from './offer-layout.ts';

/** A field both the draft and the newer live version changed, to different values: the seller picks one. */
export interface OfferConflict {
  /**
   * `hero.headline`, `faq.items.2.answer` (an item's field, at its place in the merged list), `faq.items.2` (an item
   * one side removed and the other edited), or a whole list (`faq.items`) both sides reordered differently.
   */
  path: string;
  /** The value in the live version now (another editor's publish); null for an item it removed. */
  theirs: unknown;
  /** The value in this editor's draft; null for an item it removed. */
  mine: unknown;
  /**
   * A list item's conflict: its list and id, so a pick finds the item wherever it is by then, and the item as each
   * side has it (null: removed) and as merged, for "manter os dois".
   */
  item?: ConflictItem;
}

export interface ConflictItem {
  /** The list's path (`faq.items`). */
  list: string;
  id: string;
  theirs: ListItem | null;
  mine: ListItem | null;
  /** The item in the merged offer, every field only one side changed merged, the draft's value where both did. */
  merged: ListItem;
}

export interface OfferMerge {
  offer: Offer;
  conflicts: OfferConflict[];
}

type ListItem = Record<string, unknown> & { id: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isItemList = (value: unknown): value is Record<string, unknown>[] => Array.isArray(value) && value.every(isRecord);

/**
 * Three-way merge, field by field (docs/editing.md#drafts-and-merges): `base` is the live version the draft
 * started from, `theirs` the live version now, `mine` the draft. A field only one side changed takes that
 * side's value; a field both changed to different values is a conflict (the merged offer keeps `mine`
 * there until the seller picks). Lists merge item by item, matched by their items' ids (`mergeLists`).
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
    if (isItemList(b) && isItemList(t) && isItemList(m)) {
      const merged = mergeLists(withListIds(b), withListIds(t), withListIds(m), path, merge, conflicts);
      if (merged) return merged;
    }
    conflicts.push({ path, theirs: t, mine: m });
    return m;
  };
  return { offer: merge(base, theirs, mine, '') as Offer, conflicts };
}

/**
 * A list both sides changed, its items matched by id: an item only one side changed takes that side's; one both
 * changed merges field by field (`mergeItem`, at its place in the merged list), so a field both changed differently
 * is the one conflict; one side's removal of an item the other edited is a conflict of the item (kept, edited, until
 * the pick); both sides' new items all land, theirs before mine where both added at one place. The order is the one
 * side's that moved items, the other's new items after the item they followed; both sides' different moves: `null`,
 * a conflict of the whole list.
 */
function mergeLists(
  base: readonly ListItem[],
  theirs: readonly ListItem[],
  mine: readonly ListItem[],
  path: string,
  mergeItem: (item: unknown, theirItem: unknown, myItem: unknown, path: string) => unknown,
  conflicts: OfferConflict[],
): ListItem[] | null {
  const byId = (list: readonly ListItem[]) => new Map(list.map((item) => [item.id, item]));
  const [b, t, m] = [byId(base), byId(theirs), byId(mine)];
  // An item gone from one side stays only while the other side changed it (a conflict of the item).
  const stays = (id: string) => {
    const [was, their, my] = [b.get(id), t.get(id), m.get(id)];
    if (!was) return true;
    if (their && my) return true;
    const kept = their ?? my;
    return kept !== undefined && !same(kept, was);
  };
  const order = mergedOrder(
    base.map((item) => item.id),
    theirs.map((item) => item.id),
    mine.map((item) => item.id),
    stays,
  );
  if (!order) return null;
  return order.map((id, index) => {
    const [was, their, my] = [b.get(id), t.get(id), m.get(id)];
    const itemPath = `${path}.${index}`;
    if (was && (!their || !my)) {
      const kept = (their ?? my)!;
      conflicts.push({
        path: itemPath,
        theirs: their ?? null,
        mine: my ?? null,
        item: { list: path, id, theirs: their ?? null, mine: my ?? null, merged: kept },
      });
      return kept;
    }
    if (!their || !my) return (their ?? my)!;
    const before = conflicts.length;
    const merged = mergeItem(was, their, my, itemPath) as ListItem;
    for (const conflict of conflicts.slice(before)) conflict.item = { list: path, id, theirs: their, mine: my, merged };
    return merged;
  });
}

/**
 * The merged list's ids, in order: the side that moved items gives the order (mine when neither did), and the other
 * side's items it lacks go after the item they follow there (theirs first when both added after one item).
 * `null` when both sides moved the items they share differently.
 */
function mergedOrder(base: string[], theirs: string[], mine: string[], stays: (id: string) => boolean): string[] | null {
  const inAll = (id: string) => base.includes(id) && theirs.includes(id) && mine.includes(id);
  const shared = (ids: string[]) => ids.filter(inAll).join('\n');
  const theirsMoved = shared(theirs) !== shared(base);
  const mineMoved = shared(mine) !== shared(base);
  if (theirsMoved && mineMoved && shared(theirs) !== shared(mine)) return null;
  const [lead, other, otherIsMine] = theirsMoved && !mineMoved ? [theirs, mine, true] : [mine, theirs, false];
  const merged = lead.filter(stays);
  // Added by the lead side: a new item of mine goes after theirs at the same place.
  const leadAdded = (id: string) => !base.includes(id) && !other.includes(id);
  other.forEach((id, index) => {
    if (merged.includes(id) || !stays(id)) return;
    const anchor = other
      .slice(0, index)
      .reverse()
      .find((each) => merged.includes(each));
    let at = anchor === undefined ? 0 : merged.indexOf(anchor) + 1;
    if (otherIsMine) while (at < merged.length && leadAdded(merged[at]!)) at++;
    merged.splice(at, 0, id);
  });
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

const valueAt = (offer: Offer, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined), offer);

/** The id of the second item "manter os dois" leaves: the draft's version of the item. */
export const keptCopyId = (id: string) => `${id.slice(0, 27)}-meu`;

/**
 * `offer` with a conflict's pick: `theirs` or `mine` puts that side's value in place (an item's field on the item
 * with that id, wherever it is; a removed item's pick removes it or puts it back at its place); `both` ("manter os
 * dois", only for an item both sides kept) leaves the live version's item and, after it, the draft's as a new item.
 * A pick after "both" takes the copy away and starts again from the merged item.
 */
export function withConflictPicked(offer: Offer, conflict: OfferConflict, side: 'theirs' | 'mine' | 'both'): Offer {
  const { item } = conflict;
  if (!item) return withValueAt(offer, conflict.path, conflict[side === 'both' ? 'mine' : side]);
  const current = (valueAt(offer, item.list) ?? []) as ListItem[];
  const list = current.filter((each) => each.id !== keptCopyId(item.id));
  const at = list.findIndex((each) => each.id === item.id);
  const [place, ...fields] = conflict.path.slice(item.list.length + 1).split('.');
  const put = (...items: ListItem[]) =>
    at < 0 ? list.toSpliced(Math.min(Number(place), list.length), 0, ...items) : list.toSpliced(at, 1, ...items);
  let next: ListItem[];
  if (side === 'both') next = item.theirs && item.mine ? put(item.theirs, { ...item.mine, id: keptCopyId(item.id) }) : current;
  else if (fields.length === 0) next = item[side] ? put(item[side]) : list.filter((each) => each.id !== item.id);
  else {
    // After "both" the item was the live version's whole: the pick starts again from the merged one.
    const start = at < 0 || list.length !== current.length ? item.merged : list[at]!;
    next = put({ ...start, [fields[0]!]: conflict[side] });
  }
  return withValueAt(offer, item.list, next);
}
