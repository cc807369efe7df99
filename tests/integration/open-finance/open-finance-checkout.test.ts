/**
 * "Pagar no app do banco": an order's PIX and its Efí Open Finance payment, end to end over real HTTP, on each
 * database, with the API Pix stand-in, the Open Finance stand-in and its bank page (their sources are cited in
 * tests/integration/open-finance/provider-efi-open-finance.test.ts and provider-efi.test.ts), and a real SMTP server.
 */
import { describe, expect, it } from 'vitest';
import type { AdminHealth, AdminOrderDetail } from '../../../src/shared/admin.ts';
import { fetchFrom, newClientAddress, signInToConsole } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import { waitFor } from '../../support/wait.ts';
import { askRefund, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import {
  accessMailsTo,
  approvedUnheard,
  atTheBank as decideAtTheBank,
  comeBackWithKey,
  isBankReturnEmail,
  isPixReturnEmail,
  OPEN_FINANCE_BANK as BANK,
  OPEN_FINANCE_PASSWORD as PASSWORD,
  placeOpenFinanceOrder,
  salesOf as salesIn,
  startBankPayment,
  startOpenFinanceRig,
  useOpenFinanceRig,
  type OpenFinanceRig,
} from '../../support/open-finance-rig.ts';
import { LISTING_READS_PER_PASS } from '../../../src/server/open-finance/open-finance-service.ts';
import { RECONCILE_INTERVAL_MS } from '../../../src/server/payment/reconciliation.ts';
import { FIRST_PAUSE_MS } from '../../../src/server/background-reads/background-reads.ts';
import {
  STAND_IN_PARTICIPANTS,
  type EfiOpenFinanceStandIn,
  type HeldPayment,
} from '../../support/providers/efi/efi-open-finance-stand-in.ts';
import type { TestServer } from '../../support/test-server.ts';
import { heldAtEfi as heldFor } from '../purchase/purchase-model-open-finance.ts';
import { databases, type TestDb } from '../test-db.ts';

/** Past the gateway refund row's longest backoff (15 min), so the next outbox run finds it due. */
const PAST_BACKOFF_MS = 20 * 60_000;

for (const database of databases) {
  describe(`paying in the bank's app (Open Finance) beside the PIX, on ${database.name}`, () => {
    let db: TestDb;
    let rig: OpenFinanceRig;
    let efi: OpenFinanceRig['efi'];
    let bank: EfiOpenFinanceStandIn;
    let server: TestServer;
    const now = () => rig.now();

    useOpenFinanceRig(database, startOpenFinanceRig, (started, startedDb) => {
      rig = started;
      db = startedDb;
      ({ efi, bank, server } = rig);
    });

    const placeOrder = (name: string) => placeOpenFinanceOrder(rig, db, name);
    const start = (orderId: string, viewKey: string, participantId = BANK) => startBankPayment(rig, orderId, viewKey, participantId);
    const atTheBank = (paymentId: string, approve: boolean) => decideAtTheBank(rig, paymentId, approve);

    const accessMails = (email: string) => accessMailsTo(rig, email);
    const salesOf = (email: string) => salesIn(db, email);
    const startedPayment = () => [...bank.payments.values()].at(-1)!;

    it('lists the banks, searchable', async () => {
      const all = (await (await fetch(`${server.url}/api/open-finance/bancos`)).json()) as { banks: Array<{ name: string }> };
      expect(all.banks.map((b) => b.name).sort()).toEqual(STAND_IN_PARTICIPANTS.map((p) => p.nome).sort());
      const found = (await (await fetch(`${server.url}/api/open-finance/bancos?q=nu`)).json()) as { banks: Array<{ name: string }> };
      expect(found.banks.map((b) => b.name)).toEqual(['Nu Stand-in']);
    });

    it('approved at the bank: the order is paid, one access e-mail, the PIX no longer payable, the bank chosen listed first', async () => {
      const { buyer, viewKey, order } = await placeOrder('Lia Campos');
      expect((await start(order.id, 'x'.repeat(40))).status).toBe(404);
      const first = await start(order.id, viewKey);
      expect(first.status).toBe(200);
      const { redirectUri } = (await first.json()) as { redirectUri: string };
      expect(redirectUri.startsWith(bank.bankUrl)).toBe(true);
      // Tapped twice: the same payment.
      expect(await (await start(order.id, viewKey)).json()).toEqual({ redirectUri });
      const payment = startedPayment();
      expect(payment.body).toMatchObject({
        pagador: { idParticipante: BANK, cpf: buyer.document },
        detalhes: { valor: '19.90', idProprio: order.id },
      });

      const location = await atTheBank(payment.identificadorPagamento, true);
      expect(location).toBe(`/pedido/${order.public_ref}?banco=pago`);
      const paid = await orderRow(db, order.id);
      expect(paid.status).toBe('paid');
      expect(accessMails(buyer.email)).toHaveLength(1);
      expect(efi.standIn.cob(order.charge_id!)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect(() => efi.standIn.pay(order.charge_id!)).toThrow(/no payable cob/);
      // The callback read twice (webhook, then the way back) sends nothing more.
      await server.outbox.runOnce();
      expect(accessMails(buyer.email)).toHaveLength(1);

      const banks = (await (await fetch(`${server.url}/api/open-finance/bancos`)).json()) as { banks: Array<{ id: string }> };
      expect(banks.banks[0]!.id).toBe(BANK);
    });

    it('the callback and the way back read the payment at the same moment: one sale, nothing returned', async () => {
      const { buyer, viewKey, order } = await placeOrder('Caetano Brito');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = startedPayment();
      const back = await bank.decide(payment.identificadorPagamento, true);
      const landings = await Promise.all([fetch(back, { redirect: 'manual' }), fetch(back, { redirect: 'manual' })]);
      await server.background.idle();
      await server.outbox.runOnce();
      // The fragment carries the order's e-mailed key, for a bank app that opens a new tab.
      expect(landings.map((landing) => landing.headers.get('location')?.split('#')[0])).toEqual([
        `/pedido/${order.public_ref}?banco=pago`,
        `/pedido/${order.public_ref}?banco=pago`,
      ]);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(accessMails(buyer.email)).toHaveLength(1);
      expect(bank.requests.filter((request) => request.path.endsWith('/devolver'))).toHaveLength(0);
      expect(payment.devolucoes).toHaveLength(0);
    });

    it('refused at the bank: the order waits, and its PIX can still be paid', async () => {
      const { buyer, viewKey, order } = await placeOrder('Otávio Reis');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const location = await atTheBank(startedPayment().identificadorPagamento, false);
      expect(location).toBe(`/pedido/${order.public_ref}?banco=recusado`);
      expect((await orderRow(db, order.id)).status).toBe('pending');
      expect(efi.standIn.cob(order.charge_id!)?.status).toBe('ATIVA');
      expect(accessMails(buyer.email)).toHaveLength(0);
      // Tried again at the same bank after a refusal: a new payment.
      expect((await start(order.id, viewKey)).status).toBe(200);
      expect(startedPayment().status).toBe('pendente');
    });

    it('a bank Efí does not list is refused here, before the CPF reaches Efí', async () => {
      const { viewKey, order } = await placeOrder('Noé Lacerda');
      const sent = bank.requests.length;
      const refused = await start(order.id, viewKey, '0d1e2f30-aaaa-4bbb-8ccc-000000000000');
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'Este banco não está na lista do pagamento pelo app do banco. Escolha outro ou use o código PIX.',
      );
      expect(bank.requests.slice(sent).filter((request) => request.path === '/v1/pagamentos/pix')).toHaveLength(0);
    });

    it('tapping the bank again while its payment waits costs nothing; once the hour is spent, the message says the wait and the PIX code', async () => {
      const { viewKey, order } = await placeOrder('Tomás Viana');
      const from = fetchFrom(newClientAddress());
      const tap = () =>
        from(`${server.url}/api/orders/${order.id}/open-finance`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Order-Key': viewKey },
          body: JSON.stringify({ participantId: BANK }),
        });
      const first = await tap();
      expect(first.status).toBe(200);
      const { redirectUri } = (await first.json()) as { redirectUri: string };
      // Past the checkout's 10 an hour, the same waiting payment each time.
      for (let again = 0; again < 11; again++) expect(await (await tap()).json()).toEqual({ redirectUri });
      // Each refusal and new tap is a new payment: nine more spend the hour's ten.
      for (let paid = 1; paid < 10; paid++) {
        await atTheBank(startedPayment().identificadorPagamento, false);
        expect((await tap()).status).toBe(200);
      }
      await atTheBank(startedPayment().identificadorPagamento, false);
      const spent = await tap();
      expect(spent.status).toBe(429);
      expect(((await spent.json()) as { error: string }).error).toMatch(
        /^Muitas tentativas de pagar pelo app do banco\. Você pode tentar de novo em (\d+) minutos\. Enquanto isso, o código PIX deste pedido continua valendo/,
      );
    });

    it('paid both ways: one sale, and the Open Finance payment goes back automatically', async () => {
      const { buyer, viewKey, order } = await placeOrder('Rita Nogueira');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = startedPayment();
      // The buyer also paid the PIX code (its callback not yet in).
      efi.standIn.pay(order.charge_id!);
      const { location, contactKey } = await comeBackWithKey(rig, await bank.decide(payment.identificadorPagamento, true));
      expect(location).toBe(`/pedido/${order.public_ref}?banco=pago`);
      const paid = await orderRow(db, order.id);
      expect(paid.status).toBe('paid');
      expect(accessMails(buyer.email)).toHaveLength(1);
      // The page the bank hands the buyer back to says which payment goes back, from the recorded return; only to the key.
      const page = async (key: string) =>
        (await (await fetch(`${server.url}/api/order-page/${order.public_ref}`, { headers: { 'X-Order-Contact': key } })).json()) as {
          status: string;
          bankReturnedCents?: number;
        };
      expect(await page(contactKey!)).toMatchObject({ status: 'paid', bankReturnedCents: 1990 });
      expect(await page('z'.repeat(32))).not.toHaveProperty('bankReturnedCents');
      const returns = bank.requests.filter((request) => request.path.endsWith('/devolver'));
      expect(returns).toHaveLength(1);
      expect(bank.payments.get(payment.identificadorPagamento)?.devolucoes).toHaveLength(1);
      expect(await salesOf(buyer.email)).toHaveLength(1);
      const row = await db.db.selectFrom('open_finance_payments').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
      expect(row.returned_at).not.toBeNull();
      // The buyer is told which payment goes back, once.
      await drainOutbox(server);
      const told = rig.smtp.received.filter((mail) => mail.to.includes(buyer.email) && isBankReturnEmail(mail));
      expect(told).toHaveLength(1);
    });

    it('paid both ways, the devolução refused by Efí: asked again with backoff, made once, shown in the order and Saúde while it fails, and the buyer told once', async () => {
      const { buyer, viewKey, order } = await placeOrder('Sofia Prates');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = startedPayment();
      // Efí's "Devolução" page (dev.efipay.com.br/docs/api-open-finance/, mirrored in github.com/mpaivaana/error-report
      // docs/api-open-finance/devolucao.md, commit e2f42d5) lists this 422 among a devolução's refusals.
      const refused = {
        kind: 'status',
        status: 422,
        body: JSON.stringify({ nome: 'saldo_devolucao_insuficiente', mensagem: 'O valor da devolução ultrapassou o valor recebido' }),
      } as const;
      for (let time = 0; time < 3; time++) bank.script('POST', '/pagamentos/pix/', refused);
      // Then once no answer at all: the devolução is not known to be made, so it is asked again under the same key.
      bank.script('POST', '/pagamentos/pix/', { kind: 'status', status: 500 });
      efi.standIn.pay(order.charge_id!);
      await comeBackWithKey(rig, await bank.decide(payment.identificadorPagamento, true));
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(returnsOf(payment.identificadorPagamento)).toHaveLength(1);
      expect(payment.devolucoes).toHaveLength(0);
      const told = () => rig.smtp.received.filter((mail) => mail.to.includes(buyer.email) && isBankReturnEmail(mail));
      await drainOutbox(server);
      expect(told()).toHaveLength(0);

      const { steps, returnsCheck } = await returnViews(order.id, 'Devolução do pagamento no app do banco');
      expect(await steps()).toMatchObject([{ kind: 'email_queued' }]);
      expect(await returnsCheck()).toBeUndefined();
      // Not before its time: the outbox waits out the backoff, then asks Efí again.
      await drainOutbox(server);
      expect(returnsOf(payment.identificadorPagamento)).toHaveLength(1);
      for (let retry = 2; retry <= 3; retry++) {
        rig.advance(PAST_BACKOFF_MS);
        await drainOutbox(server);
        expect(returnsOf(payment.identificadorPagamento)).toHaveLength(retry);
      }
      expect(await steps()).toMatchObject([{ kind: 'email_failed', detail: expect.stringContaining('saldo_devolucao_insuficiente') }]);
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      // Three failures: Saúde names it, with what to do.
      expect(await returnsCheck()).toMatchObject({ ok: false, detail: expect.stringContaining(order.id), fix: expect.any(String) });
      expect(payment.devolucoes).toHaveLength(0);
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      // Made once, under the return's own key; read again later, nothing more goes back.
      expect(payment.devolucoes).toHaveLength(1);
      expect(payment.devolucoes[0]).toMatchObject({ valor: '19.90' });
      const keys = new Set(returnsOf(payment.identificadorPagamento).map((request) => request.headers['x-idempotency-key']));
      expect(keys.size).toBe(1);
      rig.advance(61 * 60_000);
      await server.reconciler.runOnce();
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      expect(payment.devolucoes).toHaveLength(1);
      expect(await steps()).toMatchObject([{ kind: 'email_sent' }]);
      expect(await returnsCheck()).toBeUndefined();
      expect(told()).toHaveLength(1);
      expect(await salesOf(buyer.email)).toHaveLength(1);
    });

    it('the PIX paid after the bank app paid, its cancel lost at Efí: one sale, and the Open Finance payment goes back', async () => {
      const { buyer, viewKey, order } = await placeOrder('Yara Pinto');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = startedPayment();
      // Efí's API Pix does not take the cancel: the PIX code stays payable.
      efi.standIn.script('PATCH', '/v2/cob/', { kind: 'status', status: 503 });
      await atTheBank(payment.identificadorPagamento, true);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(efi.standIn.cob(order.charge_id!)?.status).toBe('ATIVA');
      expect(payment.devolucoes).toHaveLength(0);

      efi.standIn.pay(order.charge_id!);
      // The reconciler reads a paid order's charge again an hour after payment.
      rig.advance(61 * 60_000);
      await server.reconciler.runOnce();
      await drainOutbox(server);
      expect(returnsOf(payment.identificadorPagamento)).toHaveLength(1);
      expect(JSON.parse(returnsOf(payment.identificadorPagamento)[0]!.rawBody)).toEqual({ valor: '19.90' });
      // Read again: nothing more goes back, and the buyer got one access e-mail.
      await server.reconciler.runOnce();
      expect(returnsOf(payment.identificadorPagamento)).toHaveLength(1);
      expect(accessMails(buyer.email)).toHaveLength(1);
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      const detail = await consoleDetail(order.id, admin);
      expect(detail).toMatchObject({ status: 'paid', hasAccess: true });
      expect(await salesOf(buyer.email)).toHaveLength(1);
    });

    /** Paid in the bank's app with the PIX's cancel lost at Efí, then given back by the seller from their own account. */
    async function markedRefundedByHand(name: string) {
      const { buyer, viewKey, order } = await placeOrder(name);
      expect((await start(order.id, viewKey)).status).toBe(200);
      const payment = startedPayment();
      efi.standIn.script('PATCH', '/v2/cob/', { kind: 'status', status: 503 });
      await atTheBank(payment.identificadorPagamento, true);
      efi.standIn.clearScripts();
      expect((await orderRow(db, order.id)).status).toBe('paid');
      // "Marcar como reembolsado" asks nothing of Efí.
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      const marked = await consoleCall(server.url, admin, `/orders/${order.id}/refund`, {}, { origin: server.url });
      expect(marked.status).toBe(200);
      expect(payment.devolucoes).toHaveLength(0);
      return { buyer, order, payment, admin };
    }

    it('marked refunded by hand, then its PIX paid (the cancel lost): the Open Finance payment goes back, once', async () => {
      const { buyer, order, payment, admin } = await markedRefundedByHand('Otávio Reis');

      // The buyer then pays the PIX that stayed payable: Efí holds both payments for a purchase the buyer no longer has.
      await pixPaid(order.charge_id!);
      expect(returnsOf(payment.identificadorPagamento)).toHaveLength(1);
      expect(JSON.parse(returnsOf(payment.identificadorPagamento)[0]!.rawBody)).toEqual({ valor: '19.90' });
      // Told again: nothing more goes back.
      await pixWebhook(order.charge_id!);
      expect(returnsOf(payment.identificadorPagamento)).toHaveLength(1);
      expect(await consoleDetail(order.id, admin)).toMatchObject({ status: 'reversed', hasAccess: false });
      // The buyer is told, once, that a payment goes back.
      expect(rig.smtp.received.filter((mail) => mail.to.includes(buyer.email) && isBankReturnEmail(mail))).toHaveLength(1);
    });

    /** Efí's API Pix tells the shop the order's PIX was paid (its notification lists the PIX). */
    async function pixWebhook(chargeId: string) {
      const response = await fetch(`${server.url}/api/webhooks/efi/pix`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Client-Verified': 'SUCCESS' },
        body: JSON.stringify({ pix: efi.standIn.cob(chargeId)!.pix }),
      });
      expect(response.status).toBe(200);
      await server.background.idle();
    }

    /** Paid in the bank's app with the PIX's cancel lost at Efí, then the buyer's guarantee refund asked of that payment (pending at Efí). */
    async function refundAskedOfBankPayment(name: string) {
      const { buyer, viewKey, order } = await placeOrder(name);
      expect((await start(order.id, viewKey)).status).toBe(200);
      const paymentId = startedPayment().identificadorPagamento;
      efi.standIn.script('PATCH', '/v2/cob/', { kind: 'status', status: 503 });
      await atTheBank(paymentId, true);
      efi.standIn.clearScripts();
      expect(efi.standIn.cob(order.charge_id!)?.status).toBe('ATIVA');
      const { cookie } = await memberVisit(server.url, db, order.id, now());
      expect((await askRefund(server.url, cookie, { confirm: true })).status).toBe(200);
      await drainOutbox(server);
      expect(returnsOf(paymentId)).toHaveLength(1);
      return { buyer, order, paymentId };
    }

    /** What Efí still holds for the order: its PIX and its bank-app payments, less every devolução not refused. */
    const heldAtEfi = (orderId: string, chargeId: string) => heldFor({ standIn: efi.standIn, bank }, chargeId, orderId).net;

    /** The PIX's devoluções at Efí (`PUT /v2/pix/{e2eid}/devolucao/{id}`). */
    const pixReturns = (chargeId: string) => efi.standIn.cob(chargeId)?.pix.flatMap((entry) => entry.devolucoes) ?? [];

    /** Efí ends the bank-app payment's pending devolução; the shop reads it past the refund's backoff. */
    async function bankRefundEnds(paymentId: string, status: 'aceito' | 'rejeitado') {
      await bank.settleRefund(paymentId, status);
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
    }

    /** The PIX paid: told by Efí's notification. */
    async function pixPaid(chargeId: string) {
      efi.standIn.pay(chargeId);
      await pixWebhook(chargeId);
      await drainOutbox(server);
    }

    /** The access e-mails queued for the order (its refund's e-mails go to the same buyer). */
    const accessMailsQueued = async (orderId: string) =>
      (await db.db.selectFrom('outbox').select('id').where('order_id', '=', orderId).where('kind', '=', 'access_email').execute()).length;

    /** Told of the PIX again, and read again by the reconciler an hour on: nothing more may go back, of either payment. */
    async function toldAndReadAgain(order: { charge_id: string | null }, paymentId: string, returns: number) {
      await pixWebhook(order.charge_id!);
      rig.advance(61 * 60_000);
      await server.reconciler.runOnce();
      await drainOutbox(server);
      expect(pixReturns(order.charge_id!)).toHaveLength(1);
      expect(returnsOf(paymentId)).toHaveLength(returns);
    }

    it('a refund of the bank-app payment on its way, the PIX paid too, then the devolução accepted: the PIX goes back, once', async () => {
      const { order, paymentId } = await refundAskedOfBankPayment('Lia Campos');
      await pixPaid(order.charge_id!);
      // The bank-app payment's balance is on its way back: nothing more is asked of it.
      expect(returnsOf(paymentId)).toHaveLength(1);
      await bankRefundEnds(paymentId, 'aceito');
      expect((await orderRow(db, order.id)).status).toBe('reversed');
      expect(pixReturns(order.charge_id!)).toMatchObject([{ valor: '19.90' }]);
      expect(heldAtEfi(order.id, order.charge_id!)).toBe(0);
      await toldAndReadAgain(order, paymentId, 1);
      expect(await accessMailsQueued(order.id)).toBe(1);
    });

    /** A refund of the bank-app payment on its way (after `wait`), the PIX paid too, then the devolução refused. */
    async function refusedWhilePixPaid(name: string, wait: number) {
      const { order, paymentId } = await refundAskedOfBankPayment(name);
      if (wait > 0) {
        // Still pending at Efí: the gateway refund's retries stop after three days (parked, shown in Saúde).
        rig.advance(wait);
        await drainOutbox(server);
      }
      await pixPaid(order.charge_id!);
      expect(returnsOf(paymentId)).toHaveLength(1);
      await bankRefundEnds(paymentId, 'rejeitado');
      // The bank-app payment, paid twice, goes back once; the buyer's refund is asked again, of the PIX that now pays the order.
      expect(returnsOf(paymentId)).toHaveLength(2);
      expect(JSON.parse(returnsOf(paymentId)[1]!.rawBody)).toEqual({ valor: '19.90' });
      const row = await db.db.selectFrom('open_finance_payments').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
      expect(row.returned_at).not.toBeNull();
      expect(pixReturns(order.charge_id!)).toMatchObject([{ valor: '19.90' }]);
      await bank.settleRefund(paymentId, 'aceito');
      expect(heldAtEfi(order.id, order.charge_id!)).toBe(0);
      const pix = efi.standIn.cob(order.charge_id!)!.pix[0]!;
      efi.standIn.settleRefund(pix.endToEndId, pix.devolucoes[0]!.id, 'DEVOLVIDO');
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      expect(await consoleDetail(order.id, admin)).toMatchObject({ status: 'reversed', hasAccess: false, refundStatus: 'refunded' });
      await toldAndReadAgain(order, paymentId, 2);
    }

    it('a refund of the bank-app payment on its way, the PIX paid too, then the devolução refused: the bank-app payment goes back and the refund is asked of the PIX', async () => {
      await refusedWhilePixPaid('Davi Souza', 0);
    });

    it('refunded through the bank-app payment (devolver), then its PIX paid late (the cancel lost): the PIX goes back, once', async () => {
      const { buyer, order, paymentId } = await refundAskedOfBankPayment('Nina Barros');
      await bankRefundEnds(paymentId, 'aceito');
      expect((await orderRow(db, order.id)).status).toBe('reversed');
      expect(pixReturns(order.charge_id!)).toHaveLength(0);
      // The PIX that stayed payable is paid: a payment for a purchase the buyer no longer has.
      await pixPaid(order.charge_id!);
      expect(pixReturns(order.charge_id!)).toMatchObject([{ valor: '19.90' }]);
      expect(heldAtEfi(order.id, order.charge_id!)).toBe(0);
      await toldAndReadAgain(order, paymentId, 1);
      expect(await accessMailsQueued(order.id)).toBe(1);
      expect(await salesOf(buyer.email)).toHaveLength(0);
    });

    it('refunded through the bank-app payment, then its PIX paid late and its devolução refused twice: asked again with backoff, made once, shown in the order and Saúde, the buyer told once', async () => {
      const { buyer, order, paymentId } = await refundAskedOfBankPayment('Tereza Queiroz');
      await bankRefundEnds(paymentId, 'aceito');
      expect((await orderRow(db, order.id)).status).toBe('reversed');
      // Efí's "Solicitar devolução" (PUT /v2/pix/:e2eId/devolucao/:id) documents this 500 among its answers
      // (dev.efipay.com.br/docs/api-pix/gestao-de-pix, mirrored in github.com/mpaivaana/error-report
      // docs/api-pix/gestao-de-pix.md, commit e2f42d5).
      const refused = {
        kind: 'status',
        status: 500,
        body: JSON.stringify({ nome: 'erro_aplicacao', mensagem: 'Ocorreu um erro ao solicitar devolução' }),
      } as const;
      for (let time = 0; time < 2; time++) efi.standIn.script('PUT', '/v2/pix/', refused);
      const asked = efi.standIn.requests.length;
      const askedOfPix = () => pixRefundCalls(asked);
      await pixPaid(order.charge_id!);
      expect(askedOfPix()).toHaveLength(1);
      expect(pixReturns(order.charge_id!)).toHaveLength(0);
      const told = () => rig.smtp.received.filter((mail) => mail.to.includes(buyer.email) && isPixReturnEmail(mail));
      expect(told()).toHaveLength(0);

      const { steps, returnsCheck } = await returnViews(order.id, 'Devolução do PIX pago depois do reembolso');
      expect(await steps()).toMatchObject([{ kind: 'email_queued' }]);
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      expect(askedOfPix()).toHaveLength(2);
      expect(await steps()).toMatchObject([{ kind: 'email_failed', detail: expect.stringContaining('HTTP 500') }]);
      expect(await returnsCheck()).toBeUndefined();
      // Then Efí cannot be read at all, twice: three failures of the queued return, and Saúde names the order.
      for (let time = 0; time < 2; time++) {
        efi.standIn.script('GET', '/v2/cob/', { kind: 'status', status: 503 });
        rig.advance(PAST_BACKOFF_MS);
        await drainOutbox(server);
        efi.standIn.clearScripts();
      }
      expect(askedOfPix()).toHaveLength(2);
      expect(await returnsCheck()).toMatchObject({ ok: false, detail: expect.stringContaining(order.id), fix: expect.any(String) });
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      expect(pixReturns(order.charge_id!)).toMatchObject([{ valor: '19.90' }]);
      expect(askedOfPix()).toHaveLength(3);
      // Made once, under the return's own id on every try; read again later, nothing more goes back.
      expect(new Set(askedOfPix().map((request) => request.path)).size).toBe(1);
      expect(await steps()).toMatchObject([{ kind: 'email_sent' }]);
      expect(await returnsCheck()).toBeUndefined();
      await drainOutbox(server);
      expect(told()).toHaveLength(1);
      await toldAndReadAgain(order, paymentId, 1);
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      expect(told()).toHaveLength(1);
      expect(heldAtEfi(order.id, order.charge_id!)).toBe(0);
      expect(await salesOf(buyer.email)).toHaveLength(0);
    });

    it('the PIX devolução made at Efí with its answer lost, then the retry: read first, nothing more goes back, the buyer told once', async () => {
      const { buyer, order, paymentId } = await refundAskedOfBankPayment('Ulisses Fontes');
      await bankRefundEnds(paymentId, 'aceito');
      // Efí makes the devolução, then the connection drops before its answer: the shop cannot know it was made.
      efi.standIn.script('PUT', '/v2/pix/', { kind: 'drop-after' });
      const asked = efi.standIn.requests.length;
      await pixPaid(order.charge_id!);
      expect(pixReturns(order.charge_id!)).toHaveLength(1);
      for (let retry = 0; retry < 3; retry++) {
        rig.advance(PAST_BACKOFF_MS);
        await drainOutbox(server);
      }
      expect(pixRefundCalls(asked)).toHaveLength(1);
      expect(pixReturns(order.charge_id!)).toMatchObject([{ valor: '19.90' }]);
      const told = rig.smtp.received.filter((mail) => mail.to.includes(buyer.email) && isPixReturnEmail(mail));
      expect(told).toHaveLength(1);
      await toldAndReadAgain(order, paymentId, 1);
    });

    it('the PIX devolução asked while Efí holds its answer: its retry is already written, so a process killed then still asks again', async () => {
      const { buyer, order, paymentId } = await refundAskedOfBankPayment('Tales Prado');
      await bankRefundEnds(paymentId, 'aceito');
      efi.standIn.script('PUT', '/v2/pix/', { kind: 'hang' });
      const asked = efi.standIn.requests.length;
      const paying = pixPaid(order.charge_id!);
      await waitFor('the PIX devolução asked of Efí', () => pixRefundCalls(asked).length === 1, 20_000);
      // The claim and its retry are one write: were the process killed now, the outbox would still hold the return.
      const retries = await db.db
        .selectFrom('outbox')
        .select(['kind', 'sent_at'])
        .where('order_id', '=', order.id)
        .where('kind', 'like', 'pix_return_retry:%')
        .execute();
      expect(retries).toEqual([{ kind: `pix_return_retry:${order.id}`, sent_at: null }]);
      await paying;
      for (let retry = 0; retry < 3; retry++) {
        rig.advance(PAST_BACKOFF_MS);
        await drainOutbox(server);
      }
      expect(pixReturns(order.charge_id!)).toMatchObject([{ valor: '19.90' }]);
      expect(rig.smtp.received.filter((mail) => mail.to.includes(buyer.email) && isPixReturnEmail(mail))).toHaveLength(1);
    });

    /** The PIX paid, its notification lost: only the reconciler's next pass can learn it. */
    async function pixPaidUnheard(chargeId: string) {
      efi.standIn.pay(chargeId);
      rig.advance(2 * 60_000);
      await server.reconciler.runOnce();
      await drainOutbox(server);
    }

    it('refunded through the bank-app payment, then its PIX paid with the notification lost: the reconciler finds it and the PIX goes back, once', async () => {
      const { buyer, order, paymentId } = await refundAskedOfBankPayment('Rui Tavares');
      await bankRefundEnds(paymentId, 'aceito');
      expect((await orderRow(db, order.id)).status).toBe('reversed');
      await pixPaidUnheard(order.charge_id!);
      expect(pixReturns(order.charge_id!)).toMatchObject([{ valor: '19.90' }]);
      expect(heldAtEfi(order.id, order.charge_id!)).toBe(0);
      await toldAndReadAgain(order, paymentId, 1);
      expect(await salesOf(buyer.email)).toHaveLength(0);
    });

    it('marked refunded by hand, then its PIX paid with the notification lost: the reconciler finds it and the bank-app payment goes back, once', async () => {
      const { buyer, order, payment } = await markedRefundedByHand('Clara Mendes');
      expect((await orderRow(db, order.id)).status).toBe('reversed');

      await pixPaidUnheard(order.charge_id!);
      expect(returnsOf(payment.identificadorPagamento)).toHaveLength(1);
      expect(JSON.parse(returnsOf(payment.identificadorPagamento)[0]!.rawBody)).toEqual({ valor: '19.90' });
      // Read again an hour on: nothing more goes back, and the buyer is told once.
      rig.advance(61 * 60_000);
      await server.reconciler.runOnce();
      await drainOutbox(server);
      expect(returnsOf(payment.identificadorPagamento)).toHaveLength(1);
      expect(pixReturns(order.charge_id!)).toHaveLength(0);
      expect(rig.smtp.received.filter((mail) => mail.to.includes(buyer.email) && isBankReturnEmail(mail))).toHaveLength(1);
    });

    it('paid only in the bank app: the order page says nothing goes back', async () => {
      const { viewKey, order } = await placeOrder('Íris Duarte');
      expect((await start(order.id, viewKey)).status).toBe(200);
      const { contactKey } = await comeBackWithKey(rig, await bank.decide(startedPayment().identificadorPagamento, true));
      const page = await fetch(`${server.url}/api/order-page/${order.public_ref}`, { headers: { 'X-Order-Contact': contactKey! } });
      const reply = (await page.json()) as { status: string };
      expect(reply.status).toBe('paid');
      expect(reply).not.toHaveProperty('bankReturnedCents');
    });

    it('approved at the bank with the callback and the way back both lost: the reconciler confirms it after a minute', async () => {
      const { buyer, viewKey, order } = await placeOrder('Irene Matos');
      expect((await start(order.id, viewKey)).status).toBe(200);
      await approvedUnheard(rig, startedPayment().identificadorPagamento);
      await server.reconciler.runOnce();
      expect((await orderRow(db, order.id)).status).toBe('pending');
      rig.advance(61_000);
      await server.reconciler.runOnce();
      await drainOutbox(server);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(accessMails(buyer.email)).toHaveLength(1);
      expect(efi.standIn.cob(order.charge_id!)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      await server.reconciler.runOnce();
      expect(accessMails(buyer.email)).toHaveLength(1);
    });

    it('"Já paguei" reads the bank payment as it reads the PIX: approved at the bank, callback and way back lost, confirmed', async () => {
      const { buyer, viewKey, order } = await placeOrder('Clara Mendes');
      expect((await start(order.id, viewKey)).status).toBe(200);
      await approvedUnheard(rig, startedPayment().identificadorPagamento);
      // The tab's "Já paguei": the order's status, asked with the tab's key, before the reconciler's pass.
      const checked = await fetch(`${server.url}/api/orders/${order.id}`, { headers: { 'X-Order-Key': viewKey } });
      expect(((await checked.json()) as { status: string }).status).toBe('paid');
      await drainOutbox(server);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(accessMails(buyer.email)).toHaveLength(1);
    });

    it('"Já paguei" a moment after the reconciler read the PIX still reads the bank payment: confirmed on the tap', async () => {
      const { buyer, viewKey, order } = await placeOrder('Davi Moura');
      expect((await start(order.id, viewKey)).status).toBe(200);
      // The reconciler's pass reads the new order's PIX; the bank payment, seconds old, is left to its callback.
      await server.reconciler.runOnce();
      expect(Number((await orderRow(db, order.id)).checked_at)).toBeGreaterThan(now() - 5_000);
      await approvedUnheard(rig, startedPayment().identificadorPagamento);
      const checked = await fetch(`${server.url}/api/orders/${order.id}`, { headers: { 'X-Order-Key': viewKey } });
      expect(((await checked.json()) as { status: string }).status).toBe('paid');
      await drainOutbox(server);
      expect(accessMails(buyer.email)).toHaveLength(1);
    });

    it("the order page (the e-mail's link, no tab key) a moment after the reconciler read the PIX reads the bank payment too", async () => {
      const { buyer, viewKey, order } = await placeOrder('Lívia Prates');
      expect((await start(order.id, viewKey)).status).toBe(200);
      await server.reconciler.runOnce();
      await approvedUnheard(rig, startedPayment().identificadorPagamento);
      const page = await fetch(`${server.url}/api/order-page/${order.public_ref}`);
      expect(((await page.json()) as { status: string }).status).toBe('paid');
      await drainOutbox(server);
      expect(accessMails(buyer.email)).toHaveLength(1);
    });

    /** Paid in the bank's app; the refund's calls counted from here. */
    async function paidAtTheBank(name: string) {
      const placed = await placeOrder(name);
      expect((await start(placed.order.id, placed.viewKey)).status).toBe(200);
      const payment = startedPayment();
      await atTheBank(payment.identificadorPagamento, true);
      expect((await orderRow(db, placed.order.id)).status).toBe('paid');
      return { ...placed, paymentId: payment.identificadorPagamento, pixCalls: efi.standIn.requests.length };
    }

    const returnsOf = (paymentId: string) =>
      bank.requests.filter((request) => request.method === 'POST' && request.path.endsWith(`/pagamentos/pix/${paymentId}/devolver`));
    const pixRefundCalls = (from: number) =>
      efi.standIn.requests.slice(from).filter((request) => request.method === 'PUT' && request.path.includes('/devolucao/'));

    /** Efí takes the refund as pending; once it is accepted, the next read finds it and the order ends refunded. */
    async function refundFinishes(orderId: string, paymentId: string) {
      expect(returnsOf(paymentId)).toHaveLength(1);
      expect((await orderRow(db, orderId)).status).toBe('paid');
      await bank.settleRefund(paymentId);
      rig.advance(PAST_BACKOFF_MS);
      await drainOutbox(server);
      expect((await orderRow(db, orderId)).status).toBe('reversed');
      expect(returnsOf(paymentId)).toHaveLength(1);
    }

    /** A return of a payment made twice as the console shows it: its steps on the order (labels from `label`), and Saúde's check. */
    async function returnViews(orderId: string, label: string) {
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      const health = async () =>
        (await (await consoleCall(server.url, admin, '/health', undefined, { origin: server.url })).json()) as AdminHealth;
      return {
        steps: async () => (await consoleDetail(orderId, admin)).timeline.filter((step) => step.label?.startsWith(label)),
        returnsCheck: async () => (await health()).checks.find((check) => check.key === 'bankReturns'),
      };
    }

    async function consoleDetail(orderId: string, cookie: string): Promise<AdminOrderDetail> {
      const response = await consoleCall(server.url, cookie, `/orders/${orderId}`, undefined, { origin: server.url });
      expect(response.status).toBe(200);
      return (await response.json()) as AdminOrderDetail;
    }

    it("the buyer's guarantee refund goes back through Open Finance, not the cancelled PIX: refunded, access ended", async () => {
      const { order, paymentId, pixCalls } = await paidAtTheBank('Helena Prado');
      const { cookie } = await memberVisit(server.url, db, order.id, now());
      expect((await askRefund(server.url, cookie, { confirm: true })).status).toBe(200);
      await drainOutbox(server);
      expect(JSON.parse(returnsOf(paymentId)[0]!.rawBody)).toEqual({ valor: '19.90' });
      await refundFinishes(order.id, paymentId);
      expect(bank.payments.get(paymentId)?.devolucoes).toMatchObject([{ valor: '19.90', status: 'aceito' }]);
      expect(pixRefundCalls(pixCalls)).toHaveLength(0);
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      expect(await consoleDetail(order.id, admin)).toMatchObject({ hasAccess: false, refundStatus: 'refunded' });
    });

    it('"Reembolsar" in the console refunds an Open Finance payment the same way', async () => {
      const { order, paymentId, pixCalls } = await paidAtTheBank('Bento Farias');
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      const pressed = await consoleCall(server.url, admin, `/orders/${order.id}/refund/start`, {}, { origin: server.url });
      expect(pressed.status).toBe(202);
      await drainOutbox(server);
      expect(JSON.parse(returnsOf(paymentId)[0]!.rawBody)).toEqual({ valor: '19.90' });
      await refundFinishes(order.id, paymentId);
      expect(pixRefundCalls(pixCalls)).toHaveLength(0);
      expect(await consoleDetail(order.id, admin)).toMatchObject({ status: 'reversed', hasAccess: false });
    });

    /** Open Finance reads asked of Efí (the lists and one-by-one reads, not the token) from request `from` on. */
    const efiReads = (from: number) =>
      bank.requests.slice(from).filter((request) => request.method === 'GET' && request.path.includes('/pagamentos'));

    /** Payments at Efí only (none is ours): `count` copies of `like`, started at `startedAt`, in `status`. */
    function paymentsOnlyAtEfi(
      like: HeldPayment,
      prefix: string,
      count: number,
      status: HeldPayment['status'],
      startedAt: number,
    ): string[] {
      const ids = Array.from({ length: count }, (_, index) => `urn:efi:${prefix}-${index}-${like.identificadorPagamento.slice(-8)}`);
      for (const id of ids) {
        bank.payments.set(id, {
          ...like,
          identificadorPagamento: id,
          status,
          devolucoes: [],
          dataCriacao: new Date(startedAt).toISOString(),
        });
      }
      return ids;
    }

    it('a thousand abandoned bank payments waiting and two thousand older sales at Efí: one paid with its callback and way back lost is confirmed within 90 s at the production interval, each pass asking Efí at most 30 times, and the abandoned end as Efí reads them', async () => {
      const abandonedBy = await placeOrder('Vera Abandono');
      const paid = await placeOrder('Jonas Pago');
      expect((await start(paid.order.id, paid.viewKey)).status).toBe(200);
      const payment = startedPayment();
      // Started three days before, at Efí and here: never used, older than the paid one, and far more than a pass reads.
      const startedAt = now() - 3 * 86_400_000;
      const abandoned = paymentsOnlyAtEfi({ ...payment, idProprio: abandonedBy.order.id }, 'abandonado', 1000, 'pendente', startedAt);
      // The shop's earlier bank-app sales, settled long ago: Efí lists them among the accepted ones, oldest first.
      const sales = paymentsOnlyAtEfi({ ...payment, idProprio: 'venda-antiga' }, 'vendido', 2000, 'aceito', startedAt);
      for (let from = 0; from < abandoned.length; from += 250) {
        await db.db
          .insertInto('open_finance_payments')
          .values(
            abandoned.slice(from, from + 250).map((id, index) => ({
              payment_id: id,
              order_id: abandonedBy.order.id,
              participant_id: BANK,
              idempotency_key: `abandonado:${from + index}:${id}`,
              redirect_uri: `${bank.bankUrl}/autorizar/abandonado`,
              state: 'pending' as const,
              amount_cents: 1990,
              created_at: startedAt,
              paid_at: null,
              returned_at: null,
            })),
          )
          .execute();
      }
      // The paid one is the newest at Efí: behind everything else in its list's order.
      bank.payments.delete(payment.identificadorPagamento);
      bank.payments.set(payment.identificadorPagamento, payment);
      await approvedUnheard(rig, payment.identificadorPagamento);
      const approvedAt = now();
      // The reconciler's passes, at the production interval on the shop's clock.
      const perPass: number[] = [];
      while ((await orderRow(db, paid.order.id)).status !== 'paid' && now() - approvedAt < 90_000) {
        rig.advance(RECONCILE_INTERVAL_MS);
        const sent = bank.requests.length;
        await server.reconciler.runOnce();
        perPass.push(efiReads(sent).length);
      }
      expect((await orderRow(db, paid.order.id)).status).toBe('paid');
      expect(now() - approvedAt).toBeLessThanOrEqual(90_000);
      // docs/payments.md#open-finance: 2 lists of at most 5 pages and 20 reads, 1 a second at the 30 s interval.
      expect(LISTING_READS_PER_PASS).toBe(30);
      expect(RECONCILE_INTERVAL_MS).toBe(30_000);
      expect(Math.max(...perPass)).toBeLessThanOrEqual(LISTING_READS_PER_PASS);
      await drainOutbox(server);
      expect(accessMails(paid.buyer.email)).toHaveLength(1);

      // Efí lets the unused links expire: each pass reads 20 others in turn, and each leaves as Efí says expired.
      for (const id of abandoned) bank.payments.get(id)!.status = 'expirado';
      for (let pass = 0; pass < 2; pass++) {
        const sent = bank.requests.length;
        await server.reconciler.runOnce();
        expect(efiReads(sent).length).toBeLessThanOrEqual(LISTING_READS_PER_PASS);
      }
      const ended = await db.db
        .selectFrom('open_finance_payments')
        .select('payment_id')
        .where('order_id', '=', abandonedBy.order.id)
        .where('state', '=', 'expired')
        .execute();
      expect(ended.length).toBeGreaterThanOrEqual(40);
      await db.db.deleteFrom('open_finance_payments').where('order_id', '=', abandonedBy.order.id).execute();
      for (const id of [...abandoned, ...sales]) bank.payments.delete(id);
    });

    it('a 429 from Efí ends the pass and pauses Efí’s reads a minute (docs/payments.md#loud); the pass after confirms the lost payment', async () => {
      const { buyer, viewKey, order } = await placeOrder('Sofia Lemos');
      expect((await start(order.id, viewKey)).status).toBe(200);
      await approvedUnheard(rig, startedPayment().identificadorPagamento);
      rig.advance(61_000);
      bank.script('GET', '/pagamentos/pix', { kind: 'status', status: 429 });
      const sent = bank.requests.length;
      await server.reconciler.runOnce();
      expect(efiReads(sent)).toHaveLength(1);
      expect((await orderRow(db, order.id)).status).toBe('pending');
      // Saúde names the read, the 429 and the pause.
      const admin = await signInToConsole(server.url, PASSWORD, server.url);
      const bankReads = async () =>
        ((await (await consoleCall(server.url, admin, '/health')).json()) as AdminHealth).checks.find((check) => check.key === 'bankReads');
      const throttled = await bankReads();
      expect(throttled).toMatchObject({
        ok: false,
        detail: expect.stringMatching(/^Efí: falhando desde .*HTTP 429.*Leituras pausadas até/),
      });
      // The next pass, 30 s on, asks Efí nothing: no Retry-After came, so the first pause is FIRST_PAUSE_MS.
      const paused = bank.requests.length;
      rig.advance(RECONCILE_INTERVAL_MS);
      await server.reconciler.runOnce();
      expect(efiReads(paused)).toHaveLength(0);
      expect((await orderRow(db, order.id)).status).toBe('pending');
      rig.advance(FIRST_PAUSE_MS - RECONCILE_INTERVAL_MS);
      await server.reconciler.runOnce();
      await drainOutbox(server);
      expect((await orderRow(db, order.id)).status).toBe('paid');
      expect(await bankReads()).toMatchObject({ ok: true, detail: expect.stringMatching(/^Efí: lida em /) });
      expect(accessMails(buyer.email)).toHaveLength(1);
    });

    // Last: the eight days it moves the clock on would outlive other tests' links.
    it("the same, eight days on (the gateway refund no longer retried): Efí's devolução callback has it read again", async () => {
      await refusedWhilePixPaid('Davi Souza Neto', 8 * 24 * 60 * 60_000);
    });
  });
}
