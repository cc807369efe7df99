import { isSafeLink } from './safe-link.ts';

/**
 * A multi-line text as the seller writes it (docs/editing.md#what-the-seller-can-change): its line breaks, `**bold**`
 * and `[words](link)`, the link `https:` or one of the shop's own pages (`/termos`). Parsed into parts the page
 * prints as React elements, never as HTML: anything else is text.
 */
export type RichPart =
  { kind: 'text'; text: string } | { kind: 'break' } | { kind: 'bold'; text: string } | { kind: 'link'; text: string; href: string };

/** A page of this shop: a path of plain segments, with a fragment or a query at most. */
const OWN_PAGE = /^\/[a-z0-9\-/]*(?:[?#][a-z0-9\-=&_]*)?$/i;

export const isRichLink = (href: string) => isSafeLink(href) || OWN_PAGE.test(href);

/** Linear: a label stops at the next `[`, a link at the next bracket, so no start rescans the rest of the text. */
const MARKUP = /\*\*([^*\n]+)\*\*|\[([^[\]\n]+)\]\(([^()[\]\s]+)\)|\n/g;

export function richParts(text: string): RichPart[] {
  const parts: RichPart[] = [];
  const plain = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  let from = 0;
  for (const match of text.matchAll(MARKUP)) {
    plain(text.slice(from, match.index));
    from = match.index + match[0].length;
    const [whole, bold, label, href] = match;
    if (whole === '\n') parts.push({ kind: 'break' });
    else if (bold !== undefined) parts.push({ kind: 'bold', text: bold });
    else if (label !== undefined && href !== undefined && isRichLink(href)) parts.push({ kind: 'link', text: label, href });
    else plain(whole);
  }
  plain(text.slice(from));
  return parts;
}

/** Whether the text needs more than a plain string (the page's HTML is unchanged for the rest). */
export const hasRichMarkup = (text: string) => richParts(text).some((part) => part.kind !== 'text');
