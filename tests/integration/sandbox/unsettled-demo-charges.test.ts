import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadableProviderProblems } from '../../../src/server/payment/unreadable-providers.ts';
import { sandboxChargeIds } from '../../../src/server/sandbox/sandbox-charges.ts';
import { insertSandboxTransaction } from '../../../src/server/sandbox/sandbox-repository.ts';
import { insertOrderRow } from '../../support/db-reads.ts';
import { databases } from '../test-db.ts';

/**
 * The start refuses a provider whose credentials are gone while its paid orders are inside the refund window; the demo's
 * sandbox charges, left behind when a real provider replaces the sandbox, are no money at stake and are not counted
 * (run-server.ts passes sandbox/'s charge ids), on SQLite and PostgreSQL.
 */
const NOW = Date.UTC(2026, 6, 1, 12, 0, 0);
const WITHOUT_TRIBOPAY = { payments: [], retiredPayments: [], guaranteeDays: 7 };

for (const database of databases) {
  describe(`unsettled orders of a provider left without credentials on ${database.name}`, () => {
    let db: Awaited<ReturnType<(typeof database)['create']>>;

    beforeAll(async () => {
      db = await database.create();
      await insertSandboxTransaction(db.db, {
        hash: 'sbx_demo_charge',
        amount: 1990,
        payment_status: 'paid',
        product_hash: null,
        offer_hash: null,
        customer_name: 'Cliente Demo',
        customer_email: 'demo@example.com',
        customer_phone: null,
        postback_url: null,
        pix_code: '000201demo',
        created_at: NOW - 3_600_000,
        updated_at: NOW - 3_600_000,
        tracking: null,
        cart: null,
      });
      for (const [id, charge] of [
        ['ord_demo_paid', 'sbx_demo_charge'],
        ['ord_real_paid', 'tp_real_charge'],
      ]) {
        await insertOrderRow(db, { id: id!, provider: 'tribopay', status: 'paid', charge_id: charge!, created_at: NOW - 3_600_000 });
      }
    });
    afterAll(async () => {
      await db.close();
    });

    it('count the real paid order and leave out the sandbox’s', async () => {
      const problems = await unreadableProviderProblems(db.db, WITHOUT_TRIBOPAY, NOW, sandboxChargeIds(db.db));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^tribopay still has 1 order with an open PIX or inside the refund window/);
      // Without the sandbox's ids both count.
      expect((await unreadableProviderProblems(db.db, WITHOUT_TRIBOPAY, NOW))[0]).toMatch(/^tribopay still has 2 orders /);
    });
  });
}
