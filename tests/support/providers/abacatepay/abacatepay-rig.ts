import { expect } from 'vitest';
import type { StandInRig } from '../../provider-rig.ts';
import { ABACATEPAY_WEBHOOK_SECRET, type AbacatepayStandIn, abacatepayVariables, startAbacatepayStandIn } from './abacatepay-stand-in.ts';

/** AbacatePay's stand-in as the end-to-end tests through the real server drive it (tests/integration/checkout/provider-checkout.test.ts). */
export async function abacatepayRig(): Promise<StandInRig & { standIn: AbacatepayStandIn }> {
  const standIn: AbacatepayStandIn = await startAbacatepayStandIn();
  return {
    standIn,
    env: abacatepayVariables(standIn),
    codeOf: (id) => standIn.charges.get(id)!.brCode,
    charges: () => standIn.charges.size,
    async payAndNotify(server, id) {
      // The webhook registered in AbacatePay's dashboard: our route, with the seller's secret.
      standIn.webhook = { url: `${server.url}/api/webhooks/abacatepay`, secret: ABACATEPAY_WEBHOOK_SECRET };
      await standIn.markPaid(id);
      expect(standIn.deliveries.at(-1)?.status).toBe(200);
    },
    readsOf: (id) => standIn.requests.filter((request) => request.path === '/v2/transparents/list' && request.query.id === id).length,
    refundsOf: (id) =>
      standIn.requests
        .filter((request) => request.path === '/v2/transparents/refund' && (request.body as { id?: string }).id === id)
        .map(() => standIn.charges.get(id)!.amount),
    stop: () => standIn.stop(),
  };
}
