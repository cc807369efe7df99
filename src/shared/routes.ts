/**
 * The site's pages, one table for the router, the prerenderer, the server and the funnel
 * (docs/architecture.md#adding-a-page). `/x/:name?` is the page at `/x` as well. `islands` pages
 * have an entry of their own (docs/decisions/0004-landing-islands.md); `client-only` pages belong to
 * one person, so no build can prerender them.
 */
const table = {
  landing: { path: '/', rendering: 'islands' },
  presell: { path: '/presell', rendering: 'islands' },
  terms: { path: '/termos', rendering: 'prerendered' },
  privacy: { path: '/privacidade', rendering: 'prerendered' },
  /** The member area; the e-mailed `/acesso/{token}` redirects to it (its dead links show it too, with a 404). */
  access: { path: '/acesso/:token?', rendering: 'prerendered', robots: 'noindex' },
  admin: { path: '/painel', rendering: 'client-only', robots: 'noindex, nofollow' },
  /** The buyer's order page (e-mailed); `/pedido/{ref}/lembretes/{token}` (server-rendered) opts out of reminders. */
  order: { path: '/pedido/:ref', rendering: 'client-only', robots: 'noindex, nofollow' },
  review: { path: '/avaliar/:ref', rendering: 'client-only', robots: 'noindex, nofollow' },
} as const satisfies Record<string, RouteSpec>;

export interface RouteSpec {
  path: string;
  rendering: 'islands' | 'prerendered' | 'client-only';
  robots?: 'noindex' | 'noindex, nofollow';
}

export type RouteKey = keyof typeof table;

export const routes: Readonly<Record<RouteKey, RouteSpec>> = table;

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

export function documentFile(key: PageKey): string {
  if (key === NOT_FOUND_ROUTE) return '404.html';
  const base = paths[key];
  return base === '/' ? 'index.html' : `${base.slice(1)}/index.html`;
}
