import { offerSectionKeys, offerSections, type Offer, type OfferField, type OfferSectionKey, type ScalarField } from './offer.ts';

/**
 * One changed field of the offer, for the console's diff: a list's items are matched by id and compared field by
 * field, so one FAQ answer edited is one change, wherever the item moved. `item` is the list's place (0-based) and
 * `field` the item's field; an item added or removed is one change of the whole item (`field` null, one side null),
 * and so is an item only moved (`movedFrom`).
 */
export interface OfferChange {
  section: OfferSectionKey;
  /** The section's field (`items`). */
  key: string;
  item: number | null;
  /** The item's id (`item` is its place after, or before when removed). */
  id?: string;
  field: string | null;
  /** The field's description (its kind), or null for a whole item; a layout (`layout.sections`) is one change. */
  kind: ScalarField['kind'] | 'layout' | null;
  before: unknown;
  after: unknown;
  /** An item only moved: its place before. */
  movedFrom?: number;
}

type ListItem = Record<string, unknown> & { id: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The ids both lists hold that keep their order (a longest common subsequence): the others moved. */
function inOrder(before: string[], after: string[]): Set<string> {
  const common = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--)
      common[i]![j] = before[i] === after[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const stayed = new Set<string>();
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i] === after[j]) {
      stayed.add(before[i]!);
      i++;
      j++;
    } else if (common[i + 1]![j]! >= common[i]![j + 1]!) i++;
    else j++;
  }
  return stayed;
}

/** Every field `after` changes against `before`, each once, in the console's order. */
export function offerChanges(before: Offer, after: Offer): OfferChange[] {
  const changes: OfferChange[] = [];
  for (const section of offerSectionKeys) {
    const a = before[section] as Record<string, unknown>;
    const b = after[section] as Record<string, unknown>;
    for (const [key, description] of Object.entries(offerSections[section] as Readonly<Record<string, OfferField>>)) {
      if (same(a[key], b[key])) continue;
      if (description.kind !== 'list') {
        changes.push({ section, key, item: null, field: null, kind: description.kind, before: a[key], after: b[key] });
        continue;
      }
      const was = (a[key] ?? []) as ListItem[];
      const now = (b[key] ?? []) as ListItem[];
      // Items are matched by id: an item moved and edited is one edit; one moved only says where it was.
      const ids = new Set(now.map((item) => item.id));
      const stayed = inOrder(
        was.map((item) => item.id),
        now.map((item) => item.id),
      );
      now.forEach((current, item) => {
        const from = was.findIndex((old) => old.id === current.id);
        const old = was[from];
        const place = { section, key, item, id: current.id };
        if (!old) {
          changes.push({ ...place, field: null, kind: null, before: null, after: current });
          return;
        }
        const edits = Object.entries(description.item).filter(([field]) => !same(old[field], current[field]));
        for (const [field, itemDescription] of edits)
          changes.push({ ...place, field, kind: itemDescription.kind, before: old[field], after: current[field] });
        if (edits.length === 0 && !stayed.has(current.id))
          changes.push({ ...place, field: null, kind: null, before: old, after: current, movedFrom: from });
      });
      was.forEach((old, item) => {
        if (!ids.has(old.id)) changes.push({ section, key, item, id: old.id, field: null, kind: null, before: old, after: null });
      });
    }
  }
  return changes;
}

/** `GET /api/admin/page/versions/:number`: a version's offer and the live one, for "Restaurar"'s diff before it asks. */
export interface PageVersionReply {
  number: number;
  offer: Offer;
  live: Offer;
}
