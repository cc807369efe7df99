import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAccessTokenHash } from '../../../src/server/access/access-repository.ts';
import { hashAccessToken } from '../../../src/server/access/access-token.ts';
import { recordWebhookEvent } from '../../../src/server/orders/webhook-events-repository.ts';
import type {
  AdminBuyerErased,
  AdminBuyerSummary,
  AdminHealth,
  AdminOrderDetail,
  AdminOrderList,
  AdminOverview,
} from '../../../src/shared/admin.ts';
import { insertOrderRow, orderRow } from '../../support/db-reads.ts';
import { databases } from '../test-db.ts';
import { createTestApp } from '../../support/test-server.ts';

/**
 * The console's Dados pessoais (LGPD) API and its duplicate payments, in-process on SQLite and
 * PostgreSQL: the same export and erasure as `npm run buyer`, audited without the address; a
 * duplicate payment listed, counted in Visão geral and Saúde, and marked refunded.
 */
const PASSWORD = 'senha-do-painel-lgpd-teste';
const ORIGIN = 'http://localhost';
const NOW = Date.UTC(2025, 4, 20, 15, 0, 0);

for (const database of databases) {
  describe(`console LGPD and duplicate payments on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    let app: ReturnType<typeof createTestApp>['app'];
    let cookie: string;

    const call = (path: string, init: RequestInit & { origin?: string | null } = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookie);
      if (init.origin !== null) headers.set('Origin', init.origin ?? ORIGIN);
      if (init.body) headers.set('Content-Type', 'application/json');
      return app.request(path, { ...init, headers });
    };
    const post = (path: string, body: unknown, origin?: string) =>
      call(path, { method: 'POST', body: JSON.stringify(body), ...(origin ? { origin } : {}) });
    const findBuyer = async (email: string) => (await (await post('/api/admin/buyer', { email })).json()) as AdminBuyerSummary;
    const audit = async () =>
      (
        (await (await call('/api/admin/audit')).json()) as {
          entries: Array<{ action: string; orderId: string | null; detail: string | null }>;
        }
      ).entries;

    const insertOrder = (order: {
      id: string;
      email: string;
      name: string;
      phone?: string;
      status: 'paid' | 'failed';
      paidAt?: number;
      duplicateOf?: string;
      createdAt?: number;
    }) =>
      insertOrderRow(db, {
        id: order.id,
        status: order.status,
        buyer_name: order.name,
        buyer_email: order.email,
        buyer_phone: order.phone ?? '31991234567',
        buyer_document: '52998224725',
        created_at: order.createdAt ?? NOW - 3_600_000,
        updated_at: order.createdAt ?? NOW - 3_600_000,
        expires_at: NOW - 1_800_000,
        paid_at: order.paidAt ?? (order.status === 'paid' ? NOW - 3_000_000 : null),
        duplicate_of: order.duplicateOf ?? null,
      });

    beforeAll(async () => {
      db = await database.create();
      const created = createTestApp(db, { ADMIN_PASSWORD: PASSWORD });
      (created.orders as { now?: () => number }).now = () => NOW;
      app = created.app;
      const login = await app.request('/api/admin/login', {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD }),
      });
      cookie = login.headers.get('Set-Cookie')!.split(';')[0]!;

      await insertOrder({ id: 'ord_lgpd_paid', email: 'renata.quintela@example.com', name: 'Renata Quintela', status: 'paid' });
      await insertOrder({
        id: 'ord_lgpd_failed',
        email: 'renata.quintela@example.com',
        name: 'Renata Quintela',
        status: 'failed',
        createdAt: NOW - 3_500_000,
      });
      await insertOrder({
        id: 'ord_lgpd_other',
        email: 'outra.pessoa@example.com',
        name: 'Outra Pessoa',
        phone: '11912345678',
        status: 'paid',
      });
      await storeAccessTokenHash(db.db, 'ord_lgpd_paid', hashAccessToken('acc_lgpd_token'), NOW - 2_000_000);
      await recordWebhookEvent(db.db, {
        orderId: 'ord_lgpd_paid',
        secretOk: true,
        contentType: 'application/json',
        body: '{"status":"paid"}',
        candidateIds: [],
        now: NOW - 2_500_000,
      });

      await insertOrder({
        id: 'ord_dup_first',
        email: 'caio.mendes@example.com',
        name: 'Caio Mendes',
        phone: '41988887777',
        status: 'paid',
        paidAt: NOW - 600_000,
      });
      await insertOrder({
        id: 'ord_dup_second',
        email: 'caio.mendes@example.com',
        name: 'Caio Mendes',
        phone: '41988887777',
        status: 'paid',
        paidAt: NOW - 300_000,
        duplicateOf: 'ord_dup_first',
      });
    });
    afterAll(async () => {
      await db.close();
    });

    it('the LGPD routes need a session and refuse a foreign Origin', async () => {
      const anonymous = await app.request('/api/admin/buyer', {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'renata.quintela@example.com' }),
      });
      expect(anonymous.status).toBe(401);
      for (const path of ['/api/admin/buyer', '/api/admin/buyer/export', '/api/admin/buyer/delete']) {
        const body = { email: 'renata.quintela@example.com', confirmation: 'renata.quintela@example.com' };
        expect((await post(path, body, 'http://evil.example')).status).toBe(403);
      }
      expect((await post('/api/admin/buyer', { email: 'não é e-mail' })).status).toBe(422);
      // Nothing was erased by the refused delete.
      expect((await orderRow(db, 'ord_lgpd_paid')).buyer_email).toBe('renata.quintela@example.com');
    });

    it('finds a buyer by e-mail, exports the same JSON as npm run buyer, audited by order without the address', async () => {
      const found = await findBuyer('  Renata.Quintela@Example.com ');
      expect(found.email).toBe('renata.quintela@example.com');
      expect(found.orders.map((order) => [order.reference, order.status, order.name, order.amountCents])).toEqual([
        ['ref_ord_lgpd_paid', 'paid', 'Renata Quintela', 1990],
        ['ref_ord_lgpd_failed', 'failed', 'Renata Quintela', 1990],
      ]);
      // Looking is not an export: the audit says a look-up happened (found 2 orders), not whose.
      expect((await audit()).filter((entry) => entry.action !== 'login')).toEqual([
        expect.objectContaining({ action: 'find_buyer', orderId: null, detail: JSON.stringify({ orders: 2 }) }),
      ]);

      const response = await post('/api/admin/buyer/export', { email: 'renata.quintela@example.com' });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="dados-pessoais.json"');
      const exported = (await response.json()) as { email: string; orders: Array<Record<string, unknown>> };
      expect(exported.orders.map((order) => [order.reference, order.phone, order.document])).toEqual([
        ['ref_ord_lgpd_paid', '31991234567', '52998224725'],
        ['ref_ord_lgpd_failed', '31991234567', '52998224725'],
      ]);
      expect(exported.orders[0]!.accessLinks).toHaveLength(1);
      expect(JSON.stringify(exported)).not.toContain('acc_lgpd_token');

      const entries = (await audit()).filter((entry) => entry.action === 'export_buyer');
      expect(entries.map((entry) => entry.orderId).sort()).toEqual(['ord_lgpd_failed', 'ord_lgpd_paid']);
      expect(JSON.stringify(await audit())).not.toContain('renata');
    });

    it('deletes only after the address is typed again; then no search finds it, amounts stay, and the audit keeps no copy', async () => {
      const refused = await post('/api/admin/buyer/delete', { email: 'renata.quintela@example.com', confirmation: 'renata@example.com' });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { error: string }).error).toBe('Digite o mesmo e-mail do comprador para confirmar.');
      expect((await findBuyer('renata.quintela@example.com')).orders).toHaveLength(2);

      const response = await post('/api/admin/buyer/delete', {
        email: 'renata.quintela@example.com',
        confirmation: ' RENATA.quintela@example.com',
      });
      expect(response.status).toBe(200);
      const erased = (await response.json()) as AdminBuyerErased;
      expect(erased.erasedOrders).toBe(2);
      expect(erased.orders.map((order) => [order.reference, order.status, order.name])).toEqual([
        ['ref_ord_lgpd_paid', 'paid', ''],
        ['ref_ord_lgpd_failed', 'failed', ''],
      ]);

      const search = (await (await call('/api/admin/orders?q=renata')).json()) as AdminOrderList;
      expect(search.total).toBe(0);
      const paid = (await (await call('/api/admin/orders/ord_lgpd_paid')).json()) as AdminOrderDetail;
      expect(paid).toMatchObject({ status: 'paid', amountCents: 1990, buyerName: '', buyerEmail: '', buyerPhone: '' });
      // The order's timeline shows both console actions; the postback is gone.
      expect(
        paid.timeline
          .filter((entry) => entry.kind === 'admin')
          .map((entry) => entry.detail)
          .sort(),
      ).toEqual(['delete_buyer', 'export_buyer']);
      expect(paid.timeline.some((entry) => entry.kind === 'postback')).toBe(false);
      expect((await findBuyer('renata.quintela@example.com')).orders).toEqual([]);
      // Someone else's order is untouched.
      expect((await (await call('/api/admin/orders?q=outra.pessoa')).json()) as AdminOrderList).toMatchObject({ total: 1 });

      const deletions = (await audit()).filter((entry) => entry.action === 'delete_buyer');
      expect(deletions.map((entry) => entry.orderId).sort()).toEqual(['ord_lgpd_failed', 'ord_lgpd_paid']);
      expect(JSON.stringify(await audit())).not.toContain('renata');
      if ('file' in db) {
        const bytes = fs.readFileSync(db.file);
        expect(bytes.includes('renata.quintela@example.com')).toBe(false);
      }
    });

    it('a duplicate payment is marked in the list and the detail, counted in Visão geral and Saúde, and can be marked refunded', async () => {
      const list = (await (await call('/api/admin/orders?q=caio.mendes')).json()) as AdminOrderList;
      expect(Object.fromEntries(list.orders.map((order) => [order.id, order.duplicateOf]))).toEqual({
        ord_dup_first: null,
        ord_dup_second: 'ord_dup_first',
      });
      const onlyDuplicates = (await (await call('/api/admin/orders?status=duplicate')).json()) as AdminOrderList;
      expect(onlyDuplicates.orders.map((order) => order.id)).toEqual(['ord_dup_second']);
      expect(((await (await call('/api/admin/orders/ord_dup_second')).json()) as AdminOrderDetail).duplicateOf).toBe('ord_dup_first');

      const overview = async () => ((await (await call('/api/admin/overview')).json()) as AdminOverview).duplicatesToRefund;
      const duplicatesCheck = async () =>
        ((await (await call('/api/admin/health')).json()) as AdminHealth).checks.find((check) => check.key === 'duplicates');
      expect(await overview()).toBe(1);
      expect(await duplicatesCheck()).toMatchObject({ ok: false, detail: '1 pagamento duplicado para reembolsar' });

      expect((await call('/api/admin/orders/ord_dup_second/refund', { method: 'POST' })).status).toBe(200);
      expect(await overview()).toBe(0);
      expect(await duplicatesCheck()).toMatchObject({ ok: true, detail: 'Nenhum para reembolsar' });
      const refunded = (await (await call('/api/admin/orders/ord_dup_second')).json()) as AdminOrderDetail;
      expect(refunded).toMatchObject({ status: 'reversed', duplicateOf: 'ord_dup_first', hasAccess: false });
      expect((await (await call('/api/admin/orders/ord_dup_first')).json()) as AdminOrderDetail).toMatchObject({
        status: 'paid',
        hasAccess: true,
      });
      expect(((await (await call('/api/admin/orders?status=duplicate')).json()) as AdminOrderList).total).toBe(0);
    });
  });
}
