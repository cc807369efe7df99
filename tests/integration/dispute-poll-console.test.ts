import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDisputeList } from '../../src/shared/disputes.ts';
import { signInToConsole } from '../support/clients.ts';
import { orderRow } from '../support/db-reads.ts';
import { checkout, providersEnv } from '../support/provider-rig.ts';
import { consoleCall } from '../support/purchase.ts';
import { startEfiStandIn } from '../support/stand-ins/efi-stand-in.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { databases, type TestDb } from './test-db.ts';

/**
 * An Efí infraction reaches the console within one poll: the real server over mTLS to Efí's stand-in (its MED routes
 * built from Efí's documents, cited in tests/integration/provider-disputes.test.ts), on SQLite and PostgreSQL.
 */
const PASSWORD = 'senha-do-painel-contestacoes';
const DAY = 24 * 60 * 60_000;

for (const database of databases) {
  describe(`an Efí infraction in the console, on ${database.name}`, () => {
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
  });
}
