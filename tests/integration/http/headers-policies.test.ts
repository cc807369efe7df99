import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config/config.ts';
import { inlineScriptHashes } from '../../../src/server/http/csp.ts';
import { publicConfig, publicConfigScript } from '../../../src/server/config/public-config.ts';
import { loadSite } from '../../../src/server/http/site.ts';
import { pageKeys } from '../../../src/shared/route-lookup.ts';
import { defaultPublicConfig } from '../../../src/content/seller.ts';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../../../src/shared/public-config.ts';
import { documentFile, paths, routeKeys, routes } from '../../../src/shared/routes.ts';
import { createSqliteDb } from '../test-db.ts';
import { startTestServer, useTestServer } from '../../support/test-server.ts';

/**
 * The policies a browser enforces, over real HTTP, for a shop with GA4, the Meta Pixel and Clarity
 * configured and a real gateway (whose PIX image may be an https URL): the marketing pages allow
 * the trackers' hosts and remote images; one person's pages (the member area, an order, its
 * reminders opt-out, the review page, the console) allow neither, and their config names no tracker for the page's
 * script to load. Every response carries the Permissions-Policy.
 */

const TRACKERS = { GA_ID: 'G-HEADERS123', META_PIXEL_ID: '9876543210', CLARITY_ID: 'clarhead1' };
const TRACKER_HOSTS = ['googletagmanager.com', 'google-analytics.com', 'facebook', 'clarity.ms', 'bing.com'];
const VALID_REF = 'ref_AAAAAAAAAAAAAAAAAAAAAA';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('Content-Security-Policy and Permissions-Policy by page', () => {
  let clientDir: string;
  beforeAll(() => {
    // A stand-in for the client build: each document with the config placeholder, and one asset.
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-headers-'));
    for (const key of pageKeys) {
      const file = path.join(clientDir, documentFile(key));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `<!doctype html><head>${PUBLIC_CONFIG_PLACEHOLDER}<title>PAGE-${key}</title></head>`);
    }
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(clientDir, 'assets', 'icon-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
  const running = useTestServer(
    { create: createSqliteDb },
    { ADMIN_PASSWORD: 'senha-do-painel-headers', ...TRACKERS },
    {
      gateway: true,
      // As main.ts loads it.
      site: () => {
        const browserConfig = publicConfig(loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ...running.env }));
        return loadSite(clientDir, publicConfigScript(browserConfig), browserConfig);
      },
    },
  );

  it('lets the landing and legal pages load the configured trackers and a gateway’s https images', async () => {
    const { server } = running;
    // Every page of the route table that search engines may index: a new public page is checked here by itself.
    const publicPages = routeKeys.filter((key) => !routes[key].robots).map((key) => paths[key]);
    expect(publicPages).toEqual(expect.arrayContaining(['/', '/presell', '/termos', '/privacidade']));
    for (const pathname of publicPages) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(200);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(directive(policy, 'script-src'), pathname).toContain('https://*.googletagmanager.com');
      expect(directive(policy, 'script-src'), pathname).toContain('https://connect.facebook.net');
      expect(directive(policy, 'script-src'), pathname).toContain('https://*.clarity.ms');
      expect(directive(policy, 'img-src').split(' '), pathname).toContain('https:');
      expect(await response.text(), pathname).toContain(TRACKERS.GA_ID);
    }
  });

  it('gives the member area, an order, its opt-out, the review page and the console no tracker host and no remote image', async () => {
    const { server } = running;
    const personal = [
      ['/painel', 200],
      ['/acesso', 200],
      ['/acesso/tok_nobody_has_this_link_000000', 404],
      // The affiliate's page shows their name, key and money.
      ['/afiliado', 200],
      ['/afiliado/afl_nobody_has_this_link_000000', 404],
      [`/pedido/${VALID_REF}`, 200],
      ['/pedido/not-a-ref', 404],
      [`/pedido/${VALID_REF}/lembretes/not-the-token`, 404],
      // The review page shows the buyer's name and words: no session replay may record it.
      [`/avaliar/${VALID_REF}`, 200],
      ['/avaliar/x', 404],
    ] as const;
    // A new private page of the route table fails here until it is in the list above.
    for (const key of routeKeys.filter((page) => routes[page].robots))
      expect(
        personal.map(([pathname]) => pathname.split('/').slice(0, 2).join('/')),
        key,
      ).toContain(paths[key]);
    for (const [pathname, status] of personal) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(status);
      const policy = response.headers.get('content-security-policy') ?? '';
      for (const host of TRACKER_HOSTS) expect(policy, `${pathname}: ${host}`).not.toContain(host);
      expect(directive(policy, 'img-src'), pathname).toBe("img-src 'self' data:");
      // No connect-src: it falls back to default-src, our own origin only.
      expect(directive(policy, 'connect-src'), pathname).toBe('');
      expect(directive(policy, 'default-src'), pathname).toBe("default-src 'self'");
      const html = await response.text();
      // The page's script is told of no tracker, so it never asks for one the policy refuses...
      for (const id of Object.values(TRACKERS)) expect(html, `${pathname}: ${id}`).not.toContain(id);
      // ...and still runs: each inline script of the document is allowed by its hash.
      for (const hash of inlineScriptHashes(html)) expect(directive(policy, 'script-src'), pathname).toContain(hash);
    }
    const console = await (await fetch(`${server.url}/painel`)).text();
    // The console's config block names no tracker: the browser keeps the defaults' none, and the seller.
    const injected = JSON.parse(/<script type="application\/json" id="vitrine-config">(.*?)<\/script>/s.exec(console)?.[1] ?? '') as object;
    const seen = { ...defaultPublicConfig, ...injected };
    expect(seen.trackers).toEqual({ gaId: null, metaPixelId: null, clarityId: null });
    expect(seen.seller).toEqual(defaultPublicConfig.seller);
  });

  it('sends the Permissions-Policy on documents, an SVG, API answers, redirects and every 404, not on a script', async () => {
    const { server } = running;
    // A script opened alone is text, never a document: the policy would be bytes on each of the page's scripts.
    const script = await fetch(`${server.url}/assets/main-abc123.js`);
    expect([script.status, script.headers.get('permissions-policy'), script.headers.get('x-content-type-options')]).toEqual([
      200,
      null,
      'nosniff',
    ]);
    const answers = [
      ['GET', '/', 200],
      ['HEAD', '/', 200],
      ['GET', '/painel', 200],
      ['GET', '/assets/icon-abc123.svg', 200],
      ['GET', '/assets/missing-000000.js', 404],
      ['GET', '/api/live', 200],
      ['GET', '/api/nope', 404],
      ['POST', '/api/orders', 422],
      ['GET', '/termos/', 301],
      ['GET', '/nada', 404],
      ['GET', `/pedido/${VALID_REF}/lembretes/not-the-token`, 404],
    ] as const;
    for (const [method, pathname, status] of answers) {
      const response = await fetch(`${server.url}${pathname}`, { method, redirect: 'manual' });
      expect(response.status, `${method} ${pathname}`).toBe(status);
      expectPermissionsPolicy(response.headers.get('permissions-policy'), `${method} ${pathname}`);
    }
  });
});

function expectPermissionsPolicy(policy: string | null, what: string) {
  const features = new Map((policy ?? '').split(', ').map((entry) => entry.split('=') as [string, string]));
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
    expect(features.get(feature), `${what}: ${feature}`).toBe('()');
  }
  // The PIX code's "Copiar" button writes to the clipboard.
  expect(features.get('clipboard-write'), what).toBe('(self)');
}

describe('Permissions-Policy on the demo’s sandbox pages and on a server error', () => {
  it('is sent by the sandbox’s pay page and by the 500 of a request that broke', async () => {
    const db = await createSqliteDb();
    const server = await startTestServer(db);
    try {
      const pay = await fetch(`${server.url}/sandbox/pay/unknown`);
      expect(pay.status).toBe(404);
      expectPermissionsPolicy(pay.headers.get('permissions-policy'), 'sandbox pay page');
      // The database gone under a running server: the order page's API throws, the app answers 500.
      await db.close();
      const broken = await fetch(`${server.url}/api/order-page/${VALID_REF}`);
      expect(broken.status).toBe(500);
      expectPermissionsPolicy(broken.headers.get('permissions-policy'), 'a 500');
      expect(server.logLines.some((entry) => entry.level === 'error' && entry.line.includes('Unhandled error'))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
