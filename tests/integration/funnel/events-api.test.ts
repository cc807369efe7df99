import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../../src/shared/time.ts';
import { databases } from '../test-db.ts';
import { createTestApp } from '../../support/test-server.ts';
import { readFunnel } from '../../../src/server/funnel/funnel-report.ts';

for (const database of databases) {
  describe(`POST /api/events on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    beforeAll(async () => {
      db = await database.create();
    });
    afterAll(async () => {
      await db.close();
    });

    const post = (body: unknown) =>
      createTestApp(db).app.request('/api/events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    it('counts events per day, event and route, sets no cookie, and stores no token', async () => {
      const first = await post({ name: 'page_view', path: '/presell' });
      expect(first.status).toBe(204);
      expect(first.headers.get('set-cookie')).toBeNull();
      await post({ name: 'page_view', path: '/presell' });
      await post({ name: 'page_view', path: '/acesso/secret-token-value' });
      await post({ name: 'presell_yes', path: '/presell' });

      const today = businessDay();
      const rows = await readFunnel(db.db, today, today);
      expect(rows).toEqual([
        { day: today, event: 'page_view', path: '/acesso/:token', count: 1 },
        { day: today, event: 'page_view', path: '/presell', count: 2 },
        { day: today, event: 'presell_yes', path: '/presell', count: 1 },
      ]);
    });

    it('answers 400 to unknown names, bad JSON and oversized bodies, and counts nothing', async () => {
      const today = businessDay();
      const before = await readFunnel(db.db, today, today);
      expect((await post({ name: 'purchase_hack', path: '/' })).status).toBe(400);
      expect((await post({ name: 'page_view' })).status).toBe(400);
      expect((await post('{not json')).status).toBe(400);
      expect((await post({ name: 'page_view', path: `/${'x'.repeat(2000)}` })).status).toBe(400);
      expect(await readFunnel(db.db, today, today)).toEqual(before);
    });
  });
}
