import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueBuyer } from '../../support/clients.ts';
import { orderRow } from '../../support/db-reads.ts';
import { checkout, providersEnv } from '../../support/provider-rig.ts';
import { startWooviStandIn, type WooviStandIn } from '../../support/providers/woovi/woovi-stand-in.ts';
import { useTestServer } from '../../support/test-server.ts';
import { databases } from '../test-db.ts';

/**
 * the buyer makes PIX A, comes back and ticks the bump; the re-checkout retires A and deletes it at
 * Woovi (`DELETE /api/v1/charge/{id}`, https://developers.woovi.com/api#tag/charge/paths/~1api~1v1~1charge~1{id}/delete)
 * while B is made. Woovi deletes A but its answer never comes: the re-checkout waited for the client's 15 s timeout.
 * docs/payments.md says the cancel runs "while the new one is made": it now waits for that answer at most 1 s once B is made,
 * and the reconciler reads A's "not found" after the cancel it sent as A closed.
 */
for (const database of databases) {
  describe(`a re-checkout whose cancel gets no answer, on ${database.name}`, () => {
    let woovi: WooviStandIn;
    beforeAll(async () => {
      woovi = await startWooviStandIn();
    });
    afterAll(() => woovi?.stop());
    const running = useTestServer(
      database,
      () => providersEnv(['woovi'], { WOOVI_APP_ID: woovi.appId, WOOVI_WEBHOOK_PUBLIC_KEY: woovi.publicKey, WOOVI_API_URL: woovi.url }),
      { ownPublicUrl: true, clock: 'now' },
    );

    it('answers within 2 s with the new PIX, and the old charge is closed later', { timeout: 40_000 }, async () => {
      const buyer = uniqueBuyer('Rita Moura');
      const first = await checkout(running.server.url, { buyer });
      expect(first.status).toBe(201);
      woovi.scriptNext('delete', { kind: 'hang', processed: true });

      const started = performance.now();
      const second = await checkout(running.server.url, { buyer, bump: true });
      const tookMs = performance.now() - started;
      expect([second.status, second.body.amountCents]).toEqual([201, 2980]);
      expect(tookMs).toBeLessThan(2_000);

      const a = await orderRow(running.db, first.body.orderId!);
      expect(a).toMatchObject({ status: 'failed', replaced_by: second.body.orderId });
      // Woovi did delete A; only its answer was lost.
      expect(woovi.charges.has(a.charge_id!)).toBe(false);
      expect(a.cancel_sent_at).not.toBeNull();

      // The reconciler's next read of A, a few minutes on.
      running.clock.now += 10 * 60_000;
      await running.server.reconciler.runOnce();
      expect((await orderRow(running.db, a.id)).provider_closed_at).not.toBeNull();
      expect(await orderRow(running.db, second.body.orderId!)).toMatchObject({ status: 'pending', provider_closed_at: null });
    });
  });
}
