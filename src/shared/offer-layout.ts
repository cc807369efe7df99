import { list, text, z } from './zod.ts';

/** The sections of `/` between the hero and the checkout, in the build's order (docs/editing.md#layout). */
export const landingSectionIds = [
  'howItWorks',
  'benefits',
  'topUp',
  'reviews',
  'services',
  'catalogue',
  'howToStart',
  'scarcity',
  'bonuses',
  'whatsappGroup',
  'faq',
  'faqGrid',
] as const;

export type LandingSectionId = (typeof landingSectionIds)[number];

/** The top and the end of the page: always shown, never moved. */
const fixedSections = ['hero', 'checkout'];

/** Every section in `order`; those in `hidden` are left out of `/`. */
export interface OfferLayout {
  order: LandingSectionId[];
  hidden: LandingSectionId[];
}

export interface LayoutMessages {
  sectionUnknown: (id: string) => string;
  sectionFixed: string;
  sectionRepeated: (id: string) => string;
}

const isSectionId = (id: string): id is LandingSectionId => (landingSectionIds as readonly string[]).includes(id);

/** A stored order from a build that lacked some section: each missing one goes back after the one before it in the build's order. */
function completeOrder(order: LandingSectionId[]): LandingSectionId[] {
  const complete = [...order];
  landingSectionIds.forEach((id, index) => {
    if (complete.includes(id)) return;
    const before = index === 0 ? -1 : complete.indexOf(landingSectionIds[index - 1]!);
    complete.splice(before + 1, 0, id);
  });
  return complete;
}

export function layoutSchema(messages: LayoutMessages): z.ZodType<OfferLayout> {
  const ids = () =>
    list(text(z.string().max(40)), 50).superRefine((values, context) => {
      values.forEach((id, index) => {
        const message = fixedSections.includes(id)
          ? messages.sectionFixed
          : !isSectionId(id)
            ? messages.sectionUnknown(id)
            : values.indexOf(id) !== index
              ? messages.sectionRepeated(id)
              : null;
        if (message) context.addIssue({ code: 'custom', path: [index], message });
      });
    });
  return z.strictObject({ order: ids(), hidden: ids() }).transform(({ order, hidden }): OfferLayout => ({
    order: completeOrder(order as LandingSectionId[]),
    hidden: landingSectionIds.filter((id) => hidden.includes(id)),
  }));
}

/** The sections `/` shows, in order. */
export function shownSections(layout: OfferLayout): LandingSectionId[] {
  return layout.order.filter((id) => !layout.hidden.includes(id));
}

const sameOrder = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

/**
 * Three-way merge of two layouts (shared/offer-merge.ts): a section's visibility is merged section by section
 * (never a conflict: two changes of a yes/no agree); the order is one value, taken whole from the side that moved
 * it, or a conflict when both did. Both sides of a conflict carry the merged visibility, so a pick only chooses the order.
 */
export function mergeLayouts(
  base: OfferLayout,
  theirs: OfferLayout,
  mine: OfferLayout,
): { layout: OfferLayout; conflict: { theirs: OfferLayout; mine: OfferLayout } | null } {
  const hidden = landingSectionIds.filter((id) => {
    const wasHidden = base.hidden.includes(id);
    const mineHides = mine.hidden.includes(id);
    return mineHides !== wasHidden ? mineHides : theirs.hidden.includes(id);
  });
  if (sameOrder(mine.order, base.order) || sameOrder(mine.order, theirs.order))
    return { layout: { order: theirs.order, hidden }, conflict: null };
  if (sameOrder(theirs.order, base.order)) return { layout: { order: mine.order, hidden }, conflict: null };
  return {
    layout: { order: mine.order, hidden },
    conflict: { theirs: { order: theirs.order, hidden }, mine: { order: mine.order, hidden } },
  };
}

/** The value of a layout field, as the console's diff and conflicts meet it (an unknown value is no layout). */
export function isOfferLayout(value: unknown): value is OfferLayout {
  const layout = value as Partial<OfferLayout> | null;
  return typeof layout === 'object' && layout !== null && Array.isArray(layout.order) && Array.isArray(layout.hidden);
}
