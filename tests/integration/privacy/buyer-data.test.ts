import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeAccessTokenHash } from '../../../src/server/access/access-repository.ts';
import { hashAccessToken } from '../../../src/server/access/access-token.ts';
import type { StoredOrderStatus } from '../../../src/server/db/schema.ts';
import { recordFunnelEvent } from '../../../src/server/funnel/funnel-repository.ts';
import { createLogger } from '../../../src/server/lib/logger.ts';
import { createOrderEvents } from '../../../src/server/orders/order-events.ts';
import { recordWebhookEvent } from '../../../src/server/orders/webhook-events-repository.ts';
import { eraseBuyerData, exportBuyerData } from '../../../src/server/privacy/buyer-data.ts';
import { createRetentionJob } from '../../../src/server/jobs/retention.ts';
import { OPENINGS_KEPT_PER_ORDER, recordMemberPageOpen } from '../../../src/server/access/access-repository.ts';
import { takePixEmailQuota } from '../../../src/server/pix-emails/pix-email-quota.ts';
import { MEMBER_PAGE_OPEN_RETENTION_DAYS } from '../../../src/shared/retention.ts';
import { insertOrderRow, orderColumns, rowsOfOrder, tableRows } from '../../support/db-reads.ts';
import { databases } from '../test-db.ts';

/** Retention with a fake clock, and the buyer's export and deletion, on both databases. */
const DAY = 24 * 60 * 60_000;
const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
/** What a checkout with tracking accepted stores for the server-side conversions. */
const TRACKED = {
  tracking_consent: 'granted',
  fbp: 'fb.1.1700000000000.123',
  fbc: 'fb.1.1700000000000.IwAR0',
  fbclid: 'IwAR0',
  gclid: 'Cj0',
  ga_client_id: '987.654',
  client_ip: '203.0.113.9',
  client_user_agent: 'Mozilla/5.0 Teste',
} as const;
const IDENTIFIERS = ['fbp', 'fbc', 'fbclid', 'gclid', 'ga_client_id', 'client_ip', 'client_user_agent'] as const;
let counter = 0;

for (const database of databases) {
  describe(`personal data lifetime on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;
    beforeEach(async () => {
      db = await database.create();
    });
    afterEach(async () => {
      await db.close();
    });

    async function insertOrder(order: { status: StoredOrderStatus; email: string; createdAt: number; name?: string; tracked?: boolean }) {
      const id = `ord_pd_${counter++}`;
      await insertOrderRow(db, {
        id,
        status: order.status,
        buyer_name: order.name ?? 'Renata Quintela',
        buyer_email: order.email,
        buyer_phone: '31991234567',
        buyer_document: '52998224725',
        created_at: order.createdAt,
        paid_at: order.status === 'paid' ? order.createdAt + 60_000 : null,
        utm_source: 'fb',
        utm_campaign: 'black',
        ...(order.tracked ? TRACKED : {}),
        // Every buyer here ticked "Quero receber o PIX e o acesso pelo WhatsApp".
        whatsapp_consent_at: order.createdAt,
        whatsapp_consent_text: 'Quero receber o PIX e o acesso pelo WhatsApp',
        whatsapp_consent_version: '2026-11',
      });
      return id;
    }

    const buyerOf = (id: string) =>
      orderColumns(db, id, [
        'buyer_name',
        'buyer_email',
        'buyer_phone',
        'buyer_document',
        'amount_cents',
        'status',
        'whatsapp_consent_at',
        'whatsapp_consent_text',
      ]);

    it('erases unpaid buyers after UNPAID_RETENTION_DAYS and postbacks after 90 days, keeping paid orders and funnel counts', async () => {
      const oldUnpaid = await insertOrder({ status: 'pending', email: 'old-unpaid@example.com', createdAt: NOW - 31 * DAY });
      const oldFailed = await insertOrder({ status: 'failed', email: 'old-failed@example.com', createdAt: NOW - 40 * DAY });
      const recentUnpaid = await insertOrder({ status: 'pending', email: 'recent@example.com', createdAt: NOW - 29 * DAY });
      const oldPaid = await insertOrder({ status: 'paid', email: 'paid@example.com', createdAt: NOW - 400 * DAY });
      await recordWebhookEvent(db.db, {
        orderId: oldPaid,
        secretOk: true,
        contentType: 'application/json',
        body: '{"status":"paid"}',
        candidateIds: [],
        now: NOW - 91 * DAY,
      });
      await recordWebhookEvent(db.db, {
        orderId: oldPaid,
        secretOk: true,
        contentType: 'application/json',
        body: '{"status":"paid"}',
        candidateIds: [],
        now: NOW - 89 * DAY,
      });
      await recordFunnelEvent(db.db, { name: 'order_created', path: '/' });
      const funnelBefore = await tableRows(db, 'funnel');

      const job = createRetentionJob({
        db: db.db,
        logger: createLogger({ sink: { write: () => undefined } }),
        unpaidRetentionDays: 30,
        now: () => NOW,
      });
      expect(await job.runOnce()).toEqual({ erasedOrders: 2, deletedPostbacks: 1, erasedTrackingIds: 0 });
      for (const id of [oldUnpaid, oldFailed]) {
        expect(await buyerOf(id)).toMatchObject({
          buyer_name: '',
          buyer_email: '',
          buyer_phone: '',
          buyer_document: null,
          amount_cents: 1990,
          // The WhatsApp consent goes with the phone it was given for.
          whatsapp_consent_at: null,
          whatsapp_consent_text: null,
        });
      }
      expect(await buyerOf(recentUnpaid)).toMatchObject({
        buyer_email: 'recent@example.com',
        buyer_document: '52998224725',
        whatsapp_consent_text: 'Quero receber o PIX e o acesso pelo WhatsApp',
      });
      expect(await buyerOf(oldPaid)).toMatchObject({ buyer_email: 'paid@example.com' });
      expect((await tableRows(db, 'webhook_events')).map((row) => row.received_at)).toEqual([NOW - 89 * DAY]);
      expect(await tableRows(db, 'funnel')).toEqual(funnelBefore);
      // A second pass (or another instance) finds nothing left to do.
      expect(await job.runOnce()).toEqual({ erasedOrders: 0, deletedPostbacks: 0, erasedTrackingIds: 0 });
    });

    it('erases the tracking identifiers 7 days after payment, or a day after an unpaid PIX expired, keeping the campaign', async () => {
      const paidLongAgo = await insertOrder({ status: 'paid', email: 'a@example.com', createdAt: NOW - 8 * DAY, tracked: true });
      const paidRecently = await insertOrder({ status: 'paid', email: 'b@example.com', createdAt: NOW - 6 * DAY, tracked: true });
      const expiredUnpaid = await insertOrder({ status: 'pending', email: 'c@example.com', createdAt: NOW - 2 * DAY, tracked: true });
      const stillPayable = await insertOrder({ status: 'pending', email: 'd@example.com', createdAt: NOW - 10 * 60_000, tracked: true });
      const job = createRetentionJob({
        db: db.db,
        logger: createLogger({ sink: { write: () => undefined } }),
        unpaidRetentionDays: 30,
        now: () => NOW,
      });
      expect(await job.runOnce()).toEqual({ erasedOrders: 0, deletedPostbacks: 0, erasedTrackingIds: 2 });
      const identifiers = (id: string) =>
        orderColumns(db, id, [...IDENTIFIERS, 'utm_source', 'utm_campaign', 'tracking_consent', 'buyer_email']);
      for (const id of [paidLongAgo, expiredUnpaid]) {
        expect(await identifiers(id)).toEqual({
          ...Object.fromEntries(IDENTIFIERS.map((column) => [column, null])),
          utm_source: 'fb',
          utm_campaign: 'black',
          tracking_consent: 'granted',
          buyer_email: expect.stringContaining('@example.com'),
        });
      }
      for (const id of [paidRecently, stillPayable])
        expect(await identifiers(id)).toMatchObject({ fbp: TRACKED.fbp, client_ip: TRACKED.client_ip });
      expect((await job.runOnce()).erasedTrackingIds).toBe(0);
    });

    it(`deletes member-page opens after ${MEMBER_PAGE_OPEN_RETENTION_DAYS} days and past days' PIX e-mail quota`, async () => {
      const order = await insertOrder({ status: 'paid', email: 'opens@example.com', createdAt: NOW - 400 * DAY });
      await recordMemberPageOpen(db.db, order, NOW - (MEMBER_PAGE_OPEN_RETENTION_DAYS + 1) * DAY);
      await recordMemberPageOpen(db.db, order, NOW - (MEMBER_PAGE_OPEN_RETENTION_DAYS - 1) * DAY);
      // Past the per-order cap openings are counted per day: a day's count goes with its first opening.
      const flooded = await insertOrder({ status: 'paid', email: 'flood@example.com', createdAt: NOW - 400 * DAY });
      for (let index = 0; index < OPENINGS_KEPT_PER_ORDER; index++) await recordMemberPageOpen(db.db, flooded, NOW - DAY + index, 'a');
      await recordMemberPageOpen(db.db, flooded, NOW - (MEMBER_PAGE_OPEN_RETENTION_DAYS + 1) * DAY, 'a');
      await recordMemberPageOpen(db.db, flooded, NOW - 2 * DAY, 'a');
      expect(await takePixEmailQuota(db.db, { email: 'opens@example.com', orderId: order, kind: 'pix_ready' }, NOW - 3 * DAY)).toBe(true);
      expect(await takePixEmailQuota(db.db, { email: 'opens@example.com', orderId: order, kind: 'pix_reminder:60' }, NOW)).toBe(true);

      const job = createRetentionJob({
        db: db.db,
        logger: createLogger({ sink: { write: () => undefined } }),
        unpaidRetentionDays: 30,
        now: () => NOW,
      });
      await job.runOnce();
      const opens = (await tableRows(db, 'member_page_opens')).filter((open) => open.order_id === order);
      expect(opens.map((open) => Number(open.at))).toEqual([NOW - (MEMBER_PAGE_OPEN_RETENTION_DAYS - 1) * DAY]);
      expect((await tableRows(db, 'member_page_opens')).filter((open) => open.order_id === flooded)).toHaveLength(OPENINGS_KEPT_PER_ORDER);
      const tallies = await tableRows(db, 'member_page_open_tallies');
      expect(tallies.map((tally) => [tally.order_id, Number(tally.first_at), Number(tally.openings)])).toEqual([
        [flooded, NOW - 2 * DAY, 1],
      ]);
      const quota = await tableRows(db, 'pix_email_quota');
      expect(quota.map((row) => row.message_key)).toEqual([`${order}:pix_reminder:60`]);
    });

    it('exports a buyer as JSON and deletes them on every order of the address, amounts kept', async () => {
      const email = 'renata.quintela@example.com';
      const paid = await insertOrder({ status: 'paid', email, createdAt: NOW - 2 * DAY, tracked: true });
      const failed = await insertOrder({ status: 'failed', email, createdAt: NOW - DAY });
      const other = await insertOrder({ status: 'paid', email: 'someone.else@example.com', createdAt: NOW - DAY, name: 'Outra Pessoa' });
      await storeAccessTokenHash(db.db, paid, hashAccessToken('acc_pd_token'), NOW - DAY);
      await recordWebhookEvent(db.db, {
        orderId: paid,
        secretOk: true,
        contentType: 'application/json',
        body: '{"status":"paid"}',
        candidateIds: [],
        now: NOW - DAY,
      });

      const exported = await exportBuyerData(db.db, '  Renata.Quintela@Example.com ');
      expect(
        exported.orders.map((order) => [order.reference, order.status, order.name, order.phone, order.document, order.amountCents]),
      ).toEqual([
        [`ref_${paid}`, 'paid', 'Renata Quintela', '31991234567', '52998224725', 1990],
        [`ref_${failed}`, 'failed', 'Renata Quintela', '31991234567', '52998224725', 1990],
      ]);
      expect(exported.orders[0]!.accessLinks).toHaveLength(1);
      expect(JSON.stringify(exported)).not.toContain('acc_pd_token');
      // What the order keeps for attribution and the server-side conversions is part of the copy.
      expect(exported.orders[0]!.attribution).toEqual({ utm_source: 'fb', utm_campaign: 'black', fbclid: 'IwAR0', gclid: 'Cj0' });
      expect(exported.orders[0]!.tracking).toEqual({
        consent: 'granted',
        fbp: TRACKED.fbp,
        fbc: TRACKED.fbc,
        gaClientId: TRACKED.ga_client_id,
        ipAddress: TRACKED.client_ip,
        userAgent: TRACKED.client_user_agent,
      });

      expect(
        (
          await eraseBuyerData(db.db, db.dialect, email, {
            now: NOW,
            dataDir: '/tmp/vitrine-unused',
            events: createOrderEvents({ logger: createLogger({ level: 'error' }) }),
          })
        ).sort(),
      ).toEqual([paid, failed].sort());
      for (const id of [paid, failed]) {
        expect(await buyerOf(id)).toMatchObject({
          buyer_name: '',
          buyer_email: '',
          buyer_phone: '',
          buyer_document: null,
          amount_cents: 1990,
        });
      }
      expect((await buyerOf(paid)).status).toBe('paid');
      const erased = await orderColumns(db, paid, IDENTIFIERS);
      expect(erased).toEqual(Object.fromEntries(IDENTIFIERS.map((column) => [column, null])));
      expect(await buyerOf(other)).toMatchObject({ buyer_email: 'someone.else@example.com', buyer_name: 'Outra Pessoa' });
      expect(await rowsOfOrder(db, 'webhook_events', paid)).toEqual([]);
      expect((await exportBuyerData(db.db, email)).orders).toEqual([]);

      if ('file' in db) {
        // Not in the file's bytes either: not in free space, not in the WAL.
        for (const file of [db.file, `${db.file}-wal`]) {
          const bytes = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
          for (const value of [email, 'Renata Quintela', TRACKED.client_user_agent])
            expect(bytes.includes(value), `${file} holds ${value}`).toBe(false);
        }
      }
    });

    if (database.name === 'sqlite') {
      it('npm run buyer: export prints JSON, delete erases, a bad call shows the usage', async () => {
        const email = 'cli.buyer@example.com';
        await insertOrder({ status: 'paid', email, createdAt: NOW - DAY });
        const file = (db as unknown as { file: string }).file;
        const run = (...args: string[]) =>
          execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli/buyer.ts', ...args], {
            env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${file}` },
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          });
        const exported = JSON.parse(run('export', email)) as { orders: Array<{ email: string }> };
        expect(exported.orders.map((order) => order.email)).toEqual([email]);
        expect(run('delete', email)).toBe('1 order(s) erased\n');
        expect(await exportBuyerData(db.db, email)).toEqual({ email, bankLinks: [], orders: [] });
        expect(() => run('remove', email)).toThrow(/Usage: npm run buyer/);
      }, 90_000);
    }
  });
}
