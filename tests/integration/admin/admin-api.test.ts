import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAccessTokenHash } from '../../../src/server/access/access-repository.ts';
import { hashAccessToken } from '../../../src/server/access/access-token.ts';
import type { AdminOverview } from '../../../src/shared/admin.ts';
import { businessDay, businessDayStart } from '../../../src/shared/time.ts';
import { insertOrderRow, setOrderColumns } from '../../support/db-reads.ts';
import { databases } from '../test-db.ts';
import { createTestApp } from '../../support/test-server.ts';

/**
 * The console API in-process (`app.request()`), on SQLite and PostgreSQL: sessions and their idle
 * end, the lockout, Origin checks, and the order search with its filters and pages.
 */
const PASSWORD = 'senha-do-painel-integracao';
const ORIGIN = 'http://localhost';

for (const database of databases) {
  describe(`console API on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let app: ReturnType<typeof createTestApp>['app'];
    let clock = Date.UTC(2025, 2, 10, 15, 0, 0);

    const call = (path: string, init: RequestInit & { cookie?: string; address?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.cookie) headers.set('Cookie', init.cookie);
      headers.set('X-Forwarded-For', init.address ?? '203.0.113.7');
      if (init.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      return app.request(path, { ...init, headers });
    };
    const login = async (password = PASSWORD, address?: string) => {
      const response = await call('/api/admin/login', {
        method: 'POST',
        headers: { Origin: ORIGIN },
        body: JSON.stringify({ password }),
        ...(address ? { address } : {}),
      });
      const cookie = response.headers.get('Set-Cookie')?.split(';')[0];
      return { response, cookie };
    };

    beforeAll(async () => {
      db = await database.create();
      const created = createTestApp(db, { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY_HOPS: '1' });
      // The app's clock is the checkout's `now`; tests move it by hand.
      (created.orders as { now?: () => number }).now = () => clock;
      app = created.app;
      const insert = (id: string, name: string, email: string, phone: string, status: string, createdAt: number) =>
        insertOrderRow(db, {
          id,
          status: status as 'paid',
          buyer_name: name,
          buyer_email: email,
          buyer_phone: phone,
          created_at: createdAt,
          paid_at: status === 'paid' ? createdAt + 60_000 : null,
        }).then(() => (status === 'paid' ? storeAccessTokenHash(db.db, id, hashAccessToken(`acc_${id}`), createdAt) : undefined));
      const day = (date: string) => businessDayStart(date) + 12 * 3_600_000;
      await insert('ord_a', 'Ana Paula', 'ana@example.com', '11987654321', 'paid', day('2025-03-01'));
      await insert('ord_b', 'Bruno 50%_Off', 'bruno@example.com', '21912345678', 'failed', day('2025-03-05'));
      await insert('ord_c', 'Carla Dias', 'carla@example.com', '31999990000', 'paid', day('2025-03-09'));
      for (let index = 0; index < 23; index++)
        await insert(`ord_n${index}`, `Nome ${index}`, `n${index}@example.com`, '11900000000', 'paid', day('2025-02-01') + index);
    });
    afterAll(async () => {
      await db.close();
    });

    it('answers 401 without a session and 403 to a foreign Origin', async () => {
      expect((await call('/api/admin/orders')).status).toBe(401);
      const { cookie } = await login();
      expect(cookie).toBeDefined();
      expect((await call('/api/admin/orders', { cookie })).status).toBe(200);
      const foreign = await call('/api/admin/orders/ord_a/resend', { method: 'POST', cookie, headers: { Origin: 'http://evil.example' } });
      expect(foreign.status).toBe(403);
      const missing = await call('/api/admin/orders/ord_a/resend', { method: 'POST', cookie });
      expect(missing.status).toBe(403);
    });

    it('sets a Strict, HttpOnly cookie and ends the session after 12 h idle or on "Sair"', async () => {
      const { response, cookie } = await login();
      const header = response.headers.get('Set-Cookie') ?? '';
      expect(header).toMatch(/HttpOnly/);
      expect(header).toMatch(/SameSite=Strict/);
      clock += 11 * 3_600_000;
      expect((await call('/api/admin/orders', { cookie })).status).toBe(200);
      clock += 12 * 3_600_000 + 1;
      expect((await call('/api/admin/orders', { cookie })).status).toBe(401);
      const second = await login();
      expect((await call('/api/admin/logout', { method: 'POST', cookie: second.cookie, headers: { Origin: ORIGIN } })).status).toBe(200);
      expect((await call('/api/admin/orders', { cookie: second.cookie })).status).toBe(401);
    });

    it('locks an address after 5 failures for 15 minutes; other addresses still sign in', async () => {
      const address = '198.51.100.23';
      for (let attempt = 1; attempt <= 5; attempt++) expect((await login(`wrong-${attempt}`, address)).response.status).toBe(401);
      const locked = await login(PASSWORD, address);
      expect(locked.response.status).toBe(429);
      expect(((await locked.response.json()) as { error: string }).error).toContain('Muitas tentativas erradas');
      expect((await login(PASSWORD, '198.51.100.24')).response.status).toBe(200);
      clock += 15 * 60_000 - 1000;
      expect((await login(PASSWORD, address)).response.status).toBe(429);
      clock += 2000;
      expect((await login(PASSWORD, address)).response.status).toBe(200);
    });

    it('searches by name, e-mail, phone and id, filters by status and dates, and pages by 20', async () => {
      const { cookie } = await login();
      const ids = async (query: string) => {
        const body = (await (await call(`/api/admin/orders${query}`, { cookie })).json()) as {
          orders: Array<{ id: string }>;
          total: number;
        };
        return { ids: body.orders.map((order) => order.id), total: body.total };
      };
      expect((await ids('?q=carla%40example')).ids).toEqual(['ord_c']);
      expect((await ids('?q=ANA%20PAULA')).ids).toEqual(['ord_a']);
      expect((await ids('?q=(21)%2091234')).ids).toEqual(['ord_b']);
      expect((await ids('?q=ord_b')).ids).toEqual(['ord_b']);
      // LIKE wildcards in the search are literal text.
      expect((await ids('?q=50%25_')).ids).toEqual(['ord_b']);
      expect((await ids('?status=failed')).ids).toEqual(['ord_b']);
      expect((await ids('?from=2025-03-02&to=2025-03-09')).ids).toEqual(['ord_c', 'ord_b']);
      const first = await ids('');
      expect(first.total).toBe(26);
      expect(first.ids).toHaveLength(20);
      expect((await ids('?page=2')).ids).toHaveLength(6);
      expect((await call('/api/admin/orders?status=bogus', { cookie })).status).toBe(422);
    });

    it('shows sales by source / campaign of the last 30 days in the overview', async () => {
      // ord_c (paid) and ord_b (a PIX generated that then failed) came from one campaign; ord_a had none.
      for (const id of ['ord_b', 'ord_c']) await setOrderColumns(db, id, { utm_source: 'fb', utm_campaign: 'black' });
      await setOrderColumns(db, 'ord_b', { charged_at: clock - 5 * 86_400_000 });
      const { cookie } = await login();
      const overview = (await (await call('/api/admin/overview', { cookie })).json()) as AdminOverview;
      // The February orders are older than 30 days and left out.
      expect(overview.bySource).toEqual([
        { source: 'fb', campaign: 'black', charges: 2, paidOrders: 1, revenueCents: 1990, conversion: 0.5 },
        { source: null, campaign: null, charges: 1, paidOrders: 1, revenueCents: 1990, conversion: 1 },
      ]);
    });

    it('answers the day on one screen: yesterday up to this hour, the PIX still payable, each provider', async () => {
      const { cookie } = await login();
      const day = async () => ((await (await call('/api/admin/overview', { cookie })).json()) as AdminOverview).day;
      const before = await day();
      const todayStart = businessDayStart(businessDay(clock));
      const thisHourYesterday = businessDayStart(businessDay(clock), -1) + (clock - todayStart);
      await insertOrderRow(db, { id: 'ord_y_before', created_at: thisHourYesterday - 3_600_000 });
      await insertOrderRow(db, { id: 'ord_y_after', created_at: thisHourYesterday + 60_000 });
      await insertOrderRow(db, { id: 'ord_waiting', status: 'pending', created_at: clock - 60_000 });
      await insertOrderRow(db, { id: 'ord_expired', status: 'pending', created_at: clock - 3_600_000 });
      const after = await day();
      // Yesterday's sale after this hour is not in the comparison yet; the expired PIX can no longer be paid.
      expect(after.yesterdaySoFar.paidOrders - before.yesterdaySoFar.paidOrders).toBe(1);
      expect(after.yesterdaySoFar.revenueCents - before.yesterdaySoFar.revenueCents).toBe(1990);
      expect(after.pixWaiting - before.pixWaiting).toBe(1);
      // Rows written straight to the database charged nothing through this instance: the provider is not said to work.
      expect(after.providers.map((provider) => provider.state)).toEqual(['untried']);
    });

    it('marks a paid order refunded once, audited, and refuses it for an unpaid one', async () => {
      const { cookie } = await login();
      const post = (path: string) => call(path, { method: 'POST', cookie, headers: { Origin: ORIGIN } });
      expect((await post('/api/admin/orders/ord_a/refund')).status).toBe(200);
      // Refused with words about refunds, not the resend's.
      for (const orderId of ['ord_a', 'ord_b']) {
        const again = await post(`/api/admin/orders/${orderId}/refund`);
        expect(again.status).toBe(409);
        expect(await again.json()).toEqual({ error: 'Só pedidos pagos podem ser marcados como reembolsados.' });
      }
      expect((await post('/api/admin/orders/nope/refund')).status).toBe(404);
      const audit = (await (await call('/api/admin/audit?order=ord_a', { cookie })).json()) as { entries: Array<{ action: string }> };
      expect(audit.entries.map((entry) => entry.action)).toEqual(['mark_refunded']);
      const access = await call('/api/access', { cookie: 'vitrine_access=acc_ord_a' });
      expect(access.status).toBe(401);
    });
  });
}
