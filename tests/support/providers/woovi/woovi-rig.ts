import { expect } from 'vitest';
import type { StandInRig } from '../../provider-rig.ts';
import { startWooviStandIn, type WooviStandIn } from './woovi-stand-in.ts';

/** Woovi's stand-in as the end-to-end tests through the real server drive it (tests/integration/checkout/provider-checkout.test.ts). */
export async function wooviRig(): Promise<StandInRig & { standIn: WooviStandIn }> {
  const standIn: WooviStandIn = await startWooviStandIn();
  // Confirmed in the refund's answer (a documented ChargeRefund status), so the queue's one run sees it end.
  standIn.refundsConfirm = 'in_answer';
  return {
    standIn,
    // Its webhooks are signed with the stand-in's own key pair: the server gets its public half.
    env: { WOOVI_APP_ID: standIn.appId, WOOVI_WEBHOOK_PUBLIC_KEY: standIn.publicKey, WOOVI_API_URL: standIn.url },
    codeOf: (id) => standIn.charges.get(id)!.brCode,
    charges: () => standIn.charges.size,
    async payAndNotify(server, id) {
      // The webhook registered in Woovi's panel: our route.
      standIn.webhookUrl = `${server.url}/api/webhooks/woovi`;
      await standIn.pay(id);
      expect(standIn.deliveries.at(-1)).toMatchObject({ event: 'OPENPIX:CHARGE_COMPLETED', status: 200 });
    },
    readsOf: (id) => standIn.requests.filter((request) => request.method === 'GET' && request.path === `/api/v1/charge/${id}`).length,
    refundsOf: (id) =>
      standIn.charges
        .get(id)!
        .refunds.filter((refund) => refund.status !== 'REJECTED')
        .map((refund) => refund.value),
    stop: () => standIn.stop(),
  };
}
