import { NOT_FOUND_ROUTE, routeKeys, routes, type PageKey, type RouteKey } from './routes.ts';

/** Kept apart from routes.ts: the landing page's first load carries the table, only the app and the server need this. */

export const NOT_FOUND_KEY = '*';

export const pageKeys: readonly PageKey[] = /* @__PURE__ */ (routeKeys as PageKey[]).concat(NOT_FOUND_ROUTE);

function split(pattern: string): [base: string, param?: string] {
  return pattern.split('/:') as [string, string?];
}

/** `/pedido` is not: an order page needs its reference. */
export function isServedAtPath(key: RouteKey): boolean {
  const param = split(routes[key].path)[1];
  return !param || param.endsWith('?');
}

export function hasOwnEntry(key: PageKey): boolean {
  return key !== NOT_FOUND_ROUTE && routes[key].rendering === 'islands';
}

export function pageName(key: PageKey): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A loop, not `/\/+$/`, which is quadratic in a long run of slashes that ends in a letter. */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return path.slice(0, end);
}

function findRoute(pathname: string, below: boolean): { key: RouteKey; pattern: string } | undefined {
  const clean = trimTrailingSlashes(pathname);
  for (const key of routeKeys) {
    const [base, param] = split(routes[key].path);
    if (clean === base && isServedAtPath(key)) return { key, pattern: base };
    const rest = param && clean.startsWith(`${base}/`) ? clean.slice(base.length + 1) : '';
    if (rest && (below || !rest.includes('/'))) return { key, pattern: `${base}/:${param!.replace('?', '')}` };
  }
  return undefined;
}

export function matchPage(pathname: string): PageKey {
  return findRoute(pathname, false)?.key ?? NOT_FOUND_ROUTE;
}

/** Never the raw path in funnel counts: the member page's URL carries a token, and 404 paths are unbounded. */
export function routeKey(pathname: string): string {
  return findRoute(pathname, true)?.pattern ?? NOT_FOUND_KEY;
}
