import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config/config.ts';
import { scriptHash } from '../../../src/server/http/csp.ts';
import { publicConfig, publicConfigScript } from '../../../src/server/config/public-config.ts';
import { loadSite } from '../../../src/server/http/site.ts';
import { isServedAtPath, pageKeys } from '../../../src/shared/route-lookup.ts';
import { documentFile, paths, routeKeys, routes } from '../../../src/shared/routes.ts';
import { LANDING_PREFETCH_RULES } from '../../../src/shared/speculation-rules.ts';
import { createTestApp } from '../../support/test-server.ts';
import { createSqliteDb, type TestDb } from '../test-db.ts';

/** The server sends every page of the route table (src/shared/routes.ts) from its built document. */
describe('site pages from the route table', () => {
  let db: TestDb;
  let clientDir: string;
  beforeAll(async () => {
    db = await createSqliteDb();
    // A stand-in for the client build: each document names its page.
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-pages-'));
    for (const key of pageKeys) {
      const file = path.join(clientDir, documentFile(key));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `<!doctype html><title>PAGE-${key}</title>`);
    }
    // The build's own records, as Vite writes them beside the site's files, and a public asset.
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{"src/client/main.tsx":{}}');
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-x1.js'), 'export {};');
  });
  afterAll(async () => {
    fs.rmSync(clientDir, { recursive: true, force: true });
    await db.close();
  });

  const app = () => createTestApp(db, {}, { site: loadSite(clientDir) }).app;

  it.each(routeKeys.filter(isServedAtPath))('sends %s at its path', async (key) => {
    const response = await app().request(paths[key]);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`PAGE-${key}`);
    if (routes[key].rendering === 'client-only') {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe(routes[key].robots);
    } else {
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("allows the pre-sell page's run-time speculation rule by its hash, and no other page's", async () => {
    const ruleHash = scriptHash(LANDING_PREFETCH_RULES);
    for (const key of routeKeys.filter(isServedAtPath)) {
      const response = await app().request(paths[key]);
      expect(response.headers.get('content-security-policy')?.includes(ruleHash), key).toBe(key === 'presell');
      // The page's bytes do not depend on its query: the prefetched `/` serves `/?utm_source=…`.
      expect(response.headers.get('no-vary-search'), key).toBe('params');
    }
  });

  it('moves a prerendered page with a trailing slash to its path, keeping the query', async () => {
    const response = await app().request('/termos/?utm_source=x');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/termos?utm_source=x');
  });

  it('answers other paths with the 404 page, the bare path of a page with a required parameter included', async () => {
    expect((await app().request('/assets/app-x1.js')).status).toBe(200);
    const buildRecords = ['/.vite/manifest.json', '/%2evite/manifest.json', '/%2Evite/manifest.json', '/assets/../.vite/manifest.json'];
    for (const pathname of ['/nada', '/painel/', '/pedido', '/pedido/', '/termos/index.html', ...buildRecords]) {
      const response = await app().request(pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.text(), pathname).toContain('PAGE-notFound');
    }
  });
});

/**
 * GUARANTEE_DAYS reaches the prerendered pages: the real client build (`npm run build`; `npm test`
 * builds it first), filled in as main.ts does. Skipped without a build.
 */
const builtClient = path.resolve(import.meta.dirname, '../../../dist/client');
describe.skipIf(!fs.existsSync(path.join(builtClient, 'index.html')))('the guarantee days on the built pages', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createSqliteDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it('prints GUARANTEE_DAYS=10 on /, /presell and /termos, and no 7-day guarantee', async () => {
    const env = { GUARANTEE_DAYS: '10' };
    const browserConfig = publicConfig(loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ...env }));
    const { app } = createTestApp(db, env, { site: loadSite(builtClient, publicConfigScript(browserConfig), browserConfig) });
    for (const pathname of [paths.landing, paths.presell, paths.terms]) {
      const response = await app.request(pathname);
      expect(response.status, pathname).toBe(200);
      const html = await response.text();
      expect(html, pathname).toContain('Garantia de 10 dias');
      expect(html, pathname).not.toMatch(/\b7 dias/i);
      expect(html, pathname).not.toContain('__VITRINE_GUARANTEE_DAYS__');
      // The browser renders from the same number: the injected config carries it.
      expect(html, pathname).toContain('"guaranteeDays":"10"');
    }
    const landing = await (await app.request(paths.landing)).text();
    expect(landing).toContain('QUERO TESTAR POR 10 DIAS');
    // The FAQ island hydrates from its props: the same 10 the static HTML shows.
    expect(landing).toContain('data-props="{&quot;guaranteeDays&quot;:&quot;10&quot;}"');
    expect(landing).toContain('Como funciona a garantia de 10 dias?');
  });
});
