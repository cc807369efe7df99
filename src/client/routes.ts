import type { ComponentType } from 'react';
import { paths } from '../shared/routes.ts';

/**
 * The client's route table. Each page is its own chunk, so `/presell` never downloads the
 * landing page's code and the reverse.
 */
export type PageModule = { default: ComponentType };

export type RouteKey = 'landing' | 'presell' | 'access' | 'terms' | 'privacy' | 'admin' | 'order' | 'not-found';

/**
 * The pages an ad sends buyers to have entries of their own: the landing page is hydrated island
 * by island (landing-main.tsx) and the pre-sell page from presell-main.tsx, which imports it
 * statically. Moving to either is a document load, so this table does not import them: a page both
 * imported by its entry and loaded lazily here would be split into a chunk of its own, one more
 * request on the phone's first load. The prerenderer imports them directly (entry-server.tsx).
 */
type DocumentPage = 'landing' | 'presell';
export type RouteDef = { key: DocumentPage; load: null } | { key: Exclude<RouteKey, DocumentPage>; load: () => Promise<PageModule> };

const landing: RouteDef = { key: 'landing', load: null };
const presell: RouteDef = { key: 'presell', load: null };
const access: RouteDef = { key: 'access', load: () => import('./pages/access-page.tsx') };
const terms: RouteDef = { key: 'terms', load: () => import('./pages/terms-page.tsx') };
const privacy: RouteDef = { key: 'privacy', load: () => import('./pages/privacy-page.tsx') };
// The seller's console: its own chunk (and its chart library's), never part of a buyer's download.
const admin: RouteDef = { key: 'admin', load: () => import('./pages/admin-page.tsx') };
// The buyer's order page, `/pedido/{ref}` (rendered in the browser: it is one buyer's order).
const order: RouteDef = { key: 'order', load: () => import('./pages/order-page.tsx') };
const notFound: RouteDef = { key: 'not-found', load: () => import('./pages/not-found-page.tsx') };

/** `/acesso/{token}`: one segment after the member page's path. */
function isAccessLink(clean: string): boolean {
  const prefix = `${paths.access}/`;
  return clean.startsWith(prefix) && !clean.slice(prefix.length).includes('/');
}

/** `/pedido/{ref}`: one segment after the order page's path (the bare path is the shell the build writes). */
function isOrderLink(clean: string): boolean {
  const prefix = `${paths.order}/`;
  return clean === paths.order || (clean.startsWith(prefix) && !clean.slice(prefix.length).includes('/'));
}

export function matchRoute(pathname: string): RouteDef {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === paths.landing) return landing;
  if (clean === paths.presell) return presell;
  if (clean === paths.terms) return terms;
  if (clean === paths.privacy) return privacy;
  if (clean === paths.admin) return admin;
  if (isOrderLink(clean)) return order;
  // `/acesso/{token}` is only ever rendered for a dead link (a live one redirects to `/acesso`).
  if (clean === paths.access || isAccessLink(clean)) return access;
  return notFound;
}
