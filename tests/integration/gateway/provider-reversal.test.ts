import { describe, expect, it } from 'vitest';
import { POSTBACK_READ_INTERVAL_MS } from '../../../src/server/payment/provider-webhook.ts';
import type { MemberArea } from '../../../src/shared/access.ts';
import type { AdminOrderDetail, AdminOrderList, AdminOverview } from '../../../src/shared/admin.ts';
import { signInToConsole } from '../../support/clients.ts';
import { orderRow, rowsOfOrders } from '../../support/db-reads.ts';
import { buyWithPaidAddon, consoleCall, drainOutbox, memberVisit, sandboxSays } from '../../support/purchase.ts';
import { databases } from '../test-db.ts';
import { useTestServer, type TestServerRig } from '../../support/test-server.ts';

/**
 * A main order reversed at the provider (a refund made in its panel, a chargeback, a MED: the sandbox gateway's
 * transaction turns `refunded` and its postback is read back) takes its paid add-on with it, on SQLite and PostgreSQL.
 * By hand, the add-on's refund is listed in "Reembolsos pedidos"; in auto mode with gateway refunds, it is refunded
 * at the gateway at once. Either way the add-on's list closes, and nothing owed is left unlisted.
 */
const PASSWORD = 'senha-do-painel-estorno';
const MAIN = 1990;
const ADDON = 990;

/** The buyer pays the main product, then accepts the offer after payment and pays the add-on. */
async function mainWithAddon(running: TestServerRig) {
  const ids = await buyWithPaidAddon(running);
  await drainOutbox(running.server);
  return ids;
}

async function memberLists(running: TestServerRig, cookie: string): Promise<string[]> {
  const response = await fetch(`${running.server.url}/api/access`, { headers: { Cookie: cookie } });
  if (response.status !== 200) return [];
  return ((await response.json()) as MemberArea).extraLists.map((list) => list.key);
}

for (const database of databases) {
  describe(`a reversal at the provider on ${database.name}, refunds by hand`, () => {
    const running = useTestServer(database, () => ({ ADMIN_PASSWORD: PASSWORD, SUPPORT_EMAIL: 'ajuda@example.com' }), {
      smtp: true,
      clock: Date.UTC(2026, 10, 26, 15, 0, 0),
    });

    it('the main order reversed in the provider’s panel lists its paid add-on’s refund, and the add-on loses access', async () => {
      const { server, db } = running;
      const { mainId, addonId } = await mainWithAddon(running);
      const admin = await signInToConsole(server.url, PASSWORD);
      const call = async <T>(path: string) => (await (await consoleCall(server.url, admin, path)).json()) as T;

      // Later than the payment, so its postback is read at once rather than left to the reconciler.
      running.clock.now += POSTBACK_READ_INTERVAL_MS;
      await sandboxSays(server, db, mainId, 'refunded');
      await drainOutbox(server);
      expect((await orderRow(db, mainId)).status).toBe('reversed');

      // The add-on's R$ 9,90 is owed and listed for the seller.
      const rows = await rowsOfOrders(db, 'refunds', [addonId]);
      expect(rows.map((row) => [row.item, row.status, row.origin, Number(row.amount_cents)])).toEqual([
        ['bump', 'requested', 'reversal', ADDON],
      ]);
      const listed = await call<AdminOrderList>('/orders?status=refund_requested');
      expect(listed.orders.map((order) => order.id)).toContain(addonId);
      expect((await call<AdminOverview>('/overview')).refundRequests).toBe(1);
      const detail = await call<AdminOrderDetail>(`/orders/${addonId}`);
      expect(detail.hasAccess).toBe(false);
      expect(detail.purchase).toMatchObject({ paidCents: MAIN + ADDON, refundedCents: MAIN, owedCents: ADDON });
      expect(detail.manualRefund).toMatchObject({ amountCents: ADDON, charges: [{ orderId: addonId, itemKeys: ['bump'] }] });

      // "Marcar como reembolsado": the add-on is reversed too; Faturamento is back to nothing.
      expect((await consoleCall(server.url, admin, `/orders/${addonId}/refund`, {})).status).toBe(200);
      await drainOutbox(server);
      expect((await orderRow(db, addonId)).status).toBe('reversed');
      expect((await call<AdminOverview>('/overview')).totals.today.revenueCents).toBe(0);
      expect((await call<AdminOverview>('/overview')).refundRequests).toBe(0);
    });
  });

  describe(`a reversal at the provider on ${database.name}, REFUND_MODE=auto with gateway refunds`, () => {
    const running = useTestServer(
      database,
      () => ({ ADMIN_PASSWORD: PASSWORD, SUPPORT_EMAIL: 'ajuda@example.com', REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' }),
      { smtp: true, clock: Date.UTC(2026, 10, 26, 15, 0, 0) },
    );

    it('the add-on is refunded at the gateway at once, its gateway side ends done, and the member page loses it', async () => {
      const { server, db } = running;
      const { mainId, addonId } = await mainWithAddon(running);
      const { cookie } = await memberVisit(server.url, db, mainId, running.clock.now);
      expect((await memberLists(running, cookie)).length).toBe(1);

      // Later than the payment, so its postback is read at once rather than left to the reconciler.
      running.clock.now += POSTBACK_READ_INTERVAL_MS;
      await sandboxSays(server, db, mainId, 'refunded');
      await drainOutbox(server);

      expect((await orderRow(db, mainId)).status).toBe('reversed');
      expect((await orderRow(db, addonId)).status).toBe('reversed');
      const rows = await rowsOfOrders(db, 'refunds', [addonId]);
      expect(rows.map((row) => [row.item, row.status, row.origin, row.gateway_state])).toEqual([['bump', 'refunded', 'reversal', 'done']]);
      expect(await memberLists(running, cookie)).toEqual([]);
      const admin = await signInToConsole(server.url, PASSWORD);
      const detail = (await (await consoleCall(server.url, admin, `/orders/${addonId}`)).json()) as AdminOrderDetail;
      expect(detail).toMatchObject({ hasAccess: false, purchase: { refundedCents: MAIN + ADDON, owedCents: 0 } });
    });
  });
}
