import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { MemberArea } from '../../../src/shared/access.ts';
import type { AdminOrderDetail, AdminOverview } from '../../../src/shared/admin.ts';
import { guaranteeEndsAt } from '../../../src/shared/refunds.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, rowsOfOrders } from '../../support/db-reads.ts';
import { useHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import { askRefund, buyAndPay, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import { databases, type TestDb } from '../test-db.ts';
import { useTestServer, type TestServerRig } from '../../support/test-server.ts';

/**
 * Refunds are per item, on SQLite and PostgreSQL, over real HTTP with the sandbox gateway. A buyer pays the main
 * product (R$ 19,90), then "main + bump" (R$ 29,80): the second payment repeats the main product, so its R$ 19,90 is
 * a part refund for the seller to make by hand. The bump's R$ 9,90 stays the buyer's, inside its own guarantee: the
 * buyer can still ask for it and the seller can still refund it. Faturamento, the orders CSV and sales by source count
 * paid − refunded at each step, and each money movement reaches the seller's webhook and GA4 with its amount and items.
 */
const PASSWORD = 'senha-do-painel-por-item';
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const MAIN = 1990;
const BUMP = 990;

type Running = TestServerRig & { hooks: HttpReceiver; ga: HttpReceiver };

function useShop(database: (typeof databases)[number]): Running {
  const hooks = useHttpReceiver();
  const ga = useHttpReceiver();
  const running = useTestServer(
    database,
    () => ({
      ADMIN_PASSWORD: PASSWORD,
      SUPPORT_EMAIL: 'ajuda@example.com',
      WEBHOOK_URL: hooks.url,
      WEBHOOK_SECRET,
      GA_ID: 'G-TESTPERITEM',
      GA_API_SECRET: 'ga-secret-per-item',
      GA_MP_URL: ga.url,
    }),
    // The real time: `npm run report` counts the last days by the machine's clock.
    { smtp: true, clock: 'now' },
  );
  return Object.assign(running, { hooks, ga });
}

const run = promisify(execFile);

/** `npm run report`'s sales by source: the revenue of its one row (these buyers came with no campaign). */
async function reportRevenue(db: TestDb & { dir?: string; url?: string }): Promise<string | undefined> {
  const env = db.dir ? { DATA_DIR: db.dir } : { DATABASE_URL: db.url! };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/report.ts', '--days', '2'], {
    env: { ...process.env, ...env },
  });
  return /\(none\) \/ \(none\)\s+\d+\s+\d+\s+\S+\s+(R\$\s[\d.,]+)/.exec(stdout)?.[1]?.replace(/\s/, ' ');
}

interface RefundHook {
  type: string;
  data: { id: string; status: string; refund?: { amount_cents: number; items: Array<{ key: string; price_cents: number }> } };
}

for (const database of databases) {
  describe(`refunds per item on ${database.name}`, () => {
    const running = useShop(database);

    it('a part refund of a duplicate leaves the bump refundable by the buyer and the seller, and every figure follows the ledger', async () => {
      const { server, db, hooks, ga } = running;
      const url = server.url;
      const buyer = uniqueBuyer('Marina Duarte');
      const tracking = { consent: 'granted', ga: 'GA1.1.555666777.1700000000' };
      const first = await buyAndPay(running, { buyer, fields: { tracking } });
      const second = await buyAndPay(running, { buyer, fields: { bump: true, tracking } });
      await drainOutbox(server);
      const admin = await signInToConsole(url, PASSWORD);
      const call = async <T>(path: string, body?: unknown) => (await (await consoleCall(url, admin, path, body)).json()) as T;
      const revenue = async () => (await call<AdminOverview>('/overview')).totals.today.revenueCents;
      const sourceRevenue = async () => (await call<AdminOverview>('/overview')).bySource.reduce((sum, row) => sum + row.revenueCents, 0);
      const csvNet = async (orderId: string) => {
        const csv = await (await consoleCall(url, admin, `/orders.csv?q=${encodeURIComponent(buyer.email)}`)).text();
        return csv
          .split('\r\n')
          .find((line) => line.startsWith(orderId))
          ?.split(';')
          .at(-1);
      };
      const detailOf = (orderId: string) => call<AdminOrderDetail>(`/orders/${orderId}`);

      // The repeated main product is owed back by hand; the bump is the buyer's.
      expect((await orderRow(db, second.orderId)).duplicate_of).toBe(first.orderId);
      let detail = await detailOf(second.orderId);
      expect(detail.manualRefund).toMatchObject({
        amountCents: MAIN,
        charges: [{ orderId: second.orderId, itemKeys: ['main'], amountCents: MAIN }],
      });
      expect(detail.purchase?.items.map((item) => [item.key, item.state])).toEqual([
        ['main', 'owed'],
        ['bump', 'open'],
      ]);
      expect(await revenue()).toBe(MAIN + MAIN + BUMP);

      // On the day of purchase, the member page offers the guarantee for the bump, until the bump's own window ends.
      const { cookie } = await memberVisit(url, db, second.orderId, running.clock.now);
      const area = async () => (await (await fetch(`${url}/api/access`, { headers: { Cookie: cookie } })).json()) as MemberArea;
      const paidAt = Number((await orderRow(db, second.orderId)).paid_at);
      expect((await area()).guarantee).toMatchObject({ canRequest: true, request: null, endsAt: guaranteeEndsAt(paidAt, 7) });
      // Each item as it stands: the repeated main product on its way back, the bump the buyer's.
      const itemStates = async () => (await area()).guarantee.items?.map((item) => [item.state, item.windowOpen]);
      expect(await itemStates()).toEqual([
        ['owed', true],
        ['open', true],
      ]);

      // The seller gives the R$ 19,90 back by hand: the order stays paid for the bump.
      expect((await consoleCall(url, admin, `/orders/${second.orderId}/refund`, {})).status).toBe(200);
      await drainOutbox(server);
      expect((await orderRow(db, second.orderId)).status).toBe('paid');
      detail = await detailOf(second.orderId);
      expect(detail.purchase).toMatchObject({ paidCents: MAIN + BUMP, refundedCents: MAIN });
      expect(detail.hasAccess).toBe(true);
      expect(await revenue()).toBe(MAIN + BUMP);
      expect(await sourceRevenue()).toBe(MAIN + BUMP);
      expect(await csvNet(second.orderId)).toBe('9,90');
      expect(await reportRevenue(db)).toBe('R$ 29,80');
      expect(await itemStates()).toEqual([
        ['refunded', true],
        ['open', true],
      ]);

      const refundHooks = () =>
        hooks.requests
          .map((request) => new Webhook(WEBHOOK_SECRET).verify(request.body, request.headers) as RefundHook)
          .filter((hook) => hook.type === 'order.refunded');
      expect(refundHooks().map((hook) => hook.data)).toEqual([
        expect.objectContaining({
          id: second.orderId,
          status: 'paid',
          refund: { amount_cents: MAIN, items: [expect.objectContaining({ key: 'main' })] },
        }),
      ]);
      const gaRefunds = () =>
        ga.requests
          .map((request) => JSON.parse(request.body) as { events: Array<{ name: string; params: { value: number } }> })
          .filter((body) => body.events[0]!.name === 'refund');
      expect(gaRefunds()).toEqual([
        expect.objectContaining({
          events: [
            expect.objectContaining({
              params: expect.objectContaining({ value: 19.9, items: [expect.objectContaining({ item_id: expect.anything() })] }),
            }),
          ],
        }),
      ]);

      // The buyer never asked: their request for the bump is taken.
      const asked = await askRefund<{ error?: string; guarantee?: { canRequest: boolean; request: { status: string } } }>(url, cookie, {
        confirm: true,
        reason: 'not_for_me',
      });
      expect(asked.body.error).toBeUndefined();
      expect(asked.status).toBe(200);
      expect(asked.body.guarantee).toMatchObject({ canRequest: false, request: { status: 'requested' } });
      const rows = await rowsOfOrders(db, 'refunds', [second.orderId]);
      expect(rows.map((row) => [row.item, row.status, Number(row.amount_cents)]).sort()).toEqual([
        ['bump', 'requested', BUMP],
        ['main', 'refunded', MAIN],
      ]);
      detail = await detailOf(second.orderId);
      expect(detail.manualRefund).toMatchObject({
        amountCents: BUMP,
        charges: [{ itemKeys: ['bump'], amountCents: BUMP, providerName: 'TriboPay (sandbox)' }],
      });

      // "Reembolsar", then "Marcar como reembolsado" for the R$ 9,90: the order is reversed, nothing is left.
      expect((await consoleCall(url, admin, `/orders/${second.orderId}/refund/start`, {})).status).toBe(200);
      expect((await consoleCall(url, admin, `/orders/${second.orderId}/refund`, {})).status).toBe(200);
      await drainOutbox(server);
      expect((await orderRow(db, second.orderId)).status).toBe('reversed');
      detail = await detailOf(second.orderId);
      expect(detail.purchase).toMatchObject({ paidCents: MAIN + BUMP, refundedCents: MAIN + BUMP, openCents: 0, owedCents: 0 });
      expect(await revenue()).toBe(MAIN);
      expect(await csvNet(second.orderId)).toBe('0,00');
      expect(refundHooks().map((hook) => hook.data.refund)).toEqual([
        { amount_cents: MAIN, items: [expect.objectContaining({ key: 'main' })] },
        { amount_cents: BUMP, items: [expect.objectContaining({ key: 'bump' })] },
      ]);
      expect(gaRefunds().map((body) => body.events[0]!.params.value)).toEqual([19.9, 9.9]);

      // The first purchase refunded whole: Faturamento is the ledger's paid − refunded, nothing.
      expect((await consoleCall(url, admin, `/orders/${first.orderId}/refund`, {})).status).toBe(200);
      await drainOutbox(server);
      expect(await revenue()).toBe(0);
      expect(await sourceRevenue()).toBe(0);
      expect(await reportRevenue(db)).toBe('R$ 0,00');
      expect(refundHooks()).toHaveLength(3);
      expect(refundHooks()[2]!.data.refund).toEqual({ amount_cents: MAIN, items: [expect.objectContaining({ key: 'main' })] });
    });

    it('after the duplicate part is refunded, "Reembolsar" and "Marcar como reembolsado" still work for the remaining bump', async () => {
      const { server, db } = running;
      const url = server.url;
      const buyer = uniqueBuyer('Otávio Reis');
      await buyAndPay(running, { buyer });
      const second = await buyAndPay(running, { buyer, fields: { bump: true } });
      await drainOutbox(server);
      const admin = await signInToConsole(url, PASSWORD);
      expect((await consoleCall(url, admin, `/orders/${second.orderId}/refund`, {})).status).toBe(200);
      await drainOutbox(server);

      // No request from anyone: the seller's own refund of what is left.
      const detail = (await (await consoleCall(url, admin, `/orders/${second.orderId}`)).json()) as AdminOrderDetail;
      expect(detail.manualRefund).toMatchObject({ amountCents: BUMP, charges: [{ itemKeys: ['bump'] }] });
      expect((await consoleCall(url, admin, `/orders/${second.orderId}/refund/start`, {})).status).toBe(200);
      const rows = await rowsOfOrders(db, 'refunds', [second.orderId]);
      expect(rows.map((row) => [row.item, row.status]).sort()).toEqual([
        ['bump', 'approved'],
        ['main', 'refunded'],
      ]);
      expect((await consoleCall(url, admin, `/orders/${second.orderId}/refund`, {})).status).toBe(200);
      expect((await orderRow(db, second.orderId)).status).toBe('reversed');
    });
  });
}
