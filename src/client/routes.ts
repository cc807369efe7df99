import type { ComponentType } from 'react';
import { paths } from '../shared/routes.ts';

/**
 * The client's route table. Each page is its own chunk, so `/presell` never downloads the
 * landing page's code and the reverse.
 */
export type PageModule = { default: ComponentType };

export interface RouteDef {
  key: 'landing' | 'presell' | 'access' | 'terms' | 'privacy' | 'admin' | 'order' | 'not-found';
  load: () => Promise<PageModule>;
}

const landing: RouteDef = { key: 'landing', load: () => import('./pages/landing-page.tsx') };
const presell: RouteDef = { key: 'presell', load: () => import('./pages/presell-page.tsx') };
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
