import { escapeHtml } from './html.ts';
import type { PageKey } from './routes.ts';

/** The pages that print the seller's edited offer: the server renders them again at each publish (docs/editing.md). */
export const OFFER_PAGES = ['landing', 'presell'] as const satisfies readonly PageKey[];
export type OfferPage = (typeof OFFER_PAGES)[number];

/** The landing page's data block id; here since that entry must not carry zod. */
export const OFFER_ELEMENT_ID = 'vitrine-offer';

/** Beside the server's render bundle (`dist/ssr/`): each offer page's document, its head and body left to fill. */
export const OFFER_DOCUMENTS_DIR = 'documents';

const PAGE_TITLE = '<!--app-title-->';
const PAGE_DESCRIPTION = '<!--app-description-->';
const PAGE_HTML = '<!--app-html-->';
const PAGE_PRELOAD = '<!--app-preload-->';

/** The head's title, description and the largest paint's preload, as the document carries them until filled. */
export function documentHead(): { title: string; description: string; preload: string } {
  return { title: PAGE_TITLE, description: PAGE_DESCRIPTION, preload: PAGE_PRELOAD };
}

/** The build fills a document with the content files, the server with a published version. */
export function fillDocument(document: string, page: { html: string; title: string; description: string; preload?: string }): string {
  return document
    .replace(PAGE_PRELOAD, () => page.preload ?? '')
    .replaceAll(PAGE_TITLE, () => escapeHtml(page.title))
    .replaceAll(PAGE_DESCRIPTION, () => escapeHtml(page.description))
    .replace(PAGE_HTML, () => page.html);
}
