/** docs/architecture.md#adding-a-page; `/x/:name?` is the page at `/x` as well. */
const table = {
  landing: { path: '/', rendering: 'islands' },
  presell: { path: '/presell', rendering: 'islands' },
  terms: { path: '/termos', rendering: 'prerendered' },
  privacy: { path: '/privacidade', rendering: 'prerendered' },
  access: { path: '/acesso/:token?', rendering: 'prerendered', robots: 'noindex' },
  affiliates: { path: '/afiliados', rendering: 'prerendered' },
  affiliate: { path: '/afiliado/:token?', rendering: 'prerendered', robots: 'noindex' },
  admin: { path: '/painel', rendering: 'client-only', robots: 'noindex, nofollow' },
  order: { path: '/pedido/:ref', rendering: 'client-only', robots: 'noindex, nofollow' },
  review: { path: '/avaliar/:ref', rendering: 'client-only', robots: 'noindex, nofollow' },
} as const satisfies Record<string, RouteSpec>;

/** The console's Contestações area in the address's hash; `/{dispute id}` after it brings that dispute into view. */
export const CONSOLE_DISPUTES_HASH = '#contestacoes';
/**
 * The same dispute named in the query (`/painel?contestacao=dsp_…`), for a link that cannot carry a hash: a WhatsApp
 * template's URL button appends its one variable to the URL registered at Meta. The console moves it into the hash.
 */
export const CONSOLE_DISPUTE_QUERY = 'contestacao';

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

export const NOT_FOUND_ROUTE = 'notFound';
export type PageKey = RouteKey | typeof NOT_FOUND_ROUTE;

export const routeKeys = Object.keys(routes) as RouteKey[];

type BasePath<P extends string> = P extends `${infer Base}/:${string}` ? Base : P;

export const paths = Object.fromEntries(routeKeys.map((key) => [key, routes[key].path.split('/:')[0]])) as {
  [K in RouteKey]: BasePath<(typeof table)[K]['path']>;
};

export function documentFile(key: PageKey): string {
  if (key === NOT_FOUND_ROUTE) return '404.html';
  const base = paths[key];
  return base === '/' ? 'index.html' : `${base.slice(1)}/index.html`;
}
