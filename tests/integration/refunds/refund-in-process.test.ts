/**
 * A Mercado Pago refund that stays `in_process` (its documented refund status while the money is on its way), on
 * SQLite and PostgreSQL, over real HTTP against the Mercado Pago stand-in (tests/support/stand-ins, built from
 * https://www.mercadopago.com.br/developers/pt/docs/checkout-api/payment-management/cancellations-and-refunds and the
 * SDK's src/clients/paymentRefund/get). The console shows it as refunding ("em processamento"), the refund itself is
 * read back with `GET /v1/payments/{id}/refunds/{refund_id}` until it ends, never given up after 30 minutes while
 * Mercado Pago says it is in process, and its end sets the refund's gateway side to `done`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../src/shared/admin.ts';
import { REFUND_CONFIRM_WINDOW_MS } from '../../../src/server/refunds/gateway-refund.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, rowsOfOrders } from '../../support/db-reads.ts';
import { askRefund, buy, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import { REAL_GATEWAY_TEST_ENV } from '../../support/real-gateway-env.ts';
import {
  MP_STAND_IN_TOKEN,
  MP_STAND_IN_WEBHOOK_SECRET,
  startMercadoPagoStandIn,
  type MercadoPagoStandIn,
} from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

const PASSWORD = 'senha-do-painel-em-processo';

let standIn: MercadoPagoStandIn;
beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
});
afterAll(() => standIn.stop());

for (const database of databases) {
  describe(`a Mercado Pago refund in process on ${database.name}`, () => {
    const running = useTestServer(
      database,
      () => ({
        ...REAL_GATEWAY_TEST_ENV,
        ADMIN_PASSWORD: PASSWORD,
        SUPPORT_EMAIL: 'ajuda@example.com',
        PAYMENT_PROVIDERS: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: MP_STAND_IN_TOKEN,
        MERCADOPAGO_WEBHOOK_SECRET: MP_STAND_IN_WEBHOOK_SECRET,
        MERCADOPAGO_API_URL: standIn.url,
        CUSTOMER_DOCUMENT: '52998224725',
        REFUND_MODE: 'auto',
        GATEWAY_REFUNDS: '1',
      }),
      { smtp: true, clock: Date.UTC(2026, 10, 26, 15, 0, 0) },
    );

    it('reads as refunding, is read back with getRefund until Mercado Pago approves it, and ends done', async () => {
      const { server, db } = running;
      const { orderId } = await buy(server, { buyer: uniqueBuyer('Caetano Brito') });
      await server.background.idle();
      const paymentId = (await orderRow(db, orderId)).charge_id!;
      standIn.pay(paymentId);
      standIn.payments.get(Number(paymentId))!.notificationUrl = `${server.url}/api/webhooks/mercadopago`;
      expect((await standIn.notify(paymentId)).status).toBe(200);
      await server.background.idle();
      expect((await orderRow(db, orderId)).status).toBe('paid');

      standIn.refundOutcome = 'in_process';
      const { cookie } = await memberVisit(server.url, db, orderId, running.clock.now);
      expect((await askRefund(server.url, cookie, { confirm: true })).status).toBe(200);
      await drainOutbox(server);
      const refundReads = () =>
        standIn.requests.filter((request) => request.method === 'GET' && request.path.includes(`/${paymentId}/refunds/`)).length;

      // The console is used from the site's own address (PUBLIC_URL, which a real provider needs).
      const origin = running.env.PUBLIC_URL!;
      const admin = await signInToConsole(server.url, PASSWORD, origin);
      const detail = async () =>
        (await (await consoleCall(server.url, admin, `/orders/${orderId}`, undefined, { origin })).json()) as AdminOrderDetail;
      expect((await detail()).refund).toMatchObject({ status: 'approved', gateway: { state: 'pending' } });
      const [row] = await rowsOfOrders(db, 'refunds', [orderId]);
      expect(row).toMatchObject({ gateway_state: 'pending', gateway_refund_id: expect.stringMatching(/^\d+$/) });

      // Past the 30 minutes an unseen refund is given: still in process at Mercado Pago, so still refunding.
      running.clock.now += REFUND_CONFIRM_WINDOW_MS + 60_000;
      await drainOutbox(server);
      expect(refundReads()).toBeGreaterThan(0);
      expect((await detail()).refund).toMatchObject({ status: 'approved', gateway: { state: 'pending' } });
      expect(
        standIn.requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/${paymentId}/refunds`)),
      ).toHaveLength(1);

      // Mercado Pago approves it: the order is refunded and the refund's gateway side ends.
      standIn.finishRefund(row!.gateway_refund_id!);
      running.clock.now += 15 * 60_000;
      await drainOutbox(server);
      expect((await orderRow(db, orderId)).status).toBe('reversed');
      const [done] = await rowsOfOrders(db, 'refunds', [orderId]);
      expect(done).toMatchObject({ status: 'refunded', gateway_state: 'done' });
      standIn.refundOutcome = 'approved';
    });
  });
}
