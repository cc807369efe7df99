/**
 * "Pagar no app do banco" when the PIX provider is Mercado Pago (MERCADOPAGO_OPEN_FINANCE on): the order's PIX and a
 * second Mercado Pago payment in its Open Finance mode, end to end over real HTTP, on each database, with the
 * Mercado Pago stand-in (its Open Finance page and sources: tests/support/providers/mercadopago/mercadopago-stand-in.ts) and a
 * real SMTP server. docs/payments.md#mercado-pagos-open-finance-mode.
 */
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../../src/shared/admin.ts';
import { signInToConsole } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import {
  atMercadoPagoBank,
  lastBankPayment,
  MP_OPEN_FINANCE_PASSWORD as PASSWORD,
  startMercadoPagoOpenFinanceRig,
  type MercadoPagoOpenFinanceRig,
} from '../../support/mercadopago-open-finance-rig.ts';
import {
  accessMailsTo,
  placeOpenFinanceOrder,
  salesOf as salesIn,
  startBankPayment,
  useOpenFinanceRig,
} from '../../support/open-finance-rig.ts';
import { askRefund, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import type { MercadoPagoStandIn } from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import type { TestServer } from '../../support/test-server.ts';
import { databases, type TestDb } from '../test-db.ts';

for (const database of databases) {
  describe(`paying in the bank's app through Mercado Pago's Open Finance mode, on ${database.name}`, () => {
    let db: TestDb;
    let rig: MercadoPagoOpenFinanceRig;
    let mp: MercadoPagoStandIn;
    let server: TestServer;
    const now = () => rig.now();

    useOpenFinanceRig(database, startMercadoPagoOpenFinanceRig, (started, startedDb) => {
      rig = started;
      db = startedDb;
      ({ mp, server } = rig);
    });

    const placeOrder = (name: string) => placeOpenFinanceOrder(rig, db, name);
    // No bank to pick: Mercado Pago's page asks for it.
    const start = (orderId: string, viewKey: string) => startBankPayment(rig, orderId, viewKey, undefined);
    const atTheBank = (paymentId: number, approve: boolean) => atMercadoPagoBank(rig, paymentId, approve);
    const accessMails = (email: string) => accessMailsTo(rig, email);
    const salesOf = (email: string) => salesIn(db, email);
    const refundCallsOf = (paymentId: number | string) =>
      mp.requests.filter((request) => request.method === 'POST' && request.path === `/v1/payments/${paymentId}/refunds`);
    const createOf = (paymentId: number) =>
      mp.requests.find(
        (request) =>
          request.method === 'POST' &&
          request.path === '/v1/payments' &&
          (request.body as { external_reference?: string }).external_reference === mp.payments.get(paymentId)?.externalReference,
      )!;

    async function consoleDetail(orderId: string, cookie: string): Promise<AdminOrderDetail> {
      const response = await consoleCall(server.url, cookie, `/orders/${orderId}`, undefined, { origin: server.url });
      expect(response.status).toBe(200);
      return (await response.json()) as AdminOrderDetail;
    }

    it('the button opens Mercado Pago\'s own page: a second payment "linked_to openfinance" with the CPF and the way back', async () => {
      const { buyer, viewKey, order } = await placeOrder('Lia Campos');
      expect((await start(order.id, 'x'.repeat(40))).status).toBe(404);
      const first = await start(order.id, viewKey);
      expect(first.status).toBe(200);
      const { redirectUri } = (await first.json()) as { redirectUri: string };
      const payment = lastBankPayment(rig);
      expect(redirectUri.startsWith(`${mp.url}/payments/${payment.id}/openfinance?`)).toBe(true);
      // Tapped twice while it waits: the same payment.
      expect(await (await start(order.id, viewKey)).json()).toEqual({ redirectUri });
      expect([...mp.payments.values()].filter((each) => each.externalReference === payment.externalReference)).toHaveLength(1);
      const create = createOf(payment.id);
      expect(create.body).toMatchObject({
        transaction_amount: 19.9,
        payment_method_id: 'pix',
        point_of_interaction: { linked_to: 'openfinance' },
        payer: { email: buyer.email, identification: { type: 'CPF', number: buyer.document } },
        callback_url: `${server.url}/api/open-finance/volta`,
        notification_url: `${server.url}/api/webhooks/mercadopago-open-finance`,
      });
      expect(payment.externalReference).toContain(order.id);
      const pixCreate = mp.requests.find((request) => request.method === 'POST' && request.path === '/v1/payments' && request !== create)!;
      expect(create.headers['x-idempotency-key']).not.toBe(pixCreate.headers['x-idempotency-key']);
      // Mercado Pago's page is where the buyer picks the bank.
      const page = await fetch(redirectUri);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Confirmar pagamento');
    });

    it('approved at the bank: the order is paid, one access e-mail, its PIX cancelled at Mercado Pago, one sale', async () => {
      const { buyer, viewKey, order } = await placeOrder('Caio Teles');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = lastBankPayment(rig);
      // Mercado Pago's notification alone settles it, before the buyer is back.
      const back = await mp.decideAtBank(payment.id, true);
      await server.background.idle();
      expect((await orderRow(db, order.id)).status).toBe('paid');
      const landing = await fetch(back, { redirect: 'manual' });
      expect(landing.headers.get('location')).toMatch(new RegExp(`^/pedido/${order.public_ref}\\?banco=pago#k=[\\w-]{32}$`));
      await server.outbox.runOnce();
      expect(accessMails(buyer.email)).toHaveLength(1);
      expect(mp.payments.get(Number(order.charge_id))?.status).toBe('cancelled');
      expect(() => mp.pay(order.charge_id!)).toThrow(/not pending/);
      expect(refundCallsOf(payment.id)).toHaveLength(0);
      await server.outbox.runOnce();
      expect(accessMails(buyer.email)).toHaveLength(1);
      expect(await salesOf(buyer.email)).toHaveLength(1);
    });

    it('refused at the bank: the order waits, its PIX code still pays, and the button starts a new payment', async () => {
      const { buyer, viewKey, order } = await placeOrder('Otávio Reis');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const refused = lastBankPayment(rig);
      const location = await atTheBank(refused.id, false);
      expect(location).toBe(`/pedido/${order.public_ref}?banco=recusado`);
      expect((await orderRow(db, order.id)).status).toBe('pending');
      expect(mp.payments.get(Number(order.charge_id))?.status).toBe('pending');
      expect(accessMails(buyer.email)).toHaveLength(0);
      expect((await start(order.id, viewKey)).status).toBe(200);
      expect(lastBankPayment(rig).id).not.toBe(refused.id);
      // The PIX code, paid after all: the order is paid by it.
      mp.pay(order.charge_id!);
      expect((await mp.notify(order.charge_id!)).status).toBe(200);
      await server.background.idle();
      await drainOutbox(server);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(accessMails(buyer.email)).toHaveLength(1);
    });

    it('paid both ways: one sale, and the Open Finance payment is refunded at Mercado Pago automatically', async () => {
      const { buyer, viewKey, order } = await placeOrder('Rita Nogueira');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = lastBankPayment(rig);
      // The buyer also paid the PIX code (its notification not yet in).
      mp.pay(order.charge_id!);
      await atTheBank(payment.id, true);
      await drainOutbox(server);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(accessMails(buyer.email)).toHaveLength(1);
      expect(refundCallsOf(payment.id)).toHaveLength(1);
      expect(JSON.parse(refundCallsOf(payment.id)[0]!.rawBody)).toEqual({ amount: 19.9 });
      expect(mp.payments.get(payment.id)?.status).toBe('refunded');
      expect(refundCallsOf(order.charge_id!)).toHaveLength(0);
      expect(await salesOf(buyer.email)).toHaveLength(1);
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      expect(await consoleDetail(order.id, admin)).toMatchObject({ status: 'paid', hasAccess: true });
      // Notified again: nothing more goes back.
      expect((await mp.notify(payment.id)).status).toBe(200);
      await server.background.idle();
      expect(refundCallsOf(payment.id)).toHaveLength(1);
    });

    it('the PIX paid after the bank app paid, its cancel lost at Mercado Pago: one sale, the Open Finance payment refunded', async () => {
      const { buyer, viewKey, order } = await placeOrder('Yara Pinto');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = lastBankPayment(rig);
      // Mercado Pago does not take the cancel: the PIX code stays payable.
      mp.scriptNext('cancel', { kind: 'status', status: 503 });
      await atTheBank(payment.id, true);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(mp.payments.get(Number(order.charge_id))?.status).toBe('pending');
      expect(refundCallsOf(payment.id)).toHaveLength(0);

      mp.pay(order.charge_id!);
      expect((await mp.notify(order.charge_id!)).status).toBe(200);
      await server.background.idle();
      await drainOutbox(server);
      expect(refundCallsOf(payment.id)).toHaveLength(1);
      expect(refundCallsOf(order.charge_id!)).toHaveLength(0);
      // Notified again: nothing more goes back, and the buyer got one access e-mail.
      expect((await mp.notify(order.charge_id!)).status).toBe(200);
      await server.background.idle();
      expect(refundCallsOf(payment.id)).toHaveLength(1);
      expect(accessMails(buyer.email)).toHaveLength(1);
      expect(await salesOf(buyer.email)).toHaveLength(1);
    });

    it('approved with the notification and the way back both lost: the reconciler confirms it after a minute', async () => {
      const { buyer, viewKey, order } = await placeOrder('Irene Matos');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = lastBankPayment(rig);
      await mp.decideAtBank(payment.id, true, { notify: false });
      await server.reconciler.runOnce();
      expect((await orderRow(db, order.id)).status).toBe('pending');
      rig.advance(61_000);
      await server.reconciler.runOnce();
      await drainOutbox(server);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(accessMails(buyer.email)).toHaveLength(1);
      expect(mp.payments.get(Number(order.charge_id))?.status).toBe('cancelled');
    });

    it('never used, the payment expires at Mercado Pago (60 minutes): the PIX code still pays, the button starts a new one', async () => {
      const { viewKey, order } = await placeOrder('Dora Lins');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const expired = lastBankPayment(rig);
      mp.expire(expired.id);
      expect((await mp.notify(expired.id)).status).toBe(200);
      await server.background.idle();
      const row = await db.db
        .selectFrom('open_finance_payments')
        .selectAll()
        .where('payment_id', '=', String(expired.id))
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('expired');
      expect((await orderRow(db, order.id)).status).toBe('pending');
      expect(mp.payments.get(Number(order.charge_id))?.status).toBe('pending');
      expect((await start(order.id, viewKey)).status).toBe(200);
      expect(lastBankPayment(rig).id).not.toBe(expired.id);
    });

    it('an unsigned notification to the Open Finance webhook is refused', async () => {
      const response = await fetch(`${server.url}/api/webhooks/mercadopago-open-finance?data.id=123&type=payment`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'payment', data: { id: '123' } }),
      });
      expect(response.status).toBe(401);
    });

    it("the buyer's refund of an order paid in the bank's app goes to the Open Finance payment, not the cancelled PIX", async () => {
      const { buyer, viewKey, order } = await placeOrder('Helena Prado');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = lastBankPayment(rig);
      await atTheBank(payment.id, true);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      const { cookie } = await memberVisit(server.url, db, order.id, now());
      expect((await askRefund(server.url, cookie, { confirm: true })).status).toBe(200);
      await drainOutbox(server);
      expect(refundCallsOf(payment.id)).toHaveLength(1);
      expect(refundCallsOf(order.charge_id!)).toHaveLength(0);
      expect(mp.payments.get(payment.id)?.status).toBe('refunded');
      expect((await orderRow(db, order.id)).status).toBe('reversed');
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      expect(await consoleDetail(order.id, admin)).toMatchObject({ hasAccess: false });
      expect(await salesOf(buyer.email)).toHaveLength(0);
    });
  });
}
