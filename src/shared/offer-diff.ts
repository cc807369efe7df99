import { offerSectionKeys, offerSections, type Offer, type OfferField, type OfferSectionKey, type ScalarField } from './offer.ts';

/**
 * One changed field of the offer, for the console's diff: a list's item is compared field by field, so one FAQ answer
 * edited is one change. `item` is the list's place (0-based) and `field` the item's field; an item added or removed
 * is one change of the whole item (`field` null, one side null).
 */
export interface OfferChange {
  section: OfferSectionKey;
  /** The section's field (`items`). */
  key: string;
  item: number | null;
  field: string | null;
  /** The field's description (its kind), or null for a whole item; a layout (`layout.sections`) is one change. */
  kind: ScalarField['kind'] | 'layout' | null;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
      const was = (a[key] ?? []) as Array<Record<string, unknown>>;
      const now = (b[key] ?? []) as Array<Record<string, unknown>>;
      for (let item = 0; item < Math.max(was.length, now.length); item++) {
        const old = was[item];
        const current = now[item];
        if (!old || !current) {
          changes.push({ section, key, item, field: null, kind: null, before: old ?? null, after: current ?? null });
          continue;
        }
        for (const [field, itemDescription] of Object.entries(description.item))
          if (!same(old[field], current[field]))
            changes.push({ section, key, item, field, kind: itemDescription.kind, before: old[field], after: current[field] });
      }
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
