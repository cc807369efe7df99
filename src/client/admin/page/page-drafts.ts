import { offerLabels } from '../../../content/offer.ts';
import { pageDrafts as copy } from '../../../content/page-drafts.ts';
import { layoutText } from '../../../content/layout.ts';
import { isOfferLayout } from '../../../shared/offer-layout.ts';
import { formatDraftAmount } from '../format.ts';
import {
  offerSections,
  withItemIds,
  type AdminPageState,
  type Offer,
  type OfferField,
  type OfferSectionKey,
} from '../../../shared/offer.ts';
import { mergeOffers, withConflictPicked, type OfferConflict } from '../../../shared/offer-merge.ts';

/** The editor's work in the browser (docs/editing.md#drafts-and-merges). */
export interface Editing {
  offer: Offer;
  /** The live version this work started from: the base of the merge when someone else published since. */
  baseNumber: number;
  /** Typed since the last save (autosave saves it a second after the typing stops). */
  dirty: boolean;
  /** The saved draft: its stamp (the preview's address), its revision (what a publish names), and its `/`'s size. */
  saved: { updatedAt: number; revision: number; landingBytes: number | null } | null;
}

/** A field this draft and a newer live version both changed, and the seller's pick once made. */
export interface PendingConflict extends OfferConflict {
  /** `both`: "manter os dois", the item both changed kept twice (shared/offer-merge.ts `withConflictPicked`). */
  picked: ConflictSide | null;
}

export type ConflictSide = 'theirs' | 'mine' | 'both';

export const sameOffer = (a: Offer, b: Offer) => JSON.stringify(a) === JSON.stringify(b);

export function editingFrom(data: AdminPageState): Editing {
  return data.draft
    ? {
        offer: data.draft.offer,
        baseNumber: data.draft.baseNumber,
        dirty: false,
        saved: { updatedAt: data.draft.updatedAt, revision: data.draft.revision, landingBytes: null },
      }
    : { offer: data.live.offer, baseNumber: data.live.number, dirty: false, saved: null };
}

/**
 * The local copy: every change is written to the browser at once, by the editor's person (`editorKey`), so a reload,
 * a console tab switch or a re-login (a new session, a new server draft) finds every typed character. Gone at a
 * publish or a discard.
 */
interface LocalCopy {
  offer: Offer;
  baseNumber: number;
  /** The fields a publish found changed by both, still to pick after a reload. */
  conflicts?: PendingConflict[];
}

const localKey = (editorKey: string) => `vitrine:page-draft:${editorKey}`;

function parseLocalCopy(stored: string | null): LocalCopy | null {
  try {
    const value = stored ? (JSON.parse(stored) as Partial<LocalCopy>) : null;
    // A copy written before list items had ids: each item takes its place's, as the server reads such a draft.
    return value && typeof value.baseNumber === 'number' && value.offer
      ? { ...(value as LocalCopy), offer: withItemIds(value.offer) }
      : null;
  } catch {
    return null;
  }
}

export function readLocalCopy(editorKey: string): LocalCopy | null {
  try {
    return parseLocalCopy(window.localStorage.getItem(localKey(editorKey)));
  } catch {
    return null;
  }
}

/**
 * Another tab of this browser wrote the person's local copy (its typing, a pick): `onCopy` gets it, so every tab
 * shows one draft and none saves over another's work unseen. Returns the unsubscribe.
 */
export function onOtherTabCopy(editorKey: string, onCopy: (copyOf: LocalCopy) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== localKey(editorKey)) return;
    const copyOf = parseLocalCopy(event.newValue);
    if (copyOf) onCopy(copyOf);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * This tab's work after another tab's `incoming` copy: `shared` is the last offer both tabs had, so the other tab's
 * typing since and this tab's own both stay (a field typed in both at once keeps this tab's).
 */
export function withOtherTab(editing: Editing, shared: Offer, incoming: Offer): Editing {
  if (sameOffer(editing.offer, incoming)) return editing;
  return { ...editing, offer: mergeOffers(shared, incoming, editing.offer).offer, dirty: true };
}

const TAB_KEY = 'vitrine:page-tab';
let tabName: string | null = null;

/**
 * This browser tab's name, sent with each save so the saves of the last day say "esta aba" or "outra aba": random,
 * kept in the tab's own `sessionStorage` (a reload is the same tab; another tab has its own).
 */
export function thisTab(): string {
  if (tabName) return tabName;
  try {
    tabName = window.sessionStorage.getItem(TAB_KEY);
  } catch {
    tabName = null;
  }
  if (!tabName || !/^[A-Za-z0-9_-]{1,64}$/.test(tabName)) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    tabName = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    try {
      window.sessionStorage.setItem(TAB_KEY, tabName);
    } catch {
      // A private window's storage: the name lasts as long as the page.
    }
  }
  return tabName;
}

export function writeLocalCopy(editorKey: string, copyOf: LocalCopy): void {
  try {
    window.localStorage.setItem(localKey(editorKey), JSON.stringify(copyOf));
  } catch {
    // A private window's full storage: the server's draft is still saved a second later.
  }
}

export function clearLocalCopy(editorKey: string): void {
  try {
    window.localStorage.removeItem(localKey(editorKey));
  } catch {
    // Nothing to clear.
  }
}

/**
 * The work to start from: the local copy when it holds what the server's draft does not (unsaved, or another
 * session's), with the conflicts still to pick.
 */
export function startEditing(data: AdminPageState): { editing: Editing; conflicts: PendingConflict[] | null; restored: boolean } {
  const fromServer = editingFrom(data);
  const local = readLocalCopy(data.editorKey);
  const conflicts = local?.conflicts?.length ? local.conflicts : null;
  if (!local || (sameOffer(local.offer, fromServer.offer) && !conflicts)) return { editing: fromServer, conflicts: null, restored: false };
  return { editing: { ...fromServer, offer: local.offer, baseNumber: local.baseNumber, dirty: true }, conflicts, restored: true };
}

/**
 * The offer and the conflicts after the seller's pick of `side` for `conflict`. "Manter os dois" answers every
 * conflict of that item at once; a pick after it takes the copy away, and that item's other fields wait for a pick again.
 */
export function pickConflict(
  offer: Offer,
  conflicts: readonly PendingConflict[],
  conflict: PendingConflict,
  side: ConflictSide,
): { offer: Offer; conflicts: PendingConflict[] } {
  const sameItem = (each: PendingConflict) =>
    conflict.item !== undefined && each.item?.list === conflict.item.list && each.item.id === conflict.item.id;
  const wasBoth = conflict.picked === 'both';
  const picked = conflicts.map((each) => {
    if (each.path === conflict.path) return { ...each, picked: side };
    if (sameItem(each) && (side === 'both' || wasBoth)) return { ...each, picked: side === 'both' ? side : null };
    return each;
  });
  return { offer: withConflictPicked(offer, conflict, side), conflicts: picked };
}

/** "Manter os dois" makes sense for an item both sides kept, changed differently, in a list with room for one more. */
export function canKeepBoth(offer: Offer, conflict: PendingConflict): boolean {
  const { item } = conflict;
  if (!item?.theirs || !item.mine) return false;
  if (conflict.picked === 'both') return true;
  const [section, key] = item.list.split('.') as [OfferSectionKey, string];
  const field = (offerSections[section] as Readonly<Record<string, OfferField>> | undefined)?.[key];
  const length = ((offer[section] as Record<string, unknown> | undefined)?.[key] as unknown[] | undefined)?.length ?? 0;
  return field?.kind === 'list' && length < field.max;
}

/** "Seção: campo" for a conflict's path (`faq.items.2.answer` → "Perguntas frequentes: Perguntas 3, Resposta"). */
export function conflictLabel(path: string): string {
  const [section, field, index, itemField] = path.split('.') as [OfferSectionKey, string?, string?, string?];
  const labels = offerLabels[section] as { title: string; fields: Record<string, string> } | undefined;
  if (!labels || !field) return path;
  const fieldLabel = labels.fields[field] ?? field;
  if (index === undefined) return `${labels.title}: ${fieldLabel}`;
  const item = `${fieldLabel} ${Number(index) + 1}`;
  return itemField
    ? `${labels.title}: ${item}, ${labels.fields[`${field}.${itemField}`] ?? labels.fields[itemField] ?? itemField}`
    : `${labels.title}: ${item}`;
}

/** A conflict's value as the seller reads it: a text as typed, an amount in reais, a list one item per line. */
export function conflictText(path: string, value: unknown): string {
  if (/Cents$/.test(path)) return formatDraftAmount(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value === '' ? copy.empty : value;
  if (value === null) return copy.removed;
  if (isOfferLayout(value)) return layoutText(value);
  // An item's id is never shown.
  const itemText = (item: object) =>
    Object.entries(item)
      .filter(([key, part]) => key !== 'id' && part !== '')
      .map(([, part]) => String(part))
      .join(' — ');
  if (Array.isArray(value))
    return (value as unknown[]).map((item) => (typeof item === 'object' && item !== null ? itemText(item) : String(item))).join('\n');
  if (typeof value === 'object') return itemText(value);
  return JSON.stringify(value);
}
