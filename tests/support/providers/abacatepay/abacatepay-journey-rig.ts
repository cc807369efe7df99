import { expect } from '@playwright/test';
import type { JourneyRig } from '../../provider-rig.ts';
import { startAbacatepayStandIn, type AbacatepayStandIn } from './abacatepay-stand-in.ts';

/** AbacatePay's stand-in as the browser journeys (tests/e2e/) drive it. */
const ABACATEPAY_WEBHOOK_SECRET = 'abacate-webhook-secret-e2e';

export async function abacatepayRig(shopUrl: string): Promise<JourneyRig & { standIn: AbacatepayStandIn }> {
  const standIn = await startAbacatepayStandIn();
  // The webhook the seller registers in AbacatePay's dashboard (docs/payments.md#abacatepay).
  standIn.webhook = { url: `${shopUrl}/api/webhooks/abacatepay`, secret: ABACATEPAY_WEBHOOK_SECRET };
  const charge = (chargeId: string) => standIn.charges.get(chargeId)!;
  return {
    standIn,
    env: {
      PAYMENT_PROVIDERS: 'abacatepay',
      ABACATEPAY_API_KEY: standIn.apiKey,
      ABACATEPAY_WEBHOOK_SECRET,
      ABACATEPAY_API_URL: standIn.url,
    },
    pixCode: (chargeId) => charge(chargeId).brCode,
    async pay(chargeId) {
      await standIn.markPaid(chargeId);
      expect(standIn.deliveries.at(-1)?.status).toBe(200);
    },
    // AbacatePay refunds the whole charge in its answer (and posts `transparent.refunded`).
    settleRefund: async () => undefined,
    refundsInCents: (chargeId) => (charge(chargeId).refundPublicId ? [charge(chargeId).amount] : []),
    chargeIds: () => [...standIn.charges.keys()],
    stop: () => standIn.stop(),
  };
}
