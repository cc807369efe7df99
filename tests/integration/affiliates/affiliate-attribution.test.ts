import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config/config.ts';
import { publicConfig, publicConfigScript } from '../../../src/server/config/public-config.ts';
import { loadSite } from '../../../src/server/http/site.ts';
import type { CreatedOrder } from '../../../src/shared/checkout.ts';
import { pageKeys } from '../../../src/shared/route-lookup.ts';
import { documentFile, paths } from '../../../src/shared/routes.ts';
import { postOrder, newCheckoutKey, uniqueBuyer } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import { createTestApp, useTestServer } from '../../support/test-server.ts';
import { createSqliteDb, databases, type TestDb } from '../test-db.ts';

/**
 * An affiliate's link (docs/affiliates.md#links): the code rides in the address and in the order, never in the page. The
 * browser's side (same visit, the consented cookie, first or last click) is src/client/lib/affiliate-link.test.ts.
 */
describe('pages reached through an affiliate link', () => {
  let db: TestDb;
  let clientDir: string;
  beforeAll(async () => {
    db = await createSqliteDb();
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-affiliate-pages-'));
    for (const key of pageKeys) {
      const file = path.join(clientDir, documentFile(key));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `<!doctype html><title>PAGE-${key}</title><p>R$ 19,90</p>`);
    }
  });
  afterAll(async () => {
    fs.rmSync(clientDir, { recursive: true, force: true });
    await db.close();
  });

  it('are the same bytes, headers and cookies as without the code: no price, claim, script or cookie changes', async () => {
    const { app } = createTestApp(db, {}, { site: loadSite(clientDir) });
    for (const page of [paths.presell, paths.landing]) {
      const plain = await app.request(page);
      const linked = await app.request(`${page}?af=ab12cd34&utm_source=instagram`);
      expect(linked.status).toBe(200);
      expect(await linked.text()).toBe(await plain.text());
      expect(linked.headers.get('set-cookie')).toBeNull();
      expect(linked.headers.get('content-security-policy')).toBe(plain.headers.get('content-security-policy'));
    }
  });

  it("carry the seller's window and click to the browser only when they differ from 30 days, last click", () => {
    const script = (env: Record<string, string>) =>
      publicConfigScript(publicConfig(loadConfig({ DATA_DIR: '/tmp/vitrine-unused', ...env })));
    expect(script({})).not.toContain('affiliateCookie');
    expect(script({ AFFILIATE_COOKIE_DAYS: '7', AFFILIATE_CLICK: 'first' })).toContain('"affiliateCookie":{"days":7,"click":"first"}');
    expect(() => loadConfig({ DATA_DIR: '/tmp/vitrine-unused', AFFILIATE_CLICK: 'middle' })).toThrow(/AFFILIATE_CLICK/);
  });
});

for (const database of databases) {
  describe(`an order from an affiliate link on ${database.name}`, () => {
    const running = useTestServer(database);

    it('keeps the code, read in any case, at the same price as without it; a mangled code is dropped, not refused', async () => {
      const order = async (affiliate: unknown) => {
        const created = await postOrder<CreatedOrder>(running.server.url, {
          ...uniqueBuyer(),
          checkoutKey: newCheckoutKey(),
          ...(affiliate === undefined ? {} : { affiliate }),
        });
        expect(created.status).toBe(201);
        return orderRow(running.db, created.body.orderId);
      };
      const plain = await order(undefined);
      const linked = await order('AB12CD34');
      expect([linked.affiliate_code, linked.amount_cents]).toEqual(['ab12cd34', plain.amount_cents]);
      for (const mangled of ['ab', '<script>', 42, { code: 'ab12cd34' }]) expect((await order(mangled)).affiliate_code).toBeNull();
      expect(plain.affiliate_code).toBeNull();
    });
  });
}
