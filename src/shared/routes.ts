/**
 * The site's pages: the one table the client router, the prerenderer, the server's page routes and
 * the funnel read. A page is one entry here, its module `src/client/pages/{key}-page.tsx` (the
 * component and its `meta`, kebab-case of the key) and its copy in `src/content/`
 * (docs/architecture.md, "Adding a page").
 *
 * `path` is the page's address; `/x/:name` takes one more segment (the page's parameter) and
 * `/x/:name?` is the page at `/x` as well. The pattern is also the page's key in funnel counts.
 *
 * `rendering` says how the page reaches the browser:
 * - `islands`: prerendered, with an entry of its own (`src/client/{key}-main.tsx`) that hydrates
 *   its islands only (docs/decisions/0004-landing-islands.md);
 * - `prerendered`: prerendered, hydrated by the app's entry (main.tsx), which loads the page's chunk;
 * - `client-only`: an empty shell the app's entry renders into; for pages of one person (the
 *   console, an order), which no build can know.
 * The pages an ad sends buyers to have entries of their own, so moving to them is a document load
 * and the app never loads them as chunks (client/routes.ts).
 *
 * `robots` is the page's robots meta tag, for pages search engines must not list.
 */
const table = {
  landing: { path: '/', rendering: 'islands' },
  presell: { path: '/presell', rendering: 'islands' },
  terms: { path: '/termos', rendering: 'prerendered' },
  privacy: { path: '/privacidade', rendering: 'prerendered' },
  /** The member area; the e-mailed `/acesso/{token}` redirects to it (its dead links show it too, with a 404). */
  access: { path: '/acesso/:token?', rendering: 'prerendered', robots: 'noindex' },
  /** The seller's console. */
  admin: { path: '/painel', rendering: 'client-only', robots: 'noindex, nofollow' },
  /** The buyer's order page (e-mailed); `/pedido/{ref}/lembretes/{token}` (server-rendered) opts out of reminders. */
  order: { path: '/pedido/:ref', rendering: 'client-only', robots: 'noindex, nofollow' },
  /** The buyer's review page, from the review-request e-mail (`/avaliar/{ref}#t={token}`). */
  review: { path: '/avaliar/:ref', rendering: 'client-only', robots: 'noindex, nofollow' },
} as const satisfies Record<string, RouteSpec>;

export interface RouteSpec {
  path: string;
  rendering: 'islands' | 'prerendered' | 'client-only';
  robots?: 'noindex' | 'noindex, nofollow';
}

export type RouteKey = keyof typeof table;

export const routes: Readonly<Record<RouteKey, RouteSpec>> = table;

/** A page's document head, which its module exports as `meta` from its copy in content/. */
export interface PageMeta {
  title: string;
  description: string;
}

/** The page every unknown address shows, with a real 404 status; its module is `pages/not-found-page.tsx`. */
export const NOT_FOUND_ROUTE = 'notFound';
export type PageKey = RouteKey | typeof NOT_FOUND_ROUTE;

export const routeKeys = Object.keys(routes) as RouteKey[];

type BasePath<P extends string> = P extends `${infer Base}/:${string}` ? Base : P;

/** Each page's path without its parameter (`paths.order` is `/pedido`, the prefix of `/pedido/{ref}`). */
export const paths = Object.fromEntries(routeKeys.map((key) => [key, routes[key].path.split('/:')[0]])) as {
  [K in RouteKey]: BasePath<(typeof table)[K]['path']>;
};

/** The file, under the client build, of a page's prerendered document or shell. */
export function documentFile(key: PageKey): string {
  if (key === NOT_FOUND_ROUTE) return '404.html';
  const base = paths[key];
  return base === '/' ? 'index.html' : `${base.slice(1)}/index.html`;
}
