import { describe, expect, it } from 'vitest';
import type { PushSettings } from '../../../src/shared/push.ts';
import { signInToConsole } from '../../support/clients.ts';
import { builtSite, siteBuilt } from '../../support/built-site.ts';
import { consoleCall } from '../../support/purchase.ts';
import { startPushService } from '../../support/stand-ins/push-service.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * The public pages stay as they were (docs/notifications.md#installable-console), on the built site, on SQLite and
 * PostgreSQL: `/` and `/presell` name no manifest, none of the console's icons and no service worker, neither do the scripts they
 * load, and their bytes are the same before the shop has push keys and after a device subscribed.
 */
const PASSWORD = 'senha-do-painel-paginas-1';
const PAGES = ['/', '/presell'] as const;
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

describe.skipIf(!siteBuilt).each(databases)('the public pages without the console app ($name)', (database) => {
  const rig = useTestServer(database, { ADMIN_PASSWORD: PASSWORD }, { site: () => builtSite(PASSWORD) });
  const url = () => rig.server.url;

  /** Each page in each encoding, as bytes on the wire. */
  async function wire(): Promise<Record<string, string>> {
    const pages: Record<string, string> = {};
    for (const page of PAGES)
      for (const encoding of ENCODINGS) {
        // The app itself, so nothing decodes the body on the way.
        const reply = await rig.server.app.request(page, { headers: { 'Accept-Encoding': encoding } });
        expect(reply.status, page).toBe(200);
        pages[`${page} ${encoding}`] =
          `${reply.headers.get('Content-Encoding')} ${reply.headers.get('ETag')} ${Buffer.from(await reply.arrayBuffer()).toString('base64')}`;
      }
    return pages;
  }

  const html = async (page: string) => (await fetch(`${url()}${page}`)).text();

  it("name no manifest, none of the console's icons and no service worker, in the page or in the scripts it loads", async () => {
    for (const page of PAGES) {
      const text = await html(page);
      // The site's own bookmark icon (/apple-touch-icon.png) was there before; the console's is not.
      expect(text, page).not.toMatch(/rel="?manifest|\/painel\//);
      expect(text, page).not.toMatch(/serviceWorker|sw\.js|webmanifest/);
      // The scripts the page names (its loader fetches the rest; tests/e2e/console-install-push.spec.ts watches a browser load it).
      const scripts = [...new Set(text.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
      expect(scripts.length, `${page} loads scripts`).toBeGreaterThan(0);
      for (const script of scripts) {
        const code = await (await fetch(new URL(script, url()))).text();
        expect(code, `${page}: ${script}`).not.toMatch(/serviceWorker|webmanifest|\/painel\/sw\.js/);
      }
    }
    // The console's own page is where they live.
    expect(await html('/painel')).toBeTruthy();
  });

  it('are the same bytes before the shop has push keys and after a device subscribed', async () => {
    const before = await wire();
    expect(await rig.db.db.selectFrom('push_state').selectAll().execute()).toEqual([]);
    const push = await startPushService();
    try {
      const cookie = await signInToConsole(url(), PASSWORD);
      const subscription = push.subscribe();
      const reply = await consoleCall(url(), cookie, '/notifications/devices', { subscription: subscription.json, device: 'Pixel 8' });
      expect(((await reply.json()) as PushSettings).devices).toHaveLength(1);
      expect(await rig.db.db.selectFrom('push_state').selectAll().execute()).toHaveLength(1);
    } finally {
      await push.stop();
    }
    expect(await wire()).toEqual(before);
  });
});
