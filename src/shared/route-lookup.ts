import { NOT_FOUND_ROUTE, routeKeys, routes, type PageKey, type RouteKey } from './routes.ts';

/**
 * What the route table (routes.ts) answers about a URL path or a page. Kept apart from the table:
 * the landing page's first load carries the table's paths, and only the app and the server need this.
 */

/** Marks pages that are not part of the site (the 404 page) in route keys. */
export const NOT_FOUND_KEY = '*';

/** Every page the build writes a document for: the table's and the 404 page. */
export const pageKeys: readonly PageKey[] = /* @__PURE__ */ (routeKeys as PageKey[]).concat(NOT_FOUND_ROUTE);

/** A path pattern's fixed part and its parameter (`token?` when optional): `/acesso/:token?` is `['/acesso', 'token?']`. */
function split(pattern: string): [base: string, param?: string] {
  return pattern.split('/:') as [string, string?];
}

/** Whether a page is sent at its bare path (`/acesso` is, `/pedido` is not: an order page needs its reference). */
export function isServedAtPath(key: RouteKey): boolean {
  const param = split(routes[key].path)[1];
  return !param || param.endsWith('?');
}

/** Pages with an entry of their own, `src/client/{name}-main.tsx`: moving to them is a document load. */
export function hasOwnEntry(key: PageKey): boolean {
  return key !== NOT_FOUND_ROUTE && routes[key].rendering === 'islands';
}

/** A page's name in file names, the key in kebab-case: `notFound` is `pages/not-found-page.tsx`. */
export function pageName(key: PageKey): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * The page a URL path shows and the pattern it matched: a page's path (trailing slashes aside), or
 * its path and one segment for its parameter. With `below`, a deeper path counts as the page too.
 */
/**
 * The path without its trailing slashes (`/` stays `/`). A loop, not `/\/+$/`: a pattern tries
 * every slash of a run as a start and reads to its end, quadratic in a path of 16 KB of slashes
 * that ends in a letter (≈ 0.2 s of the server's time per request).
 */
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

/** The page the browser shows at a URL path (the 404 page when none). */
export function matchPage(pathname: string): PageKey {
  return findRoute(pathname, false)?.key ?? NOT_FOUND_ROUTE;
}

/**
 * The route a URL path belongs to, as stored in funnel counts: its page's pattern (a path below a
 * page, such as the reminders' opt-out under `/pedido/{ref}`, counts as that page). Never the raw
 * path: the member page's URL carries an access token, and arbitrary 404 paths would grow the
 * table without bound.
 */
export function routeKey(pathname: string): string {
  return findRoute(pathname, true)?.pattern ?? NOT_FOUND_KEY;
}
