import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../src/shared/admin.ts';
import type { AdminDisputeList } from '../../src/shared/disputes.ts';
import { signInToConsole } from '../support/clients.ts';
import { orderRow, outboxRows } from '../support/db-reads.ts';
import { checkout, providersEnv } from '../support/provider-rig.ts';
import { consoleCall, drainOutbox } from '../support/purchase.ts';
import { startEfiStandIn } from '../support/providers/efi/efi-stand-in.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { databases, type TestDb } from './test-db.ts';

/**
 * An Efí infraction reaches the console within one poll: the real server over mTLS to Efí's stand-in (its MED routes
 * built from Efí's documents, cited in tests/integration/provider-disputes.test.ts), on SQLite and PostgreSQL.
 *
 * A MED devolução of part of a PIX, equal to no item's price (docs/money.md#med-part): the buyer paid main + bump
 * (R$ 29,80) and the MED returned R$ 5,00 to the payer (a devolução with `natureza` MED_FRAUDE on the original Pix),
 * with no infraction seen. Read back from the charge, it is recorded as returned by the MED, tied to no item, as a part
 * refund made in the provider's panel is: the access is kept, the seller sees it, and the seller's later refund asks
 * Efí only for the R$ 24,80 left, which the buyer's "Reembolso feito" states.
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

    it('a MED devolução of a part equal to no item keeps the access, shows the part, and a later refund asks only for what is left', async () => {
      clock.now = Date.now();
      server = await startTestServer(db, providersEnv(['efi'], efi.env(), { ADMIN_PASSWORD: PASSWORD, GATEWAY_REFUNDS: '1' }), {
        ownPublicUrl: true,
        efiCa: efi.ca,
        now: () => clock.now,
      });
      const created = await checkout(server.url, { bump: true });
      expect(created.status).toBe(201);
      const orderId = created.body.orderId!;
      const txid = (await orderRow(db, orderId)).charge_id!;
      const endToEndId = efi.standIn.pay(txid);
      clock.now += 2 * 60_000;
      await server.reconciler.runOnce();
      expect(await orderRow(db, orderId)).toMatchObject({ status: 'paid', amount_cents: WHOLE });

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
  });
}
