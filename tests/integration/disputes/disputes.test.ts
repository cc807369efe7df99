import { formatBRL } from '../../../src/shared/money.ts';
import { formatExpiry } from '../../../src/shared/time.ts';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { disputeBlockedCheckout, disputeRefundGuard, disputesApi } from '../../../src/content/disputes.ts';
import { queueDueReminders } from '../../../src/server/disputes/dispute-alerts.ts';
import { DISPUTE_ALERT_FAMILY, loadDisputeAlert } from '../../../src/server/disputes/dispute-alert-email.ts';
import { applyProviderDispute } from '../../../src/server/disputes/dispute-service.ts';
import type { DefenceOutcome, ProviderDispute, ProviderDisputes } from '../../../src/server/gateway/pix-provider.ts';
import type { MemberArea } from '../../../src/shared/access.ts';
import type { AdminOrderDetail, AdminOverview } from '../../../src/shared/admin.ts';
import type { AdminDispute, AdminDisputeDefence, AdminDisputeList } from '../../../src/shared/disputes.ts';
import { newCheckoutKey, postOrder, signInToConsole, uniqueBuyer, uniqueCpf } from '../../support/clients.ts';
import {
  insertReviewRow,
  orderRow,
  outboxRows,
  rowsOfOrders,
  sandboxCharge,
  setOrderColumns,
  setDisputeBlockHash,
  setSandboxCharge,
  tableRows,
} from '../../support/db-reads.ts';
import { askRefund, buy, buyAndPay, consoleCall, drainOutbox, memberVisit, payBySandboxPostback } from '../../support/purchase.ts';
import { startWhatsappStandIn, type WhatsappStandIn } from '../../support/stand-ins/whatsapp-stand-in.ts';
import { useTestServer } from '../../support/test-server.ts';
import { decodeHeader, parseMail } from '../mime.ts';
import { databases } from '../test-db.ts';

/**
 * PIX disputes (docs/disputes.md), on SQLite and PostgreSQL, over real HTTP with the demo's sandbox gateway: a dispute
 * the provider reports opens once and alerts the seller once, then 24 h and 6 h before its deadline; lost, it ends the
 * access, shows as "Devolvido pelo MED" and blocks the buyer's next PIX until the seller removes the block; while open,
 * no refund goes out without a second confirmation, and the buyer is told the truth.
 */
const run = promisify(execFile);
const PASSWORD = 'senha-do-painel-contestacoes';
const SELLER = 'suporte-loja@example.com';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

for (const database of databases) {
  describe(`PIX disputes on ${database.name}`, () => {
    const running = useTestServer(database, { ADMIN_PASSWORD: PASSWORD, SUPPORT_EMAIL: SELLER }, { smtp: true, clock: 'now' });
    let admin = '';
    beforeEach(async () => {
      running.smtp.received.length = 0;
      admin ||= await signInToConsole(running.server.url, PASSWORD);
    });

    const call = async <T>(path: string, body?: unknown) => {
      const response = await consoleCall(running.server.url, admin, path, body);
      return { status: response.status, body: (await response.json()) as T };
    };
    const alerts = () =>
      running.smtp.received
        .filter((mail) => mail.to.includes(SELLER))
        .map((mail) => parseMail(mail.raw))
        .map((mail) => ({ subject: decodeHeader(mail.headers.get('subject')!), text: mail.text, html: mail.html }));
    const consoleLink = (disputeId: string) => `${running.server.orders.publicUrl()}/painel#contestacoes/${disputeId}`;
    const disputeIdOf = async (orderId: string) => (await tableRows(running.db, 'disputes')).find((row) => row.order_id === orderId)!.id;
    /** What every alert states from the rows: the buyer, who received the contestation, and the console's link, in both parts. */
    const expectAlertFacts = (mail: { text: string; html: string }, buyer: string, link: string) => {
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(`${buyer}, que fez o pedido`);
        expect(part).toContain('contestou no próprio banco');
        expect(part).toContain('chegou ao provedor TriboPay');
        expect(part).not.toContain('no banco (');
      }
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
    };
    const disputeOf = (order: { charge_id: string | null; amount_cents: number }, change: Partial<ProviderDispute> = {}) =>
      ({
        disputeId: `inf-${order.charge_id}`,
        chargeId: order.charge_id,
        endToEndId: null,
        amountCents: Number(order.amount_cents),
        state: 'open',
        rawStatus: 'ABERTA',
        defenceDueAt: running.clock.now + 3 * DAY,
        payer: null,
        ...change,
      }) satisfies ProviderDispute;
    const apply = (order: { provider: string }, dispute: ProviderDispute) =>
      applyProviderDispute(running.server.orders, order.provider as never, dispute);

    it('a dispute from the provider opens once, alerts the seller once, and again 24 h and 6 h before the deadline', async () => {
      const { order, buyer } = await buyAndPay(running, { buyer: uniqueBuyer('Joana Prado') });
      await drainOutbox(running.server);
      running.smtp.received.length = 0;
      const due = running.clock.now + 3 * DAY;
      const dispute = disputeOf(order, { defenceDueAt: due });

      const first = await apply(order, dispute);
      const replay = await apply(order, dispute);
      expect(first).toMatchObject({ kind: 'applied', changed: true });
      expect(replay).toMatchObject({ kind: 'applied', changed: false });
      expect((await tableRows(running.db, 'disputes')).filter((row) => row.order_id === order.id)).toHaveLength(1);
      await drainOutbox(running.server);
      expect(alerts()).toHaveLength(1);
      expect(alerts()[0]!.subject).toBe(`Contestação aberta no pedido ${order.public_ref}`);
      const deadline = `até ${formatExpiry(due)} (horário de Brasília)`;
      expect(deadline).toMatch(/^até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \(horário de Brasília\)$/);
      const link = consoleLink(await disputeIdOf(order.id));
      expectAlertFacts(alerts()[0]!, buyer.name, link);
      expect(alerts()[0]!.text).toContain(`Prazo para a defesa: ${deadline}.`);
      expect(alerts()[0]!.html).toContain(`Prazo para a defesa: ${deadline}.`);

      // The console lists it with its deadline, and Visão geral counts it open.
      const list = await call<AdminDisputeList>('/disputes');
      const listed = list.body.disputes.find((row) => row.orderId === order.id)!;
      expect(listed).toMatchObject({ state: 'open', source: 'provider', amountCents: 1990, defenceDueAt: due });
      const overview = await call<AdminOverview>('/overview');
      expect(overview.body.openDisputes.map((row) => row.orderRef)).toContain(order.public_ref);

      // Nothing is due two days before; a day before, one reminder (once, however often the job runs); 6 h before, the last.
      const { db } = running.server.orders;
      expect(await queueDueReminders(db, running.clock.now + DAY)).toBe(0);
      expect(await queueDueReminders(db, due - 23 * HOUR)).toBe(1);
      expect(await queueDueReminders(db, due - 22 * HOUR)).toBe(0);
      expect(await queueDueReminders(db, due - 5 * HOUR)).toBe(1);
      expect(await queueDueReminders(db, due - 4 * HOUR)).toBe(0);
      const started = running.clock.now;
      running.clock.now = due - 4 * HOUR;
      await drainOutbox(running.server);
      running.clock.now = started;
      expect(alerts().map((mail) => mail.subject)).toEqual([
        `Contestação aberta no pedido ${order.public_ref}`,
        `Faltam 24 horas para defender o pedido ${order.public_ref}`,
        `Faltam 6 horas para defender o pedido ${order.public_ref}`,
      ]);
      for (const reminder of alerts().slice(1)) {
        expectAlertFacts(reminder, buyer.name, link);
        expect(reminder.text).toContain(`Prazo para a defesa: ${deadline}.`);
      }
    });

    for (const outcome of ['won', 'lost'] as const)
      it(`a dispute ${outcome} is told to the seller once, in the words of what was recorded; a replay tells nothing more`, async () => {
        const { order, buyer } = await buyAndPay(running, { fields: { bump: true } });
        await drainOutbox(running.server);
        const returned = Number(order.amount_cents) - 1990;
        const decided = disputeOf(order, { amountCents: returned, state: outcome, rawStatus: outcome === 'won' ? 'REJEITADA' : 'ACEITA' });
        await apply(order, disputeOf(order, { amountCents: returned }));
        await apply(order, decided);
        await drainOutbox(running.server);
        await apply(order, decided);
        await apply(order, disputeOf(order, { amountCents: returned }));
        await drainOutbox(running.server);

        const subject = outcome === 'won' ? 'Contestação ganha' : 'Contestação perdida';
        const told = alerts().filter((mail) => mail.subject === `${subject} no pedido ${order.public_ref}`);
        expect(told).toHaveLength(1);
        expect(alerts().map((mail) => mail.subject)).toEqual([`Contestação aberta no pedido ${order.public_ref}`, told[0]!.subject]);
        expectAlertFacts(told[0]!, buyer.name, consoleLink(await disputeIdOf(order.id)));
        for (const part of [told[0]!.text, told[0]!.html]) {
          if (outcome === 'won') {
            expect(part).toContain('terminou como ganha');
            expect(part).not.toContain('perdida');
          } else {
            // The amount of this dispute, the bump's price, not the order's.
            expect(part).toContain(`terminou como perdida: ${formatBRL(returned)} foram devolvidos ao comprador pelo MED`);
            expect(part).not.toContain('ganha');
          }
        }
        expect((await outboxRows(running.db, order.id, 'dispute_alert:%')).map((row) => row.kind).sort()).toEqual(
          [`dispute_alert:${await disputeIdOf(order.id)}`, `dispute_alert:${await disputeIdOf(order.id)}:${outcome}`].sort(),
        );
      });

    it("a lost dispute's alert read the instant its transaction commits already says what the MED took back", async () => {
      const { order } = await buyAndPay(running, { fields: { bump: true } });
      await drainOutbox(running.server);
      await apply(order, disputeOf(order));
      // The outbox may pick the alert up between the commit and anything after it: read it there, as the worker would.
      const deps = running.server.orders;
      const read: (string | null)[] = [];
      const db = new Proxy(deps.db, {
        get(target, key) {
          if (key !== 'transaction') {
            const value = Reflect.get(target, key, target) as unknown;
            // Kysely's methods read private fields: called on the database itself.
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          }
          return () => {
            const builder = target.transaction();
            return {
              execute: async <T>(work: Parameters<typeof builder.execute<T>>[0]) => {
                const result = await builder.execute(work);
                for (const row of await outboxRows(running.db, order.id, 'dispute_alert:%:lost'))
                  read.push((await loadDisputeAlert(target, { orderId: order.id, kind: row.kind }, DISPUTE_ALERT_FAMILY)).facts.returned);
                return result;
              },
            };
          };
        },
      });
      await applyProviderDispute({ ...deps, db }, order.provider, disputeOf(order, { state: 'lost', rawStatus: 'ACEITA' }));
      expect(read.length).toBeGreaterThan(0);
      expect(read[0]).toBe(formatBRL(Number(order.amount_cents)));
      await drainOutbox(running.server);
      const told = alerts().find((mail) => mail.subject === `Contestação perdida no pedido ${order.public_ref}`)!;
      expect(told.text).toContain(`terminou como perdida: ${formatBRL(Number(order.amount_cents))} foram devolvidos ao comprador pelo MED`);
    });

    it('lost: the access ends, the money shows "Devolvido pelo MED", revenue is what the provider kept, and the buyer is blocked until the seller removes it', async () => {
      const buyer = { ...uniqueBuyer('Renata Falcão'), document: '529.982.247-25' };
      const kept = await buyAndPay(running, { buyer: uniqueBuyer('Outra Compradora') });
      const { order } = await buyAndPay(running, { buyer });
      const { cookie } = await memberVisit(running.server.url, running.db, order.id, running.clock.now);
      const revenueBefore = (await call<AdminOverview>('/overview')).body.totals.today.revenueCents;

      await apply(order, disputeOf(order));
      await apply(order, disputeOf(order, { state: 'lost', rawStatus: 'ACEITA' }));
      await apply(order, disputeOf(order, { state: 'lost', rawStatus: 'ACEITA' }));

      const stored = await orderRow(running.db, order.id);
      expect(stored.status).toBe('reversed');
      expect(Number(stored.med_returned_cents)).toBe(1990);
      // The member page no longer opens.
      const member = await fetch(`${running.server.url}/api/access`, { headers: { Cookie: cookie } });
      expect(member.status).not.toBe(200);
      const detail = await call<AdminOrderDetail>(`/orders/${order.id}`);
      expect(detail.body.status).toBe('med_returned');
      expect(detail.body.purchase?.items.map((item) => item.state)).toEqual(['med_returned']);
      expect(detail.body.purchase).toMatchObject({ paidCents: 1990, refundedCents: 0, medReturnedCents: 1990, openCents: 0 });
      const csv = await (await consoleCall(running.server.url, admin, '/orders.csv')).text();
      const line = csv.split('\r\n').find((row) => row.startsWith(order.id))!;
      expect(line).toContain('Devolvido pelo MED');
      expect(line).not.toContain('Reembolsado');
      expect(csv.split('\r\n').find((row) => row.startsWith(kept.order.id))).toContain('Pago');
      // The evidence document says so too.
      const evidence = await (await consoleCall(running.server.url, admin, `/orders/${order.id}/evidence?format=html`)).text();
      expect(evidence).toContain('Devolvido pelo MED');
      // `npm run report` lists it as returned by the MED, not as a refund.
      const env = {
        ...process.env,
        DATABASE_URL: 'file' in running.db ? `sqlite:${String(running.db.file)}` : String((running.db as { url?: string }).url),
      };
      const report = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/report.ts'], { env });
      // Among the other lost disputes this file's tests recorded, in whatever order they tie.
      expect(report.stdout).toMatch(
        new RegExp(`Returned by the MED \\(Devolvido pelo MED\\): .*\\n(?:  .*\\n)*.*${order.public_ref}  R\\$\\s19,90`),
      );
      // Faturamento counts only what the provider kept.
      expect((await call<AdminOverview>('/overview')).body.totals.today.revenueCents).toBe(revenueBefore - 1990);

      // The same buyer's next PIX is refused with a neutral message, by e-mail, by CPF and by phone alike.
      const again = (fields: Record<string, string>) =>
        postOrder<{ error: string }>(running.server.url, { ...uniqueBuyer('Renata F.'), checkoutKey: newCheckoutKey(), ...fields });
      const details: Array<Record<string, string>> = [{ email: buyer.email }, { document: buyer.document }, { phone: buyer.phone }];
      for (const fields of details) {
        const refused = await again(fields);
        expect(refused.status).toBe(403);
        expect(refused.body.error).toBe(disputeBlockedCheckout);
      }
      // Only hashes are kept.
      const blocks = (await tableRows(running.db, 'dispute_blocks')).filter((row) => row.order_id === order.id);
      expect(blocks.map((row) => row.kind).sort()).toEqual(['document', 'email', 'phone']);
      for (const block of blocks) expect(JSON.stringify(block)).not.toContain(buyer.email);

      // The seller sees each block and removes them; the buyer can pay again.
      const listed = (await call<AdminDisputeList>('/disputes')).body.blocks.filter((block) => block.orderRef === order.public_ref);
      expect(listed).toHaveLength(3);
      for (const block of listed) expect((await call<AdminDisputeList>(`/dispute-blocks/${block.id}/remove`, {})).status).toBe(200);
      expect((await again({ email: buyer.email, document: buyer.document, phone: buyer.phone })).status).toBe(201);
    });

    it("the block knows a Gmail, Outlook, iCloud or Proton address however it is dotted or +tagged, and no other domain's +tag", async () => {
      const mailbox = `ana${newCheckoutKey().slice(1, 9)}`;
      const buyer = { ...uniqueBuyer('Ana Lima'), email: `${mailbox}@gmail.com`, document: uniqueCpf() };
      const { order } = await buyAndPay(running, { buyer });
      await apply(order, disputeOf(order, { state: 'lost', rawStatus: 'ACEITA' }));
      // A new CPF and phone each time: only the e-mail can match.
      const again = (email: string) =>
        postOrder<{ error: string }>(running.server.url, {
          ...uniqueBuyer('Ana Lima'),
          email,
          document: uniqueCpf(),
          checkoutKey: newCheckoutKey(),
        });
      const dotted = [...mailbox].join('.');
      for (const email of [`${mailbox}+x@gmail.com`, `${dotted}@gmail.com`, `${dotted.toUpperCase()}+Promo@GoogleMail.com`]) {
        const refused = await again(email);
        expect(refused.status, email).toBe(403);
        expect(refused.body.error).toBe(disputeBlockedCheckout);
      }
      // Elsewhere a +tag may be another person's mailbox.
      expect((await again(`${mailbox}+x@example.com`)).status).toBe(201);

      // A block kept before the fold, hashed from the e-mail only normalized, still holds.
      const tagged = { ...uniqueBuyer('Ana Lima'), email: `${mailbox}+compra@outlook.com`, document: uniqueCpf() };
      const before = await buyAndPay(running, { buyer: tagged });
      await apply(before.order, disputeOf(before.order, { state: 'lost', rawStatus: 'ACEITA' }));
      // As a block was hashed before the fold (src/server/disputes/dispute-blocks.ts, blockHash).
      const unfolded = createHash('sha256').update(`dispute-block:email:${tagged.email}`).digest('base64url');
      await setDisputeBlockHash(running.db, before.order.id, 'email', unfolded);
      expect((await again(tagged.email.toUpperCase())).status).toBe(403);
      // Inserted folded now: the same Outlook mailbox with another tag is refused, another mailbox is not.
      const folded = { ...uniqueBuyer('Ana Lima'), email: `${mailbox}.outro+a@outlook.com`, document: uniqueCpf() };
      const after = await buyAndPay(running, { buyer: folded });
      await apply(after.order, disputeOf(after.order, { state: 'lost', rawStatus: 'ACEITA' }));
      expect((await again(`${mailbox}.outro+b@outlook.com`)).status).toBe(403);
      expect((await again(`${mailbox}outro@outlook.com`)).status).toBe(201);
    });

    it('a dispute lost over the bump alone ends that item only: the main list stays open and revenue keeps its price', async () => {
      const { order } = await buyAndPay(running, { fields: { bump: true } });
      const revenueBefore = (await call<AdminOverview>('/overview')).body.totals.today.revenueCents;
      const bump = Number(order.amount_cents) - 1990;
      await apply(order, disputeOf(order, { amountCents: bump, state: 'lost', rawStatus: 'ACEITA' }));
      const detail = await call<AdminOrderDetail>(`/orders/${order.id}`);
      expect(detail.body.status).toBe('paid');
      expect(detail.body.purchase?.items.map((item) => [item.key, item.state])).toEqual([
        ['main', 'open'],
        ['bump', 'med_returned'],
      ]);
      expect(detail.body.purchase).toMatchObject({ medReturnedCents: bump, refundedCents: 0, openCents: 1990 });
      expect((await call<AdminOverview>('/overview')).body.totals.today.revenueCents).toBe(revenueBefore - bump);
    });

    for (const outcome of ['won', 'cancelled'] as const)
      it(`a dispute over a payment the shop had not seen, ${outcome}, ends with the order paid and its access e-mailed once`, async () => {
        const { orderId } = await buy(running.server);
        const order = await orderRow(running.db, orderId);
        // Paid at the provider with its notification lost, long enough ago that the charge is no longer read.
        await setSandboxCharge(running.db, order.charge_id!, 'paid');
        await setOrderColumns(running.db, orderId, { expires_at: running.clock.now - 3 * DAY });
        await running.server.reconciler.runOnce();
        expect((await orderRow(running.db, orderId)).status).toBe('pending');

        await apply(order, disputeOf(order));
        await apply(order, disputeOf(order, { state: outcome, rawStatus: outcome === 'won' ? 'REJEITADA' : 'CANCELADA_EFI' }));
        await running.server.reconciler.runOnce();
        await drainOutbox(running.server);
        await running.server.reconciler.runOnce();
        await drainOutbox(running.server);

        expect((await orderRow(running.db, orderId)).status).toBe('paid');
        expect(await outboxRows(running.db, orderId, 'access_email')).toHaveLength(1);
        const disputes = (await tableRows(running.db, 'disputes')).filter((row) => row.order_id === orderId);
        expect(disputes.map((row) => row.state)).toEqual([outcome]);
      });

    it('"Registrar contestação" finds the order by e-mail, reference or E2E id, and one entered by hand is closed by hand', async () => {
      const { order, buyer } = await buyAndPay(running);
      const byEmail = await call<AdminDispute>('/disputes', { query: buyer.email.toUpperCase(), defenceDueOn: '2099-12-31' });
      expect(byEmail.status).toBe(201);
      expect(byEmail.body).toMatchObject({ orderRef: order.public_ref, source: 'manual', state: 'open', amountCents: 1990 });
      expect((await call<{ error: string }>('/disputes', { query: order.public_ref })).body.error).toBe(disputesApi.alreadyOpen);
      expect((await call<AdminDispute>(`/disputes/${byEmail.body.id}/resolve`, { state: 'cancelled' })).body.state).toBe('cancelled');
      // More than was paid is refused with the paid amount, never stored as something else.
      const tooMuch = await call<{ error: string }>('/disputes', { query: order.public_ref, amountCents: 999_999 });
      expect([tooMuch.status, tooMuch.body.error]).toEqual([422, disputesApi.amountAbovePaid(formatBRL(1990))]);
      const byRef = await call<AdminDispute>('/disputes', { query: order.public_ref, amountCents: 990 });
      expect(byRef.body).toMatchObject({ orderId: order.id, amountCents: 990 });
      expect((await call<AdminDispute>(`/disputes/${byRef.body.id}/resolve`, { state: 'won' })).body.state).toBe('won');
      await setOrderColumns(running.db, order.id, { end_to_end_id: 'E00416968202611271234abcdEFGH123' });
      const byE2e = await call<AdminDispute>('/disputes', { query: 'E00416968202611271234abcdEFGH123' });
      expect(byE2e.body.orderId).toBe(order.id);
      expect((await call<{ error: string }>('/disputes', { query: 'ninguem@example.com' })).status).toBe(404);
      await drainOutbox(running.server);
      expect(alerts().filter((mail) => mail.subject === `Contestação aberta no pedido ${order.public_ref}`)).toHaveLength(3);
      // Closed by hand: won is told once; cancelled needs nothing from the seller.
      expect(alerts().filter((mail) => mail.subject === `Contestação ganha no pedido ${order.public_ref}`)).toHaveLength(1);
      expect(alerts().filter((mail) => /Contestação (ganha|perdida)/.test(mail.subject))).toHaveLength(1);
    });

    it('"Enviar defesa" sends the evidence once, a second press is refused, and a late one is refused as late', async () => {
      const { order } = await buyAndPay(running);
      await memberVisit(running.server.url, running.db, order.id, running.clock.now);
      const now = running.clock.now;
      await insertReviewRow(running.db, {
        order_id: order.id,
        rating: 5,
        text: 'Lista excelente, já fechei com dois fornecedores.',
        display_name: 'Ana',
        city: null,
        state: null,
        photo_url: null,
        consent_at: now,
        status: 'pending',
        position: null,
        purchased_at: now,
        created_at: now,
        updated_at: now,
        published_at: null,
      });
      const dispute = (await call<AdminDispute>('/disputes', { query: order.public_ref, defenceDueOn: '2099-12-31' })).body;
      // The list carries no defence: its text is built for one dispute at a time.
      const listed = (await call<AdminDisputeList>('/disputes')).body.disputes.find((each) => each.id === dispute.id)!;
      expect(Object.keys(listed)).not.toContain('defenceText');
      const defence = await call<AdminDisputeDefence>(`/disputes/${dispute.id}/defence`);
      expect(defence.status).toBe(200);
      expect(defence.body.text).toContain('5/5 "Lista excelente, já fechei com dois fornecedores."');
      expect(defence.body.text).toContain(order.public_ref);
      // One visit of the member page, through the buyer's link: one opening, from one address.
      expect(defence.body.text).toContain('A página de membro foi aberta 1 vez, de 1 endereço de internet:');
      expect((await call(`/disputes/dsp_nenhuma/defence`)).status).toBe(404);
      const sent = await call<AdminDispute>(`/disputes/${dispute.id}/defence`, {});
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ state: 'defending', defenceChannel: 'panel' });
      expect(sent.body.defenceSentAt).not.toBeNull();
      const second = await call<{ error: string }>(`/disputes/${dispute.id}/defence`, {});
      expect(second).toEqual({ status: 409, body: { error: disputesApi.alreadySent } });
      const pdf = await consoleCall(running.server.url, admin, `/disputes/${dispute.id}/defence.pdf`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');

      const late = await buyAndPay(running);
      const overdue = (await call<AdminDispute>('/disputes', { query: late.order.public_ref, defenceDueOn: '2020-01-31' })).body;
      expect(await call(`/disputes/${overdue.id}/defence`, {})).toEqual({ status: 422, body: { error: disputesApi.tooLate } });
    });

    it('"Enviar defesa" goes through the provider\'s own channel, within its length, once; its 409 and 422 are told in words', async () => {
      const provider = running.server.orders.payments.get('tribopay')! as { disputes?: ProviderDisputes };
      const sent: Array<{ disputeId: string; text: string; pdf: boolean; pdfUrl: string | null }> = [];
      let answer: DefenceOutcome = { kind: 'sent' };
      provider.disputes = {
        maxDefenceChars: 200,
        defend: async (dispute, defence) => {
          sent.push({ disputeId: dispute.disputeId, text: defence.text, pdf: defence.pdf !== null, pdfUrl: defence.pdfUrl ?? null });
          return answer;
        },
      };
      try {
        const press = (id: string) => call<AdminDispute & { error?: string }>(`/disputes/${id}/defence`, {});
        const idOf = async (order: Awaited<ReturnType<typeof buyAndPay>>['order']) => {
          const applied = await apply(order, disputeOf(order));
          return applied.kind === 'applied' ? applied.dispute.id : '';
        };
        const { order } = await buyAndPay(running);
        const id = await idOf(order);
        const first = await press(id);
        expect(first.status).toBe(200);
        expect(first.body).toMatchObject({ defenceChannel: 'provider', state: 'defending' });
        expect(sent).toHaveLength(1);
        expect(sent[0]!.disputeId).toBe(`inf-${order.charge_id}`);
        expect(sent[0]!.text.length).toBeLessThanOrEqual(200);
        expect(sent[0]!.text).toContain(order.public_ref);
        expect(sent[0]!.pdf).toBe(true);
        // Woovi downloads the PDF itself: it is there at the URL given, and only for a defence sent.
        const download = await fetch(sent[0]!.pdfUrl!);
        expect(download.status).toBe(200);
        expect(download.headers.get('content-type')).toBe('application/pdf');
        const unsent = await idOf((await buyAndPay(running)).order);
        expect((await fetch(sent[0]!.pdfUrl!.replace(id, unsent))).status).toBe(404);
        expect(await press(id)).toEqual({ status: 409, body: { error: disputesApi.alreadySent } });
        expect(sent).toHaveLength(1);

        answer = { kind: 'too_late' };
        const late = await idOf((await buyAndPay(running)).order);
        expect(await press(late)).toEqual({ status: 422, body: { error: disputesApi.tooLate } });
        answer = { kind: 'already_sent' };
        const twice = await idOf((await buyAndPay(running)).order);
        expect(await press(twice)).toEqual({ status: 409, body: { error: disputesApi.alreadySent } });
      } finally {
        delete provider.disputes;
      }
    });

    it('while a dispute is open, refunds need a second confirmation, the buyer is told the truth, and nothing goes to the provider', async () => {
      const { order } = await buyAndPay(running);
      const { cookie } = await memberVisit(running.server.url, running.db, order.id, running.clock.now);
      await apply(order, disputeOf(order));

      const asked = await askRefund<{ error: string }>(running.server.url, cookie);
      expect(asked).toEqual({ status: 409, body: { error: disputeRefundGuard.buyerAnswer } });
      for (const path of [`/orders/${order.id}/refund/start`, `/orders/${order.id}/refund`]) {
        const refused = await call<{ error: string; code: string }>(path, {});
        expect(refused).toEqual({ status: 409, body: { error: disputeRefundGuard.confirmNeeded, code: 'dispute_open' } });
      }
      expect(await rowsOfOrders(running.db, 'refunds', [order.id])).toHaveLength(0);
      expect((await orderRow(running.db, order.id)).status).toBe('paid');
      // Confirmed a second time, the seller's "Marcar como reembolsado" goes through.
      expect((await call(`/orders/${order.id}/refund`, { confirmDispute: true })).status).toBe(200);
      expect((await orderRow(running.db, order.id)).status).toBe('reversed');
    });

    it('while a dispute is open, the member page says so before any tap and offers no request; once won, the guarantee is back', async () => {
      const { order } = await buyAndPay(running);
      const { cookie } = await memberVisit(running.server.url, running.db, order.id, running.clock.now);
      const guarantee = async () => {
        const response = await fetch(`${running.server.url}/api/access`, { headers: { Cookie: cookie } });
        expect(response.status).toBe(200);
        return ((await response.json()) as MemberArea).guarantee;
      };
      expect(await guarantee()).toMatchObject({ canRequest: true, disputeOpen: false });

      await apply(order, disputeOf(order));
      expect(await guarantee()).toMatchObject({ canRequest: false, disputeOpen: true });
      await apply(order, disputeOf(order, { state: 'won', rawStatus: 'REJEITADA' }));
      expect(await guarantee()).toMatchObject({ canRequest: true, disputeOpen: false, request: null });
    });

    it('a MED devolução read on the charge settles the dispute the seller entered by hand as lost, once', async () => {
      const { order } = await buyAndPay(running);
      const entered = await call<AdminDispute>('/disputes', { query: order.public_ref });
      // What orders/ tells once a read shows the charge reversed with money the MED returned.
      const seen = {
        type: 'dispute_seen' as const,
        orderId: order.id,
        dispute: null,
        returned: { cents: 1990, chargeId: order.charge_id!, endToEndId: null, rawStatus: 'MED_FRAUDE' },
        at: running.clock.now,
      };
      await running.server.orders.events.committed(seen);
      await running.server.orders.events.committed(seen);
      const disputes = (await tableRows(running.db, 'disputes')).filter((row) => row.order_id === order.id);
      expect(disputes.map((row) => [row.id, row.state])).toEqual([[entered.body.id, 'lost']]);
      const stored = await orderRow(running.db, order.id);
      expect(stored.status).toBe('reversed');
      expect(Number(stored.med_returned_cents)).toBe(1990);
      await drainOutbox(running.server);
      const lost = alerts().filter((mail) => mail.subject === `Contestação perdida no pedido ${order.public_ref}`);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.text).toContain(`${formatBRL(1990)} foram devolvidos ao comprador pelo MED`);
    });

    it("an erased buyer's block hashes go with the rest of their data", async () => {
      const { order, buyer } = await buyAndPay(running);
      await apply(order, disputeOf(order, { state: 'lost', rawStatus: 'ACEITA' }));
      expect((await tableRows(running.db, 'dispute_blocks')).filter((row) => row.order_id === order.id)).toHaveLength(2);
      const erased = await call(`/buyer/delete`, { email: buyer.email, confirmation: buyer.email });
      expect(erased.status).toBe(200);
      expect((await tableRows(running.db, 'dispute_blocks')).filter((row) => row.order_id === order.id)).toHaveLength(0);
    });
  });

  describe(`PIX disputes and automatic refunds on ${database.name}`, () => {
    const running = useTestServer(database, { GATEWAY_REFUNDS: '1', SUPPORT_EMAIL: SELLER }, { smtp: true });

    it('an automatic refund of a disputed purchase does not reach the provider: it waits, listed, with the reason', async () => {
      const buyer = uniqueBuyer('Paula Reis');
      await buyAndPay(running, { buyer });
      // The same buyer pays a second PIX, which the bank is already contesting.
      const { orderId } = await buy(running.server, { buyer });
      const second = await orderRow(running.db, orderId);
      await applyProviderDispute(running.server.orders, second.provider, {
        disputeId: `med-${second.charge_id}`,
        chargeId: second.charge_id,
        endToEndId: null,
        amountCents: 1990,
        state: 'open',
        rawStatus: 'ABERTA',
        defenceDueAt: null,
        payer: null,
      });
      expect(await payBySandboxPostback(running.server, running.db, orderId)).toBe(200);
      await drainOutbox(running.server);

      const paid = await orderRow(running.db, orderId);
      expect(paid.duplicate_of).not.toBeNull();
      expect(paid.status).toBe('paid');
      expect((await sandboxCharge(running.db, paid.charge_id!)).payment_status).toBe('paid');
      const [refund] = await rowsOfOrders(running.db, 'refunds', [orderId]);
      expect(refund).toMatchObject({ status: 'approved', decided_by: 'auto', gateway_state: 'failed' });
      expect(refund!.gateway_error).toBe(disputeRefundGuard.automaticSkipped);
      expect(refund!.gateway_called_at).toBeNull();
    });
  });

  describe(`PIX dispute alerts on the seller's WhatsApp on ${database.name}`, () => {
    let cloud: WhatsappStandIn;
    beforeAll(async () => {
      cloud = await startWhatsappStandIn();
      // The seller's template as registered at Meta: order, amount, deadline, time left; a button to the console.
      cloud.templates.set('vitrine_contestacao', { language: 'pt_BR', bodyVariables: 4, urlButton: true, status: 'APPROVED' });
    });
    afterAll(async () => {
      await cloud.stop();
    });
    const running = useTestServer(database, () => ({ ...cloud.env(), SUPPORT_EMAIL: SELLER, DISPUTE_ALERT_WHATSAPP: '(11) 98888-7777' }), {
      smtp: true,
      clock: 'now',
    });

    it('a dispute opened reaches the alert number once, again 24 h and 6 h before the deadline, and once when lost or won, each naming the buyer', async () => {
      const { order, buyer } = await buyAndPay(running, { buyer: uniqueBuyer('Joana Prado') });
      await drainOutbox(running.server);
      const due = running.clock.now + 30 * HOUR;
      const dispute = {
        disputeId: `wa-${order.charge_id}`,
        chargeId: order.charge_id,
        endToEndId: null,
        amountCents: 1990,
        state: 'open',
        rawStatus: 'ABERTA',
        defenceDueAt: due,
        payer: null,
      } satisfies ProviderDispute;
      await applyProviderDispute(running.server.orders, order.provider, dispute);
      await applyProviderDispute(running.server.orders, order.provider, dispute);
      await drainOutbox(running.server);
      const toSeller = () => cloud.messages.filter((message) => message.to === '5511988887777');
      expect(toSeller()).toHaveLength(1);
      // Its button opens this dispute in the console: the query the console moves into its hash.
      expect(toSeller()[0]).toMatchObject({
        template: 'vitrine_contestacao',
        urlSuffix: `painel?contestacao=${(await tableRows(running.db, 'disputes')).find((row) => row.order_id === order.id)!.id}`,
      });
      expect(toSeller()[0]!.body[0]).toBe(`${order.public_ref} (${buyer.name})`);
      expect(toSeller()[0]!.body[1]).toMatch(/R\$\s19,90/);
      expect(toSeller()[0]!.body[2]).toBe(`até ${formatExpiry(due)} (horário de Brasília)`);
      expect(toSeller()[0]!.body[3]).toBe('Aberta');

      const started = running.clock.now;
      running.clock.now = due - 23 * HOUR;
      expect(await queueDueReminders(running.server.orders.db, running.clock.now, { whatsapp: true })).toBe(1);
      await drainOutbox(running.server);
      running.clock.now = due - 5 * HOUR;
      expect(await queueDueReminders(running.server.orders.db, running.clock.now, { whatsapp: true })).toBe(1);
      await drainOutbox(running.server);
      running.clock.now = started;
      expect(toSeller().map((message) => message.body[3])).toEqual(['Aberta', '24 horas', '6 horas']);

      const lost = { ...dispute, state: 'lost', rawStatus: 'ACEITA' } satisfies ProviderDispute;
      await applyProviderDispute(running.server.orders, order.provider, lost);
      await applyProviderDispute(running.server.orders, order.provider, lost);
      await drainOutbox(running.server);
      // Meta's variables carry no non-breaking space: the amount arrives with a plain one.
      expect(toSeller().map((message) => message.body[3])).toEqual([
        'Aberta',
        '24 horas',
        '6 horas',
        'Perdida: R$ 19,90 devolvidos ao comprador pelo MED',
      ]);
      // Every alert names the order and its buyer as the e-mail does, with the amount and the deadline: the exact variables.
      for (const message of toSeller()) {
        expect(message.body.slice(0, 3)).toEqual([
          `${order.public_ref} (${buyer.name})`,
          'R$ 19,90',
          `até ${formatExpiry(due)} (horário de Brasília)`,
        ]);
      }

      // Another buyer's dispute, won: the alert names that buyer.
      const other = await buyAndPay(running, { buyer: uniqueBuyer('Marta Quintela') });
      await drainOutbox(running.server);
      const opened = { ...dispute, disputeId: `wa-${other.order.charge_id}`, chargeId: other.order.charge_id };
      await applyProviderDispute(running.server.orders, other.order.provider, opened);
      await drainOutbox(running.server);
      await applyProviderDispute(running.server.orders, other.order.provider, { ...opened, state: 'won', rawStatus: 'REJEITADA' });
      await drainOutbox(running.server);
      const won = toSeller().slice(-2);
      expect(won.map((message) => message.body)).toEqual([
        [`${other.order.public_ref} (${other.buyer.name})`, 'R$ 19,90', `até ${formatExpiry(due)} (horário de Brasília)`, 'Aberta'],
        [
          `${other.order.public_ref} (${other.buyer.name})`,
          'R$ 19,90',
          `até ${formatExpiry(due)} (horário de Brasília)`,
          'Ganha: nada foi devolvido pelo MED',
        ],
      ]);
      // The names go only to the seller's number, never into the log.
      const log = running.server.logLines.map((entry) => entry.line).join('\n');
      expect(log).toContain('whatsapp sent');
      for (const name of [buyer.name, other.buyer.name]) expect(log).not.toContain(name);
    });
  });
}
