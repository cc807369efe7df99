import type { ComponentType } from 'react';
import { matchPage, pageName } from '../shared/route-lookup.ts';
import type { PageKey, PageMeta } from '../shared/routes.ts';

/** What every `pages/{key}-page.tsx` exports. */
export interface PageModule {
  default: ComponentType;
  meta: PageMeta;
}

/** A page module's file, as `import.meta.glob` names it. */
export function pageModulePath(key: PageKey): string {
  return `./pages/${pageName(key)}-page.tsx`;
}

/**
 * The client router finds each page's chunk by its file name, so the route table in shared/ is all
 * a new page adds. Each page is its own chunk: `/presell` never downloads the console's code.
 *
 * The pages with entries of their own (the landing and pre-sell pages, shared/routes.ts) are left
 * out: moving to either is a document load, and a page both imported by its entry and loaded lazily
 * here would be split into a chunk of its own, one more request on the phone's first load. The
 * prerenderer imports every page (entry-server.tsx).
 */
export const pageLoaders: Partial<Record<string, () => Promise<PageModule>>> = import.meta.glob<PageModule>([
  './pages/*-page.tsx',
  '!./pages/landing-page.tsx',
  '!./pages/presell-page.tsx',
]);

export interface MatchedRoute {
  key: PageKey;
  /** The page's chunk; `null` for a page with an entry of its own (a document load). */
  load: (() => Promise<PageModule>) | null;
}

export function matchRoute(pathname: string): MatchedRoute {
  const key = matchPage(pathname);
  // Only the pages with entries of their own have no chunk here (routes.test.ts checks it).
  return { key, load: pageLoaders[pageModulePath(key)] ?? null };
}
