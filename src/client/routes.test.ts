import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasOwnEntry, pageKeys, pageName } from '../shared/route-lookup.ts';
import { NOT_FOUND_ROUTE, routeKeys, routes } from '../shared/routes.ts';
import { matchRoute, pageLoaders, pageModulePath, type PageModule } from './routes.ts';

// Every page module, loaded as the prerenderer loads them (entry-server.tsx).
const pageModules = import.meta.glob<PageModule>('./pages/*-page.tsx', { eager: true });

/** A path the page shows: its path, with a sample segment for its parameter. */
function samplePath(key: (typeof routeKeys)[number]): string {
  return routes[key].path.replace(/:\w+\??$/, 'sample');
}

describe('the client routes, from the route table', () => {
  it.each(pageKeys)('%s has its page module, exporting the page and its meta', (key) => {
    const page = pageModules[pageModulePath(key)];
    expect(page, `src/client/pages/${pageName(key)}-page.tsx`).toBeDefined();
    expect(typeof page!.default).toBe('function');
    expect(page!.meta.title).toMatch(/\S/);
    expect(page!.meta.description).toMatch(/\S/);
  });

  it('has no page module outside the table', () => {
    const known = new Set(pageKeys.map(pageModulePath));
    expect(Object.keys(pageModules).filter((file) => !known.has(file))).toEqual([]);
  });

  it.each(routeKeys)('%s: the router loads its chunk, or its own entry takes a document load', (key) => {
    const route = matchRoute(samplePath(key));
    expect(route.key).toBe(key);
    if (hasOwnEntry(key)) {
      expect(route.load).toBeNull();
      expect(fs.existsSync(path.join(import.meta.dirname, `${pageName(key)}-main.tsx`))).toBe(true);
    } else {
      expect(route.load).toBe(pageLoaders[pageModulePath(key)]);
      expect(route.load).toBeTypeOf('function');
    }
  });

  it('sends unknown paths to the 404 page', () => {
    const route = matchRoute('/nada/aqui');
    expect(route.key).toBe(NOT_FOUND_ROUTE);
    expect(route.load).toBe(pageLoaders[pageModulePath(NOT_FOUND_ROUTE)]);
  });
});
