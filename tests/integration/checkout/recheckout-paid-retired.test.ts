import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../../src/shared/admin.ts';
import type { OrderStatusReply } from '../../../src/shared/checkout.ts';
import { checkout as checkoutCopy } from '../../../src/content/checkout.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, ordersBy, rowsOfOrders } from '../../support/db-reads.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { consoleCall, drainOutbox } from '../../support/purchase.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * No charge payable twice (docs/money.md#one-payable-pix), on SQLite and PostgreSQL, against Woovi's stand-in. A buyer
 * makes a PIX for the main product (R$ 19,90), then checks out again with the bump (R$ 29,80); the first PIX is retired
 * and Woovi is asked to delete it (`DELETE /api/v1/charge/{id}`; a paid charge cannot be deleted, so its read says
 * COMPLETED). Once the shop knows the first PIX was paid, the R$ 29,80 PIX would charge the main product twice:
 * - known at the re-checkout (the first PIX paid with its webhook lost; the cancel's read finds it paid): the new PIX
 *   is cancelled at Woovi at once, and the buyer is shown what is left to pay, the bump's R$ 9,90;
 * - known later (the first PIX paid after the re-checkout, whose cancel got a 500): the same, from its webhook;
 * - both paid anyway (the second's cancel failed too): the repeated main product goes back through Woovi's part refund
 *   (`POST /api/v1/charge/{id}/refund` with `value`, "total ou parcial": developers.woovi.com docs/concepts/refund.md,
 *   docs/refund/charge-refund-create-api.mdx), without the seller; the console counts one sale of R$ 29,80.
 */
const PASSWORD = 'senha-do-painel-duas-vezes';
const MAIN = 1990;
const BUMP = 990;

for (const database of databases) {
  describe(`a retired PIX found paid cancels the charge that repeats it, on ${database.name}`, () => {
    let woovi: WooviStandIn;
    beforeAll(async () => {
      woovi = await startWooviStandIn();
      // Confirmed in the refund's answer (a documented ChargeRefund status), so one outbox run sees it end.
      woovi.refundsConfirm = 'in_answer';
    });
    afterAll(() => woovi?.stop());
    const running = useTestServer(
      database,
      () => ({
        ...providersEnv(['woovi'], { WOOVI_APP_ID: woovi.appId, WOOVI_WEBHOOK_PUBLIC_KEY: woovi.publicKey, WOOVI_API_URL: woovi.url }),
        ADMIN_PASSWORD: PASSWORD,
        REFUND_MODE: 'auto',
        GATEWAY_REFUNDS: '1',
      }),
      { ownPublicUrl: true },
    );

    const webhooks = (on: boolean) => {
      woovi.webhookUrl = on ? `${running.server.url}/api/webhooks/woovi` : null;
    };

    async function statusOf(orderId: string): Promise<OrderStatusReply> {
      return (await (await fetch(`${running.server.url}/api/orders/${orderId}`)).json()) as OrderStatusReply;
    }

    /** The buyer's two orders: the main-only one and the main + bump one. */
    async function ordersOf(email: string) {
      const rows = await ordersBy(running.db, 'buyer_email', email);
      return {
        first: rows.find((row) => Number(row.amount_cents) === MAIN)!,
        second: rows.find((row) => Number(row.amount_cents) === MAIN + BUMP)!,
      };
    }

    it('the first PIX paid with its webhook lost: the re-checkout finds it paid, and the R$ 29,80 PIX is cancelled at once', async () => {
      const { server, db } = running;
      const buyer = uniqueBuyer('Débora Antunes');
      webhooks(false);
      const first = await checkout(server.url, { buyer });
      const firstCharge = (await orderRow(db, first.body.orderId!)).charge_id!;
      await woovi.pay(firstCharge);

      const second = await checkout(server.url, { buyer, bump: true });
      await server.background.idle();
      // The buyer is shown what is left to pay, the bump's R$ 9,90, as an add-on of the paid order: not the main product again.
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      expect(second.body).toMatchObject({ amountCents: BUMP, items: [{ key: 'bump', priceCents: BUMP }] });
      const { first: a, second: b } = await ordersOf(buyer.email);
      expect(a.status).toBe('paid');
      expect(await orderRow(db, second.body.orderId!)).toMatchObject({ kind: 'addon', parent_order_id: a.id, status: 'pending' });
      expect(b).toMatchObject({ status: 'failed', replaced_by: a.id });
      expect(woovi.charges.has(b.charge_id!)).toBe(false);
      expect(woovi.charges.get((await orderRow(db, second.body.orderId!)).charge_id!)!.value).toBe(BUMP);
      expect(await statusOf(b.id)).toMatchObject({
        status: 'failed',
        replacedBy: a.public_ref,
        leftToPay: { amountCents: BUMP, items: [{ priceCents: BUMP }] },
      });
    });

    it('the first PIX paid after the re-checkout, its cancel answered 500: its webhook cancels the R$ 29,80 PIX', async () => {
      const { server, db } = running;
      const buyer = uniqueBuyer('Caio Ventura');
      webhooks(true);
      const first = await checkout(server.url, { buyer });
      const firstCharge = (await orderRow(db, first.body.orderId!)).charge_id!;
      woovi.scriptNext('delete', { kind: 'status', status: 500 });
      const second = await checkout(server.url, { buyer, bump: true });
      expect([second.status, second.body.amountCents]).toEqual([201, MAIN + BUMP]);
      await server.background.idle();
      const secondCharge = (await orderRow(db, second.body.orderId!)).charge_id!;
      expect(woovi.charges.has(firstCharge)).toBe(true);

      await woovi.pay(firstCharge);
      await server.background.idle();
      expect((await orderRow(db, first.body.orderId!)).status).toBe('paid');
      expect(await orderRow(db, second.body.orderId!)).toMatchObject({ status: 'failed', replaced_by: first.body.orderId });
      expect(woovi.charges.has(secondCharge)).toBe(false);
      expect(await statusOf(second.body.orderId!)).toMatchObject({ status: 'failed', leftToPay: { amountCents: BUMP } });
    });

    it('both paid anyway: the repeated main product goes back through Woovi’s part refund, and the console shows one sale', async () => {
      const { server, db } = running;
      const admin = await signInToConsole(server.url, PASSWORD);
      const revenue = async () =>
        ((await (await consoleCall(server.url, admin, '/overview')).json()) as AdminOverview).totals.today.revenueCents;
      const before = await revenue();
      const buyer = uniqueBuyer('Helena Quintas');
      webhooks(true);
      const first = await checkout(server.url, { buyer });
      const firstCharge = (await orderRow(db, first.body.orderId!)).charge_id!;
      woovi.scriptNext('delete', { kind: 'status', status: 500 });
      const second = await checkout(server.url, { buyer, bump: true });
      await server.background.idle();
      const secondCharge = (await orderRow(db, second.body.orderId!)).charge_id!;

      // The first is paid; the second's cancel fails as well, so its code stays payable, and the buyer pays it.
      woovi.scriptNext('delete', { kind: 'status', status: 500 });
      await woovi.pay(firstCharge);
      await server.background.idle();
      expect(woovi.charges.has(secondCharge)).toBe(true);
      await woovi.pay(secondCharge);
      await drainOutbox(server);

      const secondRow = await orderRow(db, second.body.orderId!);
      expect(secondRow).toMatchObject({ status: 'paid', duplicate_of: first.body.orderId });
      // Only the main product went back, through Woovi's API, with no one in the console.
      const refunds = woovi.charges.get(secondCharge)!.refunds.map((refund) => [refund.value, refund.status]);
      expect(refunds).toEqual([[MAIN, 'CONFIRMED']]);
      const rows = await rowsOfOrders(db, 'refunds', [secondRow.id]);
      expect(rows.map((row) => [row.item, row.status, row.origin, row.gateway_state])).toEqual([['main', 'refunded', 'duplicate', 'done']]);
      expect(await revenue()).toBe(before + MAIN + BUMP);
    });

    it('the first PIX, main + bump, paid with its webhook lost: a checkout of the main product alone is refused with 409 and says so', async () => {
      const { server, db } = running;
      const buyer = uniqueBuyer('Ícaro Moreira');
      webhooks(false);
      const first = await checkout(server.url, { buyer, bump: true });
      await woovi.pay((await orderRow(db, first.body.orderId!)).charge_id!);

      const second = await checkout(server.url, { buyer });
      await server.background.idle();
      // Not a provider failure (502): the buyer's own earlier PIX paid for everything, and the modal shows these words.
      expect([second.status, second.body.error]).toEqual([409, checkoutCopy.errors.paidElsewhere({ amountCents: 0, items: [] })]);
      expect((await orderRow(db, first.body.orderId!)).status).toBe('paid');
      const retired = (await ordersBy(db, 'buyer_email', buyer.email)).find((row) => row.id !== first.body.orderId)!;
      expect(retired).toMatchObject({ status: 'failed', replaced_by: first.body.orderId });
      expect(woovi.charges.has(retired.charge_id!)).toBe(false);
    });
  });
}
