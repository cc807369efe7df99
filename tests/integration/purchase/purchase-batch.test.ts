import { describe, expect, it } from 'vitest';
import { POSTBACK_READ_INTERVAL_MS } from '../../../src/server/payment/provider-webhook.ts';
import { loadPurchase, loadPurchases } from '../../../src/server/purchase/purchase-service.ts';
import { buy, buyAndPay, buyWithPaidAddon, drainOutbox, sandboxSays } from '../../support/purchase.ts';
import { useTestServer, type TestServerRig } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * `loadPurchases` reads many purchases at once (the console's affiliate list, a payout batch) and must read each exactly
 * as `loadPurchase` does one by one, on SQLite and PostgreSQL: a purchase with its bump, one with a paid add-on, one given
 * back in the provider's panel, one unpaid; asked among 1,200 ids, so its purchases fall in the third read of 500.
 */
async function withAddon(running: TestServerRig) {
  const ids = await buyWithPaidAddon(running);
  await drainOutbox(running.server);
  return ids;
}

for (const database of databases) {
  describe(`purchases read together on ${database.name}`, () => {
    const running = useTestServer(database, {}, { clock: Date.UTC(2026, 10, 26, 15) });

    it('reads each purchase as it reads it alone, past the first reads of 500 ids, and leaves out what is no main order', async () => {
      const { server, db } = running;
      const bump = (await buyAndPay(running, { fields: { bump: true } })).orderId;
      const addon = (await withAddon(running)).mainId;
      const givenBack = (await buyAndPay(running)).orderId;
      running.clock.now += POSTBACK_READ_INTERVAL_MS;
      await sandboxSays(server, db, givenBack, 'refunded');
      await drainOutbox(server);
      const unpaid = (await buy(server)).orderId;
      const mains = [bump, addon, givenBack, unpaid];
      const addonId = (await loadPurchase(db.db, addon))!.addons[0]!.id;

      const padding = Array.from({ length: 1_100 }, (_, index) => `ord_nobody${index}`);
      const together = await loadPurchases(db.db, [...padding, ...mains, addonId, bump]);
      expect([...together.keys()].sort()).toEqual([...mains].sort());
      for (const id of mains) expect(together.get(id)).toEqual(await loadPurchase(db.db, id));
      expect(together.get(addon)!.addons.map((order) => order.id)).toEqual([addonId]);
      expect(together.get(givenBack)!.main.status).toBe('reversed');
      expect(
        together
          .get(bump)!
          .items.get(bump)!
          .map((item) => item.key),
      ).toEqual(['main', 'bump']);
    });
  });
}
