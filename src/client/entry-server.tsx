import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { admin } from '../content/admin.ts';
import { legalPageMeta } from '../content/legal.ts';
import { orderPage } from '../content/order-page.ts';
import { pageMeta } from '../content/site.ts';
import { App } from './app.tsx';
import { IslandCollectorContext, islandIdentifierPrefix, type CollectedIsland } from './lib/island.tsx';
import { matchRoute } from './routes.ts';
import LandingPage from './pages/landing-page.tsx';
import PresellPage from './pages/presell-page.tsx';

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
}

const metaByRoute = {
  landing: pageMeta.landing,
  presell: pageMeta.presell,
  access: pageMeta.access,
  terms: legalPageMeta.terms,
  privacy: legalPageMeta.privacy,
  admin: admin.meta,
  order: orderPage.meta,
  'not-found': pageMeta.notFound,
} as const;

/** Renders a route to HTML at build time (scripts/prerender.ts); the browser hydrates it. */
export async function render(pathname: string): Promise<RenderedPage> {
  const route = matchRoute(pathname);
  const meta = metaByRoute[route.key];
  // The console and the order page are rendered in the browser only: their shells carry no markup to hydrate.
  if (route.key === 'admin' || route.key === 'order') return { html: '', title: meta.title, description: meta.description };
  // The landing page is hydrated island by island (landing-main.tsx), never as a whole.
  if (route.key === 'landing') return { html: renderWithIslands(<LandingPage />), title: meta.title, description: meta.description };
  // The pre-sell page's entry (presell-main.tsx) imports it statically; the others load lazily.
  const Page = route.load ? (await route.load()).default : PresellPage;
  const html = renderToString(
    <StrictMode>
      <App initial={{ pathname, Page }} />
    </StrictMode>,
  );
  return { html, title: meta.title, description: meta.description };
}

/**
 * Renders a page whose interactive parts are islands: the page first, with each island's slot left
 * empty, then every island on its own with its own id prefix — exactly the separate root the
 * browser will hydrate in that slot (lib/hydrate-islands.tsx).
 */
function renderWithIslands(page: ReactElement): string {
  const islands: CollectedIsland[] = [];
  let html = renderToString(<IslandCollectorContext.Provider value={islands}>{page}</IslandCollectorContext.Provider>);
  for (const { id, element } of islands) {
    const slot = ` data-island-id="${id}"></div>`;
    if (!html.includes(slot)) throw new Error(`prerender: the slot of island ${id} was not found`);
    const inner = renderToString(<StrictMode>{element}</StrictMode>, { identifierPrefix: islandIdentifierPrefix(id) });
    html = html.replace(slot, () => ` data-island-id="${id}">${inner}</div>`);
  }
  return html;
}
