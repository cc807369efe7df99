import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { offerDefaults } from '../content/offer.ts';
import { formatBRL } from '../shared/money.ts';
import { fillOfferText, islandOfferData, offerDataBlock, type Offer } from '../shared/offer.ts';
import { accentProperties, normalizeHexColor } from '../shared/color.ts';
import { imagePreload, parseImageRef } from '../shared/offer-image.ts';
import { NOT_FOUND_ROUTE, paths, routes, type PageKey } from '../shared/routes.ts';
import { App } from './app.tsx';
import { OmitLaterSections } from './landing/deferred-section.tsx';
import { IslandCollectorContext, islandIdentifierPrefix, type CollectedIsland } from './lib/island.tsx';
import { OfferContext } from './lib/offer.tsx';
import { PreviewContext } from './lib/preview.tsx';
import { pageModulePath, type PageModule } from './routes.ts';
import { IconSymbolsInPage } from './ui/icon.tsx';
import { COLUMN_SIZES } from './ui/offer-picture.tsx';

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
  /** The head's preload of the seller's image that is the first screen's largest paint. */
  preload?: string;
}

/** Every page module, found by its file name as the client router finds them (routes.ts), those with entries of their own included. */
const pageModules: Partial<Record<string, () => Promise<PageModule>>> = import.meta.glob<PageModule>('./pages/*-page.tsx');

export interface RenderOptions {
  omitLaterSections?: boolean;
  /** The seller's version; the build's own content files when absent. */
  offer?: Offer;
  /** For the console's preview, served without scripts (lib/preview.tsx). */
  preview?: boolean;
}

/** The seller's image at the top of `/` or `/presell` is the first screen's largest paint: fetched from the head. */
function offerPreload(key: PageKey, offer: Offer): string | undefined {
  const value = key === 'landing' ? offer.hero.image : key === 'presell' ? offer.presell.image : '';
  const image = parseImageRef(value);
  return image ? imagePreload(image, key === 'landing' ? COLUMN_SIZES.hero : COLUMN_SIZES.presell) : undefined;
}

/** The seller's accent colour, a few bytes in the head: the theme's brand colours read it (styles.css). */
function accentStyle(offer: Offer): string {
  const hex = normalizeHexColor(offer.look.accentColor);
  return hex ? `<style>:root{${accentProperties(hex)}}</style>` : '';
}

/** The head's additions for the seller's version: the largest paint's preload and the accent colour. */
function offerHead(key: PageKey, offer: Offer): string | undefined {
  const head = (offerPreload(key, offer) ?? '') + accentStyle(offer);
  return head === '' ? undefined : head;
}

/** The document head of the pages whose title and description the seller edits. */
function offerMeta(key: PageKey, offer: Offer): { title: string; description: string } | undefined {
  const price = formatBRL(offer.product.priceCents);
  const fill = (text: string) => fillOfferText(text, { guaranteeDays: '', price });
  if (key === 'landing') return { title: fill(offer.meta.landingTitle), description: fill(offer.meta.landingDescription) };
  if (key === 'presell') return { title: fill(offer.meta.presellTitle), description: fill(offer.meta.presellDescription) };
  return undefined;
}

/**
 * Renders a page to HTML at build time (scripts/prerender.ts), and again on the server when the
 * seller publishes a version (server/offer/); the browser hydrates it. With `omitLaterSections`,
 * the landing page's sections styled by the rest of the stylesheet come out empty: what is left is
 * what the page's own part styles.
 */
export async function render(
  key: PageKey,
  { omitLaterSections = false, offer = offerDefaults, preview = false }: RenderOptions = {},
): Promise<RenderedPage> {
  const load = pageModules[pageModulePath(key)];
  if (!load) throw new Error(`prerender: the page module ${pageModulePath(key)} is missing`);
  const { default: Page, meta: ownMeta } = await load();
  const meta = offerMeta(key, offer) ?? ownMeta;
  const rendering = key === NOT_FOUND_ROUTE ? 'prerendered' : routes[key].rendering;
  // Pages rendered in the browser only (the console, an order): their shells carry no markup to hydrate.
  if (rendering === 'client-only') return { html: '', title: meta.title, description: meta.description };
  // The landing page is hydrated island by island (landing-main.tsx), never as a whole.
  if (rendering === 'islands') {
    const page = (
      <OmitLaterSections.Provider value={omitLaterSections}>
        <IconSymbolsInPage>
          <Page />
        </IconSymbolsInPage>
      </OmitLaterSections.Provider>
    );
    // The islands print again in the browser what they printed here: the edited sections travel with the page.
    const data = offerDataBlock(islandOfferData(offer, offerDefaults));
    return {
      html: renderWithIslands(page, offer, preview) + data,
      title: meta.title,
      description: meta.description,
      preload: offerHead(key, offer),
    };
  }
  const pathname = key === NOT_FOUND_ROUTE ? '/404' : paths[key];
  const html = renderToString(
    <StrictMode>
      <App initial={{ pathname, Page }} />
    </StrictMode>,
  );
  return { html, title: meta.title, description: meta.description, preload: offerHead(key, offer) };
}

/**
 * Renders a page whose interactive parts are islands: the page first, with each island's slot left
 * empty, then every island on its own with its own id prefix — exactly the separate root the
 * browser will hydrate in that slot (lib/hydrate-islands.tsx).
 */
function renderWithIslands(page: ReactElement, offer: Offer, preview: boolean): string {
  const islands: CollectedIsland[] = [];
  let html = renderToString(
    <OfferContext.Provider value={offer}>
      <IslandCollectorContext.Provider value={islands}>{page}</IslandCollectorContext.Provider>
    </OfferContext.Provider>,
  );
  for (const { id, element } of islands) {
    const slot = ` data-island-id="${id}"></div>`;
    if (!html.includes(slot)) throw new Error(`prerender: the slot of island ${id} was not found`);
    const inner = renderToString(
      <StrictMode>
        <OfferContext.Provider value={offer}>
          <PreviewContext.Provider value={preview}>
            <IconSymbolsInPage>{element}</IconSymbolsInPage>
          </PreviewContext.Provider>
        </OfferContext.Provider>
      </StrictMode>,
      { identifierPrefix: islandIdentifierPrefix(id) },
    );
    html = html.replace(slot, () => ` data-island-id="${id}">${inner}</div>`);
  }
  return html;
}
