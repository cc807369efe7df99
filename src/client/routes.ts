import type { ComponentType } from 'react';
import { paths } from '../shared/routes.ts';

/**
 * The client's route table. Each page is its own chunk, so `/presell` never downloads the
 * landing page's code and the reverse.
 */
export type PageModule = { default: ComponentType };

export interface RouteDef {
  key: 'landing' | 'presell' | 'not-found';
  load: () => Promise<PageModule>;
}

const landing: RouteDef = { key: 'landing', load: () => import('./pages/landing-page.tsx') };
const presell: RouteDef = { key: 'presell', load: () => import('./pages/presell-page.tsx') };
const notFound: RouteDef = { key: 'not-found', load: () => import('./pages/not-found-page.tsx') };

export function matchRoute(pathname: string): RouteDef {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === paths.landing) return landing;
  if (clean === paths.presell) return presell;
  return notFound;
}
