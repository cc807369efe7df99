import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberArea } from '../../../src/shared/access.ts';
import type { AdminOrderDetail, AdminOverview } from '../../../src/shared/admin.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, outboxRows, rowsOfOrders, tableRows } from '../../support/db-reads.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { askRefund, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import {
  type MercadoPagoStandIn,
  mercadoPagoVariables,
  refundInPanel,
  startMercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { startEfiStandIn } from '../../support/providers/efi/efi-stand-in.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { startTestServer, useTestServer, type TestServer, type TestServerRig } from '../../support/test-server.ts';
import { databases, type TestDb } from '../test-db.ts';

/**
 * A refund the seller makes in the provider's own panel, whole or part, is part of the shop's books (docs/money.md#provider-side),
 * on SQLite and PostgreSQL, against the providers' stand-ins. The buyer pays main + bump (R$ 29,80); the seller refunds
 * R$ 9,90 in the panel and the provider's webhook arrives:
 * - the bump is refunded (its refund row done at the gateway, its list closed, "Reembolso feito" queued), the main
 *   product kept; Faturamento and the CSV's "Líquido" say R$ 19,90, what the provider kept;
 * - the buyer's later guarantee refund asks the provider for what is left, R$ 19,90, not R$ 29,80 (Woovi refuses more
 *   than is left with 400: "Valor do reembolso maior que o valor disponível da cobrança"), and the order ends refunded;
 * - an amount equal to no item's price (R$ 5,00) is recorded as a part refund of the purchase, shown to the seller,
 *   the access kept, and counted once however many times its webhook comes.
 * Woovi: refunds "total ou parcial" (developers.woovi.com docs/concepts/refund.md), listed beside the charge
 * (`GET /api/v1/charge/{id}/refund`, ChargeRefund status CONFIRMED), webhook OPENPIX:TRANSACTION_REFUND_RECEIVED.
 * Mercado Pago: a part refund leaves the payment `approved` with `status_detail: partially_refunded` and
 * `transaction_amount_refunded` (Payments reference "Get payment"; "Reembolsos e cancelamentos"), notified as a payment update.
 * Efí: a devolução made in its panel is one more entry in the Pix's `devolucoes` (`natureza` ORIGINAL, status DEVOLVIDO;
 * the Banco Central's API Pix openapi.yaml, `Pix.devolucoes`, as `GET /v2/cob/{txid}` and `GET /v2/pix/{e2eid}` return
 * it and the webhook carries it; dev.efipay.com.br/docs/api-pix/devolucoes), read back by the reconciler here.
 */
const PASSWORD = 'senha-do-painel-parcial';
const MAIN = 1990;
const BUMP = 990;
const WHOLE = MAIN + BUMP;

interface Provider {
  env(): Record<string, string>;
  /** The buyer pays the charge; the provider's webhook reaches the server. */
  pay(server: { url: string }, chargeId: string): Promise<void>;
  /** The seller refunds `cents` of the charge in the provider's panel; its webhook reaches the server. */
  refundInPanel(chargeId: string, cents: number): Promise<void>;
  /** The webhook of the last panel refund, sent again (a provider's retry). */
  replayRefundWebhook(server: { url: string }, chargeId: string): Promise<void>;
  /** The amounts refunded on the charge, in order (panel and API). */
  refunds(chargeId: string): number[];
  /** The amounts the shop asked for through the provider's refund API. */
  askedThroughApi(chargeId: string): number[];
  stop(): Promise<void>;
}

async function woovi(): Promise<Provider> {
  const standIn: WooviStandIn = await startWooviStandIn();
  // Confirmed in the refund's answer (a documented ChargeRefund status), so one outbox run sees it end.
  standIn.refundsConfirm = 'in_answer';
  return {
    env: () => ({ WOOVI_APP_ID: standIn.appId, WOOVI_WEBHOOK_PUBLIC_KEY: standIn.publicKey, WOOVI_API_URL: standIn.url }),
    async pay(server, chargeId) {
      standIn.webhookUrl = `${server.url}/api/webhooks/woovi`;
      await standIn.pay(chargeId);
      expect(standIn.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:CHARGE_COMPLETED', status: 200 });
    },
    async refundInPanel(chargeId, cents) {
      await standIn.refundInPanel(chargeId, cents);
      expect(standIn.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:TRANSACTION_REFUND_RECEIVED', status: 200 });
    },
    async replayRefundWebhook(server) {
      const delivered = standIn.deliveries.filter((delivery) => delivery.event === 'OPENPIX:TRANSACTION_REFUND_RECEIVED').at(-1)!;
      const response = await fetch(`${server.url}/api/webhooks/woovi`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-webhook-signature': delivered.headers['x-webhook-signature']! },
        body: delivered.body,
      });
      expect(response.status).toBe(200);
    },
    refunds: (chargeId) => standIn.charges.get(chargeId)!.refunds.map((refund) => refund.value),
    askedThroughApi: (chargeId) =>
      standIn.requests
        .filter((request) => request.method === 'POST' && request.path === `/api/v1/charge/${chargeId}/refund`)
        .map((request) => (request.body as { value: number }).value),
    stop: () => standIn.stop(),
  };
}

async function mercadoPago(): Promise<Provider> {
  const standIn: MercadoPagoStandIn = await startMercadoPagoStandIn();
  const payment = (id: string) => standIn.payments.get(Number(id))!;
  return {
    env: () => mercadoPagoVariables(standIn),
    async pay(_server, chargeId) {
      standIn.pay(chargeId);
      expect((await standIn.notify(chargeId)).status).toBe(200);
    },
    async refundInPanel(chargeId, cents) {
      const whole = refundInPanel(standIn, chargeId, cents).refundedCents === payment(chargeId).amountCents;
      // "Get payment": a part keeps `approved`; all of it reads `refunded`.
      expect(payment(chargeId)).toMatchObject(
        whole ? { status: 'refunded', statusDetail: 'refunded' } : { status: 'approved', statusDetail: 'partially_refunded' },
      );
      expect((await standIn.notify(chargeId)).status).toBe(200);
    },
    async replayRefundWebhook(_server, chargeId) {
      expect((await standIn.notify(chargeId)).status).toBe(200);
    },
    refunds: (chargeId) => payment(chargeId).refunds.map((refund) => refund.amountCents),
    askedThroughApi: (chargeId) =>
      standIn.requests
        .filter((request) => request.method === 'POST' && request.path === `/v1/payments/${chargeId}/refunds`)
        .map((request) => Math.round(((request.body as { amount: number }).amount ?? 0) * 100)),
    stop: () => standIn.stop(),
  };
}

const providers = [
  { id: 'woovi' as const, start: woovi },
  { id: 'mercadopago' as const, start: mercadoPago },
];

for (const database of databases) {
  for (const { id, start } of providers) {
    describe(`a refund in ${id}'s panel is part of the ledger, on ${database.name}`, () => {
      let provider: Provider;
      beforeAll(async () => {
        provider = await start();
      });
      afterAll(() => provider?.stop());
      const running = useTestServer(
        database,
        () => ({
          ...providersEnv([id], provider.env()),
          ADMIN_PASSWORD: PASSWORD,
          SUPPORT_EMAIL: 'ajuda@example.com',
          REFUND_MODE: 'auto',
          GATEWAY_REFUNDS: '1',
        }),
        { ownPublicUrl: true, smtp: true },
      );

      async function paidWithBump(name: string) {
        const { server, db } = running;
        const buyer = uniqueBuyer(name);
        const created = await checkout(server.url, { buyer, bump: true });
        expect([created.status, created.body.amountCents]).toEqual([201, WHOLE]);
        const orderId = created.body.orderId!;
        const chargeId = (await orderRow(db, orderId)).charge_id!;
        await provider.pay(server, chargeId);
        await drainOutbox(server);
        expect((await orderRow(db, orderId)).status).toBe('paid');
        return { buyer, orderId, chargeId };
      }

      async function console(running: TestServerRig) {
        const admin = await signInToConsole(running.server.url, PASSWORD);
        const call = async <T>(path: string) => (await (await consoleCall(running.server.url, admin, path)).json()) as T;
        return {
          revenue: async () => (await call<AdminOverview>('/overview')).totals.today.revenueCents,
          detail: (orderId: string) => call<AdminOrderDetail>(`/orders/${orderId}`),
          csvNet: async (email: string, orderId: string) => {
            const csv = await (await consoleCall(running.server.url, admin, `/orders.csv?q=${encodeURIComponent(email)}`)).text();
            return csv
              .split('\r\n')
              .find((line) => line.startsWith(orderId))
              ?.split(';')
              .at(-1);
          },
        };
      }

      async function memberLists(cookie: string): Promise<string[]> {
        const response = await fetch(`${running.server.url}/api/access`, { headers: { Cookie: cookie } });
        return response.status === 200 ? ((await response.json()) as MemberArea).extraLists.map((list) => list.key) : [];
      }

      it('R$ 9,90 refunded in the panel refunds the bump; a later guarantee refund asks only for the R$ 19,90 left', async () => {
        const { server, db } = running;
        const { buyer, orderId, chargeId } = await paidWithBump('Yara Pacheco');
        const seller = await console(running);
        const { cookie } = await memberVisit(server.url, db, orderId, Date.now());
        const listsBefore = await memberLists(cookie);
        expect(await seller.revenue()).toBe(WHOLE);

        await provider.refundInPanel(chargeId, BUMP);
        await drainOutbox(server);

        // The bump is refunded, done at the provider; the main product stays the buyer's.
        expect((await orderRow(db, orderId)).status).toBe('paid');
        const rows = await rowsOfOrders(db, 'refunds', [orderId]);
        expect(rows.map((row) => [row.item, row.status, row.gateway_state, Number(row.amount_cents)])).toEqual([
          ['bump', 'refunded', 'done', BUMP],
        ]);
        expect(await outboxRows(db, orderId, 'refund_done')).toHaveLength(1);
        expect((await memberLists(cookie)).length).toBe(listsBefore.length - 1);
        // What the provider kept, everywhere the seller reads it.
        expect(await seller.revenue()).toBe(MAIN);
        expect(await seller.csvNet(buyer.email, orderId)).toBe('19,90');
        const detail = await seller.detail(orderId);
        expect(detail.purchase).toMatchObject({ paidCents: WHOLE, refundedCents: BUMP, partRefundedCents: 0, openCents: MAIN });

        // The same webhook again records nothing more.
        await provider.replayRefundWebhook(server, chargeId);
        await drainOutbox(server);
        expect(await rowsOfOrders(db, 'refunds', [orderId])).toHaveLength(1);
        expect(await seller.revenue()).toBe(MAIN);

        // The buyer's guarantee refund: the provider is asked for what is left, and it goes through.
        expect((await askRefund(server.url, cookie)).status).toBe(200);
        await drainOutbox(server);
        expect(provider.askedThroughApi(chargeId)).toEqual([MAIN]);
        expect(provider.refunds(chargeId)).toEqual([BUMP, MAIN]);
        expect((await orderRow(db, orderId)).status).toBe('reversed');
        const after = await rowsOfOrders(db, 'refunds', [orderId]);
        expect(after.map((row) => [row.item, row.status])).toEqual([
          ['bump', 'refunded'],
          ['main', 'refunded'],
        ]);
        expect(await seller.revenue()).toBe(0);
      });

      it('the whole amount refunded in the panel ends the order refunded, and "Reembolso feito" goes to the buyer once', async () => {
        const { server, db } = running;
        const { orderId, chargeId } = await paidWithBump('Celina Barros');
        await provider.refundInPanel(chargeId, WHOLE);
        await drainOutbox(server);
        await provider.replayRefundWebhook(server, chargeId);
        await drainOutbox(server);
        expect((await orderRow(db, orderId)).status).toBe('reversed');
        const told = await outboxRows(db, orderId, 'refund_done%');
        expect(told).toHaveLength(1);
        expect(told[0]!.sent_at).not.toBeNull();
        expect(provider.askedThroughApi(chargeId)).toEqual([]);
      });

      it('an amount equal to no item is recorded as a part refund of the purchase: shown to the seller, access kept', async () => {
        const { server, db } = running;
        const { buyer, orderId, chargeId } = await paidWithBump('Otávio Brandão');
        const seller = await console(running);
        const revenueBefore = await seller.revenue();
        const { cookie } = await memberVisit(server.url, db, orderId, Date.now());
        const listsBefore = await memberLists(cookie);

        await provider.refundInPanel(chargeId, 500);
        await drainOutbox(server);
        await provider.replayRefundWebhook(server, chargeId);
        await drainOutbox(server);

        expect((await orderRow(db, orderId)).status).toBe('paid');
        expect(await rowsOfOrders(db, 'refunds', [orderId])).toEqual([]);
        const recorded = (await tableRows(db, 'provider_refunds')).filter((row) => row.order_id === orderId);
        expect(recorded.map((row) => [Number(row.amount_cents), row.item])).toEqual([[500, null]]);
        expect(await memberLists(cookie)).toEqual(listsBefore);
        expect(await seller.revenue()).toBe(revenueBefore - 500);
        expect(await seller.csvNet(buyer.email, orderId)).toBe('24,80');
        const detail = await seller.detail(orderId);
        expect(detail.hasAccess).toBe(true);
        expect(detail.purchase).toMatchObject({ paidCents: WHOLE, refundedCents: 500, partRefundedCents: 500, openCents: WHOLE });

        // The guarantee refund asks for what the provider still holds: R$ 24,80.
        expect((await askRefund(server.url, cookie)).status).toBe(200);
        await drainOutbox(server);
        expect(provider.askedThroughApi(chargeId)).toEqual([WHOLE - 500]);
        expect((await orderRow(db, orderId)).status).toBe('reversed');
        // "Reembolso feito" tells the buyer what this refund gave back.
        const told = (await outboxRows(db, orderId, 'refund_done')).map(
          (row) => JSON.parse(String(row.payload)) as { amountCents: number },
        );
        expect(told.map((payload) => payload.amountCents)).toEqual([WHOLE - 500]);
        expect(await seller.revenue()).toBe(revenueBefore - WHOLE);
      });
    });
  }
}

const HOUR = 60 * 60_000;

for (const database of databases) {
  describe(`a devolução in Efí's panel is part of the ledger, on ${database.name}`, () => {
    let efi: Awaited<ReturnType<typeof startEfiStandIn>>;
    let db: TestDb;
    let server: TestServer | undefined;
    const clock = { now: 0 };
    beforeAll(async () => {
      db = await database.create();
      efi = await startEfiStandIn();
    });
    afterAll(async () => {
      await server?.background.idle();
      await server?.stop();
      await efi?.stop();
      await db?.close();
    });

    /** A reconciler pass `ms` later: the paid charge is read back (its first re-read is an hour after payment). */
    async function readBack(ms: number) {
      clock.now += ms;
      await server!.reconciler.runOnce();
      await drainOutbox(server!);
    }
    /** The order is due for a read at once (as its doubling schedule would make it, later). */
    const dueNow = (orderId: string) => db.db.updateTable('orders').set({ next_check_at: clock.now }).where('id', '=', orderId).execute();

    it('R$ 9,90 given back in the panel refunds the bump, once; R$ 5,00 is a part refund; a later refund asks for what is left', async () => {
      clock.now = Date.now();
      server = await startTestServer(db, providersEnv(['efi'], efi.env(), { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' }), {
        ownPublicUrl: true,
        efiCa: efi.ca,
        now: () => clock.now,
      });
      const buyer = uniqueBuyer('Ênio Devolvido');
      const created = await checkout(server.url, { buyer, bump: true });
      expect([created.status, created.body.amountCents]).toEqual([201, WHOLE]);
      const orderId = created.body.orderId!;
      const txid = (await orderRow(db, orderId)).charge_id!;
      const endToEndId = efi.standIn.pay(txid);
      await readBack(2 * 60_000);
      expect((await orderRow(db, orderId)).status).toBe('paid');
      const { cookie } = await memberVisit(server.url, db, orderId, clock.now);

      efi.standIn.refundInPanel(endToEndId, BUMP);
      await readBack(HOUR + 60_000);
      expect((await orderRow(db, orderId)).status).toBe('paid');
      const rows = await rowsOfOrders(db, 'refunds', [orderId]);
      expect(rows.map((row) => [row.item, row.status, row.gateway_state, Number(row.amount_cents)])).toEqual([
        ['bump', 'refunded', 'done', BUMP],
      ]);
      // Read again: the same devolução records nothing more.
      await dueNow(orderId);
      await readBack(60_000);
      expect(await rowsOfOrders(db, 'refunds', [orderId])).toHaveLength(1);

      efi.standIn.refundInPanel(endToEndId, 500);
      await dueNow(orderId);
      await readBack(60_000);
      const recorded = (await tableRows(db, 'provider_refunds')).filter((row) => row.order_id === orderId);
      expect(recorded.map((row) => [Number(row.amount_cents), row.item])).toEqual([
        [BUMP, 'bump'],
        [500, null],
      ]);
      expect((await orderRow(db, orderId)).status).toBe('paid');

      // The guarantee refund asks Efí for what it still holds: R$ 29,80 − 9,90 − 5,00.
      expect((await askRefund(server.url, cookie)).status).toBe(200);
      await drainOutbox(server);
      const asked = efi.standIn.requests
        .filter((request) => request.method === 'PUT' && request.path.startsWith(`/v2/pix/${endToEndId}/devolucao/`))
        .map((request) => (JSON.parse(request.rawBody) as { valor: string }).valor);
      expect(asked).toEqual(['14.90']);
      expect(efi.standIn.violations).toEqual([]);
    });
  });
}
