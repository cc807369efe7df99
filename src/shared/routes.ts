/** The site's routes, shared by the client router, the prerenderer and the server. */
export const paths = {
  landing: '/',
  presell: '/presell',
  terms: '/termos',
  privacy: '/privacidade',
  access: '/acesso',
  admin: '/painel',
  /** `/pedido/{public_ref}`: the buyer's order page (e-mailed); `/pedido/{ref}/lembretes/{token}` opts out of reminders. */
  order: '/pedido',
} as const;

/** Pages the server delivers as prerendered HTML files (see scripts/prerender.ts). */
export const prerenderedPaths = [paths.landing, paths.presell, paths.access, paths.terms, paths.privacy] as const;

/** Pages rendered in the browser only (an empty shell is built for them): the seller's console. */
export const clientRenderedPaths = [paths.admin, paths.order] as const;

/** Marks pages that are not part of the site (the 404 page) in route keys. */
export const NOT_FOUND_KEY = '*';

/**
 * The route a URL path belongs to, as stored in funnel counts. Never the raw path: the member
 * page's URL carries an access token, and arbitrary 404 paths would grow the table without bound.
 */
export function routeKey(pathname: string): string {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === paths.landing || clean === paths.presell) return clean;
  if (clean === paths.terms || clean === paths.privacy) return clean;
  if (clean === paths.access) return paths.access;
  if (clean.startsWith(`${paths.access}/`)) return `${paths.access}/:token`;
  if (clean === paths.admin) return paths.admin;
  if (clean.startsWith(`${paths.order}/`)) return `${paths.order}/:ref`;
  return NOT_FOUND_KEY;
}
