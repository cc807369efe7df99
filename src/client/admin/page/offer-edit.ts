import { offerMessages } from '../../../content/offer.ts';
import { offerSchema, type Offer, type OfferSectionKey } from '../../../shared/offer.ts';
import { HIDDEN_CHARACTERS } from '../../../shared/zod.ts';

/** The editor's refusals by field path (`faq.items.2.answer`), the same schema and words as the server's. */
export function offerErrors(offer: Offer): Record<string, string> {
  const result = offerSchema(offerMessages).safeParse(offer);
  const errors: Record<string, string> = {};
  // The shared check's code (shared/zod.ts `text`) in the editor's words: never shown raw.
  for (const issue of result.error?.issues ?? [])
    errors[issue.path.join('.')] ??= issue.message === HIDDEN_CHARACTERS ? offerMessages.invisible : issue.message;
  return errors;
}

type Section = Record<string, unknown>;
export type ListItem = Record<string, string | number> & { id: string };

/** A new list item's id (shared/offer.ts `ITEM_ID_PATTERN`): a letter, then random letters and digits, never a place's id. */
export function newItemId(): string {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `n${[...random].map((part) => part.toString(36).padStart(7, '0')).join('')}`;
}

/** A copy of `offer` with one field of one section changed. */
export function withField(offer: Offer, section: OfferSectionKey, field: string, value: unknown): Offer {
  return { ...offer, [section]: { ...(offer[section] as Section), [field]: value } };
}

export function listOf(offer: Offer, section: OfferSectionKey, field: string): ListItem[] {
  return (offer[section] as Section)[field] as ListItem[];
}

/** The list with `index` moved by `step`, or null at an end. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] | null {
  const target = index + step;
  if (target < 0 || target >= items.length) return null;
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
