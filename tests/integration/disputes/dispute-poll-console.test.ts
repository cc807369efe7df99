import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { disputeBlockedCheckout } from '../../../src/content/disputes.ts';
import type { AdminHealth, AdminOrderDetail } from '../../../src/shared/admin.ts';
import type { AdminDisputeList, DisputePollReply } from '../../../src/shared/disputes.ts';
import { signInToConsole, uniqueBuyer } from '../../support/clients.ts';
import { orderRow, outboxRows, tableRows, wholeOutbox } from '../../support/db-reads.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { consoleCall, drainOutbox } from '../../support/purchase.ts';
import { startEfiStandIn } from '../../support/providers/efi/efi-stand-in.ts';
import { startWhatsappStandIn } from '../../support/stand-ins/whatsapp-stand-in.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { databases, type TestDb } from '../test-db.ts';

/**
 * An Efí infraction reaches the console within one poll: the real server over mTLS to Efí's stand-in (its MED routes
 * built from Efí's documents, cited in tests/integration/gateway/provider-disputes.test.ts), on SQLite and PostgreSQL.
 *
 * A MED devolução of part of a PIX, equal to no item's price (docs/money.md#med-part): the buyer paid main + bump
 * (R$ 29,80) and the MED returned R$ 5,00 to the payer (a devolução with `natureza` MED_FRAUDE on the original Pix),
 * with no infraction seen. Read back from the charge, it is recorded as returned by the MED, tied to no item, as a part
 * refund made in the provider's panel is: the access is kept, the seller sees it, and the seller's later refund asks
 * Efí only for the R$ 24,80 left, which the buyer's "Reembolso feito" states.
 *
 * An infraction ACEITA counts what its devolução gave back, not the infraction's amount (docs/disputes.md#lost): nothing
 * before the devolução is read, then R$ 5,00 (a part, access kept), R$ 9,90 (the bump's price: the bump ends) or R$ 29,80
 * (the whole purchase: every item ends, and only then the buyer is blocked), in either order of the two reads.
 */
const PASSWORD = 'senha-do-painel-contestacoes';
const DAY = 24 * 60 * 60_000;
const WHOLE = 2980;
const PART = 500;

for (const database of databases) {
  describe(`Efí's MED in the console, on ${database.name}`, () => {
    let db: TestDb;
    let efi: Awaited<ReturnType<typeof startEfiStandIn>>;
    let server: TestServer | undefined;
    const clock = { now: Date.now() };

    beforeAll(async () => {
      db = await database.create();
      efi = await startEfiStandIn();
    });
    afterEach(async () => {
      await server?.background.idle();
      await server?.stop();
      server = undefined;
    });
    afterAll(async () => {
      await efi?.stop();
      await db?.close();
    });

    // Efí's answer to a token without the opt-in scope (dev.efipay.com.br/docs/api-pix/endpoints-exclusivos-efi, "Listar infrações MED").
    const refuseForScope = () =>
      efi.standIn.script('GET', '/v2/gn/infracoes', {
        kind: 'status',
        status: 403,
        body: JSON.stringify({ error: 'insufficient_scope', error_description: 'Access token has insufficient scope' }),
      });

    /** Main + bump (R$ 29,80) paid at Efí and read back by the reconciler: the order, its txid and the Pix's E2E id. */
    async function paidWithBump(running: TestServer, buyer?: ReturnType<typeof uniqueBuyer>) {
      const created = await checkout(running.url, { bump: true, ...(buyer ? { buyer } : {}) });
      expect(created.status).toBe(201);
      const orderId = created.body.orderId!;
      const txid = (await orderRow(db, orderId)).charge_id!;
      const endToEndId = efi.standIn.pay(txid);
      clock.now += 2 * 60_000;
      await running.reconciler.runOnce();
      expect(await orderRow(db, orderId)).toMatchObject({ status: 'paid', amount_cents: WHOLE });
      return { orderId, txid, endToEndId };
    }

    it('"Verificar contestações agora" lists the infraction on the paid order with its deadline; a second poll adds nothing', async () => {
      clock.now = Date.now();
      server = await startTestServer(db, providersEnv(['efi'], efi.env(), { ADMIN_PASSWORD: PASSWORD }), {
        ownPublicUrl: true,
        efiCa: efi.ca,
        now: () => clock.now,
      });
      const created = await checkout(server.url);
      expect(created.status).toBe(201);
      const orderId = created.body.orderId!;
      const txid = (await orderRow(db, orderId)).charge_id!;
      efi.standIn.pay(txid);
      // The reconciler reads the charge back: the order is paid, with its end-to-end id.
      clock.now += 2 * 60_000;
      await server.reconciler.runOnce();
      expect(await orderRow(db, orderId)).toMatchObject({ status: 'paid' });

      const due = clock.now + 3 * DAY;
      const idInfracao = efi.standIn.openInfraction(txid, { prazoFinalizacao: due });
      const cookie = await signInToConsole(server.url, PASSWORD);
      const list = async () => (await (await consoleCall(server!.url, cookie, '/disputes')).json()) as AdminDisputeList;
      expect((await list()).disputes).toEqual([]);

      expect((await consoleCall(server.url, cookie, '/disputes/poll', {})).status).toBe(200);
      const { disputes } = await list();
      expect(disputes).toEqual([
        expect.objectContaining({
          orderId,
          provider: 'efi',
          source: 'provider',
          providerDisputeId: idInfracao,
          state: 'open',
          amountCents: 1990,
          defenceDueAt: due,
        }),
      ]);

      clock.now += 1000;
      await consoleCall(server.url, cookie, '/disputes/poll', {});
      expect((await list()).disputes).toHaveLength(1);
      expect(efi.standIn.violations).toEqual([]);
    });

    it('a list Efí refuses for a missing scope shouts: the button says so, Saúde names the scope, one e-mail after an hour', async () => {
      clock.now = Date.now();
      server = await startTestServer(db, providersEnv(['efi'], efi.env(), { ADMIN_PASSWORD: PASSWORD }), {
        ownPublicUrl: true,
        efiCa: efi.ca,
        now: () => clock.now,
      });
      await server.background.idle();
      const refuse = refuseForScope;
      const cookie = await signInToConsole(server.url, PASSWORD);
      const pollNow = async () => (await (await consoleCall(server!.url, cookie, '/disputes/poll', {})).json()) as DisputePollReply;
      const check = async () =>
        ((await (await consoleCall(server!.url, cookie, '/health')).json()) as AdminHealth).checks.find(
          (entry) => entry.key === 'disputes',
        );
      const alerts = async () => (await wholeOutbox(db)).filter((row) => row.kind.startsWith('read_alert:efi:disputes:'));

      refuse();
      const answer = await pollNow();
      expect(answer.ok).toBe(false);
      expect(answer.providers).toEqual([expect.objectContaining({ provider: 'efi', ok: false })]);
      expect(answer.providers[0]!.message).toContain('gn.infractions.read');
      const failing = await check();
      expect(failing).toMatchObject({ ok: false, fix: expect.any(String) });
      expect(failing!.detail).toContain('gn.infractions.read');
      expect(failing!.detail).toContain('falhando desde');
      expect(await alerts()).toEqual([]);

      // An hour of failures: one alert, however many polls fail after it.
      for (const minutes of [61, 30, 120]) {
        clock.now += minutes * 60_000;
        refuse();
        expect((await pollNow()).ok).toBe(false);
      }
      await drainOutbox(server);
      const sent = await alerts();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.sent_at).not.toBeNull();

      // The scope enabled: the next read clears it.
      efi.standIn.clearScripts();
      clock.now += 60_000;
      const fixed = await pollNow();
      expect(fixed.ok).toBe(true);
      expect(fixed.providers[0]!.message).toContain('lista lida');
      expect(await check()).toMatchObject({ ok: true });
      expect((await check())!.detail).toContain('lida em');
    });

    it('with DISPUTE_ALERT_WHATSAPP set, an hour of failures also goes to WhatsApp once; after a good read, a new outage alerts again', async () => {
      clock.now = Date.now();
      const cloud = await startWhatsappStandIn();
      // The seller's template as registered at Meta (docs/whatsapp.md#the-sellers-read-alert): three variables, a button.
      cloud.templates.set('vitrine_leitura_falhou', { language: 'pt_BR', bodyVariables: 3, urlButton: true, status: 'APPROVED' });
      onTestFinished(() => cloud.stop());
      server = await startTestServer(
        db,
        providersEnv(['efi'], efi.env(), cloud.env(), { ADMIN_PASSWORD: PASSWORD, DISPUTE_ALERT_WHATSAPP: '(11) 98765-4321' }),
        { ownPublicUrl: true, efiCa: efi.ca, now: () => clock.now },
      );
      await server.background.idle();
      const refuse = refuseForScope;
      const cookie = await signInToConsole(server.url, PASSWORD);
      const pollNow = async () => (await (await consoleCall(server!.url, cookie, '/disputes/poll', {})).json()) as DisputePollReply;
      const sent = async (family: string) =>
        (await wholeOutbox(db)).filter((row) => row.kind.startsWith(family) && row.sent_at !== null).map((row) => row.kind);
      const before = {
        mail: (await sent('read_alert:efi:disputes:')).length,
        whatsapp: (await sent('read_whatsapp:efi:disputes:')).length,
      };
      const outage = async () => {
        for (const minutes of [0, 30, 31, 45, 120]) {
          clock.now += minutes * 60_000;
          refuse();
          expect((await pollNow()).ok).toBe(false);
        }
        await drainOutbox(server!);
      };

      await outage();
      expect((await sent('read_alert:efi:disputes:')).length - before.mail).toBe(1);
      const whatsapp = await sent('read_whatsapp:efi:disputes:');
      expect(whatsapp.length - before.whatsapp).toBe(1);
      expect(whatsapp.at(-1)).toMatch(/^read_whatsapp:efi:disputes:\d+$/);
      const toSeller = () => cloud.messages.filter((message) => message.to === '5511987654321');
      expect(toSeller()).toHaveLength(1);
      expect(toSeller()[0]).toMatchObject({ template: 'vitrine_leitura_falhou', urlSuffix: 'painel' });
      expect(toSeller()[0]!.body[0]).toBe('as contestações (MED) da Efí');
      expect(toSeller()[0]!.body[2]).toContain('gn.infractions.read');

      efi.standIn.clearScripts();
      clock.now += 60_000;
      expect((await pollNow()).ok).toBe(true);
      await outage();
      expect((await sent('read_alert:efi:disputes:')).length - before.mail).toBe(2);
      expect((await sent('read_whatsapp:efi:disputes:')).length - before.whatsapp).toBe(2);
      expect(toSeller()).toHaveLength(2);
      efi.standIn.clearScripts();
    });

    const medCases = [
      { returned: PART, first: 'aceita', items: ['open', 'open'], status: 'paid', blocked: false },
      { returned: 990, first: 'devolução', items: ['open', 'med_returned'], status: 'paid', blocked: false },
      { returned: WHOLE, first: 'aceita', items: ['med_returned', 'med_returned'], status: 'reversed', blocked: true },
    ] as const;
    for (const { returned, first, items, status, blocked } of medCases) {
      it(`an infraction ACEITA with a devolução of ${returned} on ${WHOLE} (${first} read first) counts the devolução: items ${items.join('/')}, blocked ${blocked}`, async () => {
        clock.now = Date.now();
        server = await startTestServer(db, providersEnv(['efi'], efi.env(), { ADMIN_PASSWORD: PASSWORD }), {
          ownPublicUrl: true,
          efiCa: efi.ca,
          now: () => clock.now,
        });
        const buyer = uniqueBuyer('Tereza Antunes');
        const { orderId, txid, endToEndId } = await paidWithBump(server, buyer);

        const cookie = await signInToConsole(server.url, PASSWORD);
        const pollNow = async () => expect((await consoleCall(server!.url, cookie, '/disputes/poll', {})).status).toBe(200);
        const detail = async () => (await (await consoleCall(server!.url, cookie, `/orders/${orderId}`)).json()) as AdminOrderDetail;
        const dispute = async () =>
          ((await (await consoleCall(server!.url, cookie, '/disputes')).json()) as AdminDisputeList).disputes.filter(
            (each) => each.orderId === orderId,
          );
        const reread = async () => {
          clock.now += 2 * 60_000;
          await server!.reconciler.runOnce();
          await drainOutbox(server!);
        };
        const idInfracao = efi.standIn.openInfraction(txid, { prazoFinalizacao: clock.now + 3 * DAY });
        await pollNow();
        expect((await dispute()).map((each) => [each.state, each.amountCents, each.returnedCents])).toEqual([['open', WHOLE, null]]);

        if (first === 'aceita') {
          efi.standIn.setInfractionStatus(idInfracao, 'ACEITA');
          clock.now += 60_000;
          await pollNow();
          // Lost at Efí, no money seen going yet: nothing counted, nothing ended, nobody blocked.
          expect((await dispute()).map((each) => [each.state, each.amountCents, each.returnedCents])).toEqual([['lost', WHOLE, null]]);
          expect((await detail()).purchase).toMatchObject({ medReturnedCents: 0, openCents: WHOLE });
          expect((await tableRows(db, 'dispute_blocks')).filter((row) => row.order_id === orderId)).toEqual([]);
          // The charge is read again at once: it shows the devolução, read on the next run, not an hour later.
          efi.standIn.medReturn(endToEndId, returned);
          await reread();
        } else {
          efi.standIn.medReturn(endToEndId, returned);
          clock.now += 61 * 60_000;
          await reread();
          efi.standIn.setInfractionStatus(idInfracao, 'ACEITA');
          clock.now += 60_000;
          await pollNow();
        }
        // Read again, both ways: nothing changes.
        await reread();
        await pollNow();

        expect((await dispute()).map((each) => [each.state, each.amountCents, each.returnedCents])).toEqual([['lost', WHOLE, returned]]);
        // "(parte)" on the card only while every item stays open: an item's price ends that item, the whole ends all.
        expect((await dispute())[0]!.returnedPart).toBe(items.every((state) => state === 'open'));
        const after = await detail();
        expect(after.purchase?.items.map((item) => item.state)).toEqual(items);
        expect(after.purchase).toMatchObject({ paidCents: WHOLE, refundedCents: 0, medReturnedCents: returned });
        expect((await orderRow(db, orderId)).status).toBe(status);
        expect(Number((await orderRow(db, orderId)).med_returned_cents)).toBe(returned);
        const blocks = (await tableRows(db, 'dispute_blocks')).filter((row) => row.order_id === orderId);
        expect(blocks.length > 0).toBe(blocked);
        const again = await checkout(server.url, { buyer: { ...uniqueBuyer('Tereza A.'), email: buyer.email } });
        if (blocked) expect(again.body).toMatchObject({ error: disputeBlockedCheckout });
        else expect(again.status).toBe(201);
      });
    }

    it('a MED devolução of a part equal to no item keeps the access, shows the part, and a later refund asks only for what is left', async () => {
      clock.now = Date.now();
      server = await startTestServer(db, providersEnv(['efi'], efi.env(), { ADMIN_PASSWORD: PASSWORD, GATEWAY_REFUNDS: '1' }), {
        ownPublicUrl: true,
        efiCa: efi.ca,
        now: () => clock.now,
      });
      const { orderId, txid, endToEndId } = await paidWithBump(server);

      efi.standIn.medReturn(endToEndId, PART);
      // The paid charge's next read-back.
      clock.now += 61 * 60_000;
      await server.reconciler.runOnce();
      await drainOutbox(server);

      const cookie = await signInToConsole(server.url, PASSWORD);
      const detail = async () => (await (await consoleCall(server!.url, cookie, `/orders/${orderId}`)).json()) as AdminOrderDetail;
      const before = await detail();
      expect(before.status).toBe('paid');
      expect(before.purchase?.items.map((item) => [item.key, item.state])).toEqual([
        ['main', 'open'],
        ['bump', 'open'],
      ]);
      const figures = before.purchase!;
      expect(figures).toMatchObject({ paidCents: WHOLE, refundedCents: 0, medReturnedCents: PART, medPartCents: PART, openCents: WHOLE });
      // docs/money.md#invariants, rule 1.
      expect(figures.paidCents - figures.refundedCents - figures.medReturnedCents + figures.partRefundedCents + figures.medPartCents).toBe(
        figures.openCents + figures.owedCents + figures.revokedCents + figures.awaitingCents,
      );
      const disputes = (await (await consoleCall(server.url, cookie, '/disputes')).json()) as AdminDisputeList;
      const ofOrder = disputes.disputes.filter((dispute) => dispute.orderId === orderId);
      expect(ofOrder.map((dispute) => [dispute.state, dispute.amountCents])).toEqual([['lost', PART]]);
      // Its card says "(parte)": tied to no item, the access kept.
      expect(ofOrder.map((dispute) => [dispute.returnedCents, dispute.returnedPart])).toEqual([[PART, true]]);

      // The seller's "Reembolsar": Efí is asked for what it still holds.
      expect((await consoleCall(server.url, cookie, `/orders/${orderId}/refund/start`, {})).status).toBe(202);
      await drainOutbox(server);
      const devolucoes = efi.standIn.cob(txid)!.pix[0]!.devolucoes;
      expect(devolucoes.map((devolucao) => [devolucao.natureza, devolucao.valor])).toEqual([
        ['MED_FRAUDE', '5.00'],
        ['ORIGINAL', '24.80'],
      ]);
      // Efí settles the devolução; the shop reads it back.
      efi.standIn.settleRefund(endToEndId, devolucoes[1]!.id, 'DEVOLVIDO');
      clock.now += 10 * 60_000;
      await server.reconciler.runOnce();
      await drainOutbox(server);
      expect((await orderRow(db, orderId)).status).toBe('reversed');
      const after = await detail();
      expect(after.purchase).toMatchObject({ paidCents: WHOLE, refundedCents: WHOLE - PART, medReturnedCents: PART, openCents: 0 });
      const told = await outboxRows(db, orderId, 'refund_done%');
      expect(told.map((row) => (JSON.parse(String(row.payload)) as { amountCents: number }).amountCents)).toEqual([WHOLE - PART]);
    });

    // Found by the purchase model (Efí, refunds at the provider, FUZZ_SEED=4): the buyer already held the main product
    // and paid main + bump again, so Efí was returning the repeated R$ 19,90 (our devolução, EM_PROCESSAMENTO) when the
    // MED took the R$ 9,90 left. The charge then reads as refunding, and the MED's money was read as none.
    it('a MED devolução while our part refund is still on its way at Efí is counted: the bump ends, "Devolvido pelo MED" R$ 9,90', async () => {
      clock.now = Date.now();
      server = await startTestServer(db, providersEnv(['efi'], efi.env(), { ADMIN_PASSWORD: PASSWORD, GATEWAY_REFUNDS: '1' }), {
        ownPublicUrl: true,
        efiCa: efi.ca,
        now: () => clock.now,
      });
      const buyer = uniqueBuyer('Joana Prado');
      const first = await checkout(server.url, { buyer });
      expect(first.status).toBe(201);
      efi.standIn.pay((await orderRow(db, first.body.orderId!)).charge_id!);
      clock.now += 2 * 60_000;
      await server.reconciler.runOnce();
      expect((await orderRow(db, first.body.orderId!)).status).toBe('paid');
      // Main + bump again: the main product is a duplicate, given back through Efí's part devolução.
      const { orderId, txid, endToEndId } = await paidWithBump(server, buyer);
      await drainOutbox(server);
      const ours = efi.standIn.cob(txid)!.pix[0]!.devolucoes;
      expect(ours.map((devolucao) => [devolucao.natureza, devolucao.valor, devolucao.status])).toEqual([
        ['ORIGINAL', '19.90', 'EM_PROCESSAMENTO'],
      ]);

      efi.standIn.medReturn(endToEndId, 990);
      clock.now += 61 * 60_000;
      await server.reconciler.runOnce();
      await drainOutbox(server);

      const cookie = await signInToConsole(server.url, PASSWORD);
      const detail = async () => (await (await consoleCall(server!.url, cookie, `/orders/${orderId}`)).json()) as AdminOrderDetail;
      const during = (await detail()).purchase!;
      expect(during.items.map((item) => [item.key, item.state])).toEqual([
        ['main', 'owed'],
        ['bump', 'med_returned'],
      ]);
      expect(during).toMatchObject({ paidCents: WHOLE, refundedCents: 0, medReturnedCents: 990, medPartCents: 0, openCents: 0 });
      const disputes = (await (await consoleCall(server.url, cookie, '/disputes')).json()) as AdminDisputeList;
      expect(
        disputes.disputes.filter((dispute) => dispute.orderId === orderId).map((dispute) => [dispute.state, dispute.returnedCents]),
      ).toEqual([['lost', 990]]);

      // Efí settles our devolução: the repeated main product went back, the bump stays the MED's.
      efi.standIn.settleRefund(endToEndId, ours[0]!.id, 'DEVOLVIDO');
      clock.now += 10 * 60_000;
      await server.reconciler.runOnce();
      await drainOutbox(server);
      const after = (await detail()).purchase!;
      expect(after.items.map((item) => [item.key, item.state])).toEqual([
        ['main', 'refunded'],
        ['bump', 'med_returned'],
      ]);
      expect(after).toMatchObject({ paidCents: WHOLE, refundedCents: 1990, medReturnedCents: 990, openCents: 0 });
      // The first purchase keeps its access.
      expect((await orderRow(db, first.body.orderId!)).status).toBe('paid');
    });
  });
}
