/** docs/architecture.md#adding-a-page; `/x/:name?` is the page at `/x` as well. */
const table = {
  landing: { path: '/', rendering: 'islands' },
  presell: { path: '/presell', rendering: 'islands' },
  terms: { path: '/termos', rendering: 'prerendered' },
  privacy: { path: '/privacidade', rendering: 'prerendered' },
  access: { path: '/acesso/:token?', rendering: 'prerendered', robots: 'noindex' },
  admin: { path: '/painel', rendering: 'client-only', robots: 'noindex, nofollow' },
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
