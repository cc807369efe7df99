import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { MemberArea, MemberAreaRefusal } from '../../../src/shared/access.ts';
import { OPENINGS_KEPT_PER_ORDER, recordMemberPageOpen } from '../../../src/server/access/access-repository.ts';
import type { AdminOrderDetail, AdminOrderList, AdminOverview } from '../../../src/shared/admin.ts';
import type { OrderPageReply } from '../../../src/shared/order-page.ts';
import { guaranteeEndsAt, type RefundRequestReply } from '../../../src/shared/refunds.ts';
import { orderContactKey } from '../../../src/server/orders/order-links.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, refundRow, rowsOfOrder, sandboxCharge } from '../../support/db-reads.ts';
import { useHttpReceiver, type HttpReceiver } from '../../support/http-receiver.ts';
import { askRefund, buyAndPay, consoleCall, drainOutbox, memberVisit } from '../../support/purchase.ts';
import type { TestSmtpServer } from '../smtp-test-server.ts';
import { databases } from '../test-db.ts';
import { useTestServer, type TestServerRig } from '../../support/test-server.ts';

/**
 * The 7-day guarantee end to end over real HTTP, on SQLite and PostgreSQL: a paid buyer asks for
 * a refund on the member page, the seller refunds in the console (by hand, then "Marcar como
 * reembolsado"), and the access ends, the spot returns, the buyer has both e-mails (real SMTP),
 * the seller's webhook (checked with the Standard Webhooks library) and the GA4 refund go out
 * once. Also: REFUND_MODE=auto with gateway refunds through the sandbox, the window's end, the
 * order page's contact key, and a declined request.
 */
const PASSWORD = 'senha-do-painel-reembolsos';
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

type Running = TestServerRig & { hooks: HttpReceiver; ga: HttpReceiver };

function useRefundServer(database: (typeof databases)[number], env: Record<string, string>): Running {
  const hooks = useHttpReceiver();
  const ga = useHttpReceiver();
  const running = useTestServer(
    database,
    () => ({
      ADMIN_PASSWORD: PASSWORD,
      SUPPORT_EMAIL: 'ajuda@example.com',
      WEBHOOK_URL: hooks.url,
      WEBHOOK_SECRET,
      GA_ID: 'G-TESTREFUND1',
      GA_API_SECRET: 'ga-secret-refunds',
      GA_MP_URL: ga.url,
      MONTHLY_CAPACITY: '50',
      ...env,
    }),
    { smtp: true, clock: Date.UTC(2026, 10, 2, 15, 0, 0) },
  );
  return Object.assign(running, { hooks, ga });
}

/** A buyer who accepted tracking pays in the sandbox; returns the order and a member-page cookie. */
async function paidBuyer(running: Running) {
  const { orderId } = await buyAndPay(running, {
    buyer: uniqueBuyer('Joana Prado'),
    fields: { tracking: { consent: 'granted', ga: 'GA1.1.123456789.1700000000' } },
  });
  return { orderId, ...(await memberVisit(running.server.url, running.db, orderId, running.clock.now)) };
}

const subjects = (smtp: TestSmtpServer, to: string) =>
  smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => /^Subject: (.*)$/im.exec(mail.raw)?.[1] ?? '');

for (const database of databases) {
  describe(`refunds by hand on ${database.name}`, () => {
    const running = useRefundServer(database, {});

    it('buyer asks on the member page, seller refunds by hand and marks it: access ends, spot returns, everyone told once', async () => {
      const { server, db, smtp, hooks, ga } = running;
      const { orderId, token, cookie } = await paidBuyer(running);
      const order = await orderRow(db, orderId);
      const admin = await signInToConsole(server.url, PASSWORD);
      const spotsBefore = ((await (await consoleCall(running.server.url, admin, '/overview')).json()) as AdminOverview).spotsLeft;

      const area = (await (await fetch(`${server.url}/api/access`, { headers: { Cookie: cookie } })).json()) as MemberArea;
      expect(area.guarantee).toMatchObject({ days: 7, canRequest: true, request: null, endsAt: guaranteeEndsAt(Number(order.paid_at), 7) });

      // No confirmation: refused in Portuguese, nothing recorded.
      const unconfirmed = await askRefund(server.url, cookie, { reason: 'not_for_me' });
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.body.error).toBe('Confirme que deseja pedir o reembolso.');

      const asked = await askRefund(server.url, cookie, { reason: 'contacts_unanswered', note: 'Dois não responderam.', confirm: true });
      expect(asked.status).toBe(200);
      const reply = asked.body as RefundRequestReply;
      expect(reply.guarantee).toMatchObject({ canRequest: false, request: { status: 'requested', declineReason: null } });
      // A double tap changes nothing.
      const again = await askRefund(server.url, cookie, { confirm: true });
      expect(again.status).toBe(409);

      await drainOutbox(server);
      expect(subjects(smtp, order.buyer_email)).toContain('Recebemos seu pedido de reembolso');

      // The console: counted, filtered, the reason on the timeline.
      const overview = (await (await consoleCall(running.server.url, admin, '/overview')).json()) as AdminOverview;
      expect(overview.refundRequests).toBe(1);
      const listed = (await (await consoleCall(running.server.url, admin, '/orders?status=refund_requested')).json()) as AdminOrderList;
      expect(listed.orders.map((row) => [row.id, row.refundStatus])).toEqual([[orderId, 'requested']]);
      let detail = (await (await consoleCall(running.server.url, admin, `/orders/${orderId}`)).json()) as AdminOrderDetail;
      expect(detail.refund).toMatchObject({
        status: 'requested',
        origin: 'buyer',
        reason: 'contacts_unanswered',
        note: 'Dois não responderam.',
      });
      expect(detail.timeline.find((entry) => entry.kind === 'refund')?.refund).toEqual({
        event: 'requested',
        reason: 'contacts_unanswered',
        text: 'Dois não responderam.',
      });
      expect(detail.gatewayRefunds).toBe(false);
      expect(detail.manualRefund).toEqual({
        amountCents: 1990,
        charges: [
          {
            orderId,
            provider: order.provider,
            providerName: expect.any(String),
            transactionHash: order.charge_id,
            amountCents: 1990,
            items: [expect.any(String)],
            itemKeys: ['main'],
          },
        ],
        buyerDocument: order.buyer_document,
      });

      // "Reembolsar" without gateway refunds: approved, the console shows the steps by hand.
      expect((await consoleCall(running.server.url, admin, `/orders/${orderId}/refund/start`, {})).status).toBe(200);
      detail = (await (await consoleCall(running.server.url, admin, `/orders/${orderId}`)).json()) as AdminOrderDetail;
      expect(detail.refund).toMatchObject({ status: 'approved', decidedBy: 'seller', gateway: { state: 'off', error: null } });
      expect(detail.status).toBe('paid');

      // Refunded by hand in the panel, then marked here.
      expect((await consoleCall(running.server.url, admin, `/orders/${orderId}/refund`, {})).status).toBe(200);
      await drainOutbox(server);

      detail = (await (await consoleCall(running.server.url, admin, `/orders/${orderId}`)).json()) as AdminOrderDetail;
      expect(detail).toMatchObject({ status: 'reversed', hasAccess: false, refundStatus: 'refunded' });
      const ended = await fetch(`${server.url}/acesso/${token}`, { redirect: 'manual' });
      expect(ended.status).toBe(303);
      expect(ended.headers.get('location')).toBe('/acesso?encerrado');
      const refused = await fetch(`${server.url}/api/access`, { headers: { Cookie: cookie } });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as MemberAreaRefusal).ended).toBe(true);
      const spotsAfter = ((await (await consoleCall(running.server.url, admin, '/overview')).json()) as AdminOverview).spotsLeft;
      expect(spotsAfter).toBe(spotsBefore! + 1);

      expect(subjects(smtp, order.buyer_email)).toEqual(expect.arrayContaining(['Recebemos seu pedido de reembolso', 'Reembolso feito']));
      const done = smtp.received.find((mail) => /Subject: Reembolso feito/.test(mail.raw))!;
      expect(done.raw).toMatch(/R\$(\s|=C2=A0|&nbsp;)?19,90/);

      const refundedHooks = hooks.requests.filter((request) => JSON.parse(request.body).type === 'order.refunded');
      expect(refundedHooks).toHaveLength(1);
      const signed = new Webhook(WEBHOOK_SECRET).verify(refundedHooks[0]!.body, refundedHooks[0]!.headers) as {
        data: { reference: string };
      };
      expect(signed.data.reference).toBe(order.public_ref);
      const gaRefunds = ga.requests.filter((request) => request.body.includes('"refund"'));
      expect(gaRefunds).toHaveLength(1);
      expect(JSON.parse(gaRefunds[0]!.body)).toMatchObject({
        events: [{ name: 'refund', params: { transaction_id: order.public_ref, value: 19.9 } }],
      });

      // Evidence for a dispute: the access e-mail accepted, the openings, the request and the decision.
      const html = await consoleCall(running.server.url, admin, `/orders/${orderId}/evidence?format=html`);
      expect(html.status).toBe(200);
      const page = await html.text();
      for (const label of [
        'Pagamento PIX confirmado',
        'E-mail de acesso aceito',
        'Página de membro aberta',
        'Reembolso solicitado',
        'Dois não responderam.',
        'Valor devolvido',
      ]) {
        expect(page).toContain(label);
      }
      const pdf = await consoleCall(running.server.url, admin, `/orders/${orderId}/evidence?format=pdf`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      // The buyer's data export carries the refund, the record and the openings counted past the cap; erasing the
      // buyer takes them away, the addresses counted with them too.
      const kept = (await rowsOfOrder(db, 'member_page_opens', orderId)).length;
      for (let index = kept; index <= OPENINGS_KEPT_PER_ORDER; index++) await recordMemberPageOpen(db.db, orderId, Date.now(), 'aparelho');
      const exported = await consoleCall(running.server.url, admin, '/buyer/export', { email: order.buyer_email });
      const data = (await exported.json()) as {
        orders: Array<{
          refund: { note: string } | null;
          deliveryRecord: unknown[];
          memberPageOpeningsCounted: Array<{ openings: number }>;
        }>;
      };
      expect(data.orders[0]?.refund?.note).toBe('Dois não responderam.');
      expect(data.orders[0]?.deliveryRecord.length).toBeGreaterThanOrEqual(3);
      expect(data.orders[0]?.memberPageOpeningsCounted).toMatchObject([{ openings: 1 }]);
      const erased = await consoleCall(running.server.url, admin, '/buyer/delete', {
        email: order.buyer_email,
        confirmation: order.buyer_email,
      });
      expect(erased.status).toBe(200);
      const left = async (table: 'order_evidence' | 'member_page_opens' | 'member_page_open_tallies') =>
        (await rowsOfOrder(db, table, orderId)).length;
      expect([await left('order_evidence'), await left('member_page_opens'), await left('member_page_open_tallies')]).toEqual([0, 0, 0]);
      const { status, note } = await refundRow(db, orderId);
      expect({ status, note }).toEqual({ status: 'refunded', note: null });
    });

    it('refuses control and bidi-override characters in the buyer’s note and the seller’s reason, in Portuguese', async () => {
      const { server } = running;
      const { orderId, cookie } = await paidBuyer(running);
      const HIDDEN = 'O texto tem caracteres invisíveis ou de controle. Apague-os e tente de novo.';
      for (const note of ['Não\u0000 serve', 'Texto \u202eoãn', 'Linha\u001b[31m']) {
        const asked = await askRefund(server.url, cookie, { note, confirm: true });
        expect(asked.status).toBe(422);
        expect(asked.body).toEqual({ error: HIDDEN });
      }
      // Line breaks and tabs are the buyer's own.
      expect((await askRefund(server.url, cookie, { note: 'Não era para mim.\n\tObrigada.', confirm: true })).status).toBe(200);
      const admin = await signInToConsole(server.url, PASSWORD);
      const declined = await consoleCall(running.server.url, admin, `/orders/${orderId}/refund/decline`, {
        reason: 'Fora do prazo\u2066 da garantia.',
      });
      expect(declined.status).toBe(422);
      expect(await declined.json()).toEqual({ error: HIDDEN, fields: { reason: HIDDEN } });
    });

    it('after the window: no button, and the API refuses in Portuguese', async () => {
      const { server } = running;
      const { cookie, orderId } = await paidBuyer(running);
      const start = running.clock.now;
      const paid = await orderRow(running.db, orderId);
      try {
        // A minute into the São Paulo day after the window's last day.
        running.clock.now = guaranteeEndsAt(Number(paid.paid_at), 7) + 60_000;
        const area = (await (await fetch(`${server.url}/api/access`, { headers: { Cookie: cookie } })).json()) as MemberArea;
        expect(area.guarantee.canRequest).toBe(false);
        const late = await askRefund(server.url, cookie, { confirm: true });
        expect(late.status).toBe(422);
        expect(late.body.error).toBe('O prazo de 7 dias da garantia terminou. Se precisar de ajuda, escreva para ajuda@example.com.');
      } finally {
        running.clock.now = start;
      }
    });

    it('the order page asks only with the e-mailed contact key; the seller declines with a reason the buyer receives', async () => {
      const { server, db, smtp } = running;
      const { orderId } = await paidBuyer(running);
      const order = await orderRow(db, orderId);
      const post = (headers: Record<string, string>) =>
        fetch(`${server.url}/api/order-page/${order.public_ref}/refund`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ reason: 'bought_by_mistake', confirm: true }),
        });
      const withoutKey = await post({});
      expect(withoutKey.status).toBe(403);
      // The reference alone (it reaches GA4 and Meta as the purchase id): what anyone holding it reads.
      const byReference = async () => (await fetch(`${server.url}/api/order-page/${order.public_ref}`)).text();
      const page = JSON.parse(await byReference()) as OrderPageReply;
      expect(page).toMatchObject({ status: 'paid', canRequestHere: false, guarantee: { canRequest: true, request: null } });
      const beforeRequest = await byReference();

      const key = orderContactKey(order);
      expect((await post({ 'X-Order-Contact': key })).status).toBe(200);
      // Whether the buyer asked for a refund is theirs to read: the reference alone reads the same as before.
      expect(await byReference()).toBe(beforeRequest);

      const admin = await signInToConsole(server.url, PASSWORD);
      const short = await consoleCall(running.server.url, admin, `/orders/${orderId}/refund/decline`, { reason: 'não' });
      expect(short.status).toBe(422);
      const reason = 'A compra foi usada por 6 dias e os contatos foram copiados.';
      expect((await consoleCall(running.server.url, admin, `/orders/${orderId}/refund/decline`, { reason })).status).toBe(200);
      expect((await consoleCall(running.server.url, admin, `/orders/${orderId}/refund/decline`, { reason })).status).toBe(409);
      await drainOutbox(server);
      const declined = smtp.received.find(
        (mail) => mail.to.includes(order.buyer_email) && /Subject: Sobre o seu pedido de reembolso/.test(mail.raw),
      );
      expect(declined?.raw).toContain('os contatos foram copiados');
      // Still paid, access intact; only the key holder reads the seller's words on the order page.
      const withKey = (await (
        await fetch(`${server.url}/api/order-page/${order.public_ref}`, { headers: { 'X-Order-Contact': key } })
      ).json()) as OrderPageReply;
      expect(withKey).toMatchObject({ status: 'paid', guarantee: { request: { status: 'declined', declineReason: reason } } });
      expect(await byReference()).toBe(beforeRequest);
    });
  });

  describe(`REFUND_MODE=auto with gateway refunds through the sandbox on ${database.name}`, () => {
    const running = useRefundServer(database, { REFUND_MODE: 'auto', GATEWAY_REFUNDS: '1' });

    it('a request inside the window is refunded at the gateway with no console action', async () => {
      const { server, db, smtp, hooks } = running;
      const { orderId, cookie } = await paidBuyer(running);
      const order = await orderRow(db, orderId);
      const asked = await askRefund(server.url, cookie, { confirm: true });
      expect(asked.status).toBe(200);
      expect((asked.body as RefundRequestReply).guarantee.request?.status).toBe('approved');
      await drainOutbox(server);

      const after = await orderRow(db, orderId);
      expect(after.status).toBe('reversed');
      const sandbox = await sandboxCharge(db, order.charge_id!);
      expect(sandbox.payment_status).toBe('refunded');
      const refund = await refundRow(db, orderId);
      expect(refund).toMatchObject({ status: 'refunded', decided_by: 'auto' });
      expect(subjects(smtp, order.buyer_email)).toEqual(expect.arrayContaining(['Recebemos seu pedido de reembolso', 'Reembolso feito']));
      expect(hooks.requests.filter((request) => JSON.parse(request.body).type === 'order.refunded')).toHaveLength(1);
      // Running the queue again (a retry, another instance) refunds nothing twice.
      await drainOutbox(server);
      expect(hooks.requests.filter((request) => JSON.parse(request.body).type === 'order.refunded')).toHaveLength(1);
      expect(subjects(smtp, order.buyer_email).filter((subject) => subject === 'Reembolso feito')).toHaveLength(1);
    });
  });
}
