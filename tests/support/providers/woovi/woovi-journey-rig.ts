import { expect } from '@playwright/test';
import type { JourneyRig } from '../../provider-rig.ts';
import { startWooviStandIn, type WooviStandIn } from './woovi-stand-in.ts';

/** Woovi's stand-in as the browser journeys (tests/e2e/) drive it. */
export function wooviEnv(standIn: WooviStandIn, url = standIn.url): Record<string, string> {
  // The stand-in signs with a key pair of its own: the server is given its public half in place of Woovi's.
  return { WOOVI_APP_ID: standIn.appId, WOOVI_WEBHOOK_PUBLIC_KEY: standIn.publicKey, WOOVI_API_URL: url };
}

export async function wooviRig(shopUrl: string): Promise<JourneyRig & { standIn: WooviStandIn }> {
  const standIn = await startWooviStandIn();
  // The webhook the seller registers in Woovi's panel (docs/payments.md#woovi).
  standIn.webhookUrl = `${shopUrl}/api/webhooks/woovi`;
  const charge = (chargeId: string) => standIn.charges.get(chargeId)!;
  return {
    standIn,
    env: { PAYMENT_PROVIDERS: 'woovi', ...wooviEnv(standIn) },
    pixCode: (chargeId) => charge(chargeId).brCode,
    async pay(chargeId) {
      await standIn.pay(chargeId);
      expect(standIn.deliveries.at(-1)).toMatchObject({ event: `${standIn.eventPrefix}CHARGE_COMPLETED`, status: 200 });
    },
    // Woovi answers IN_PROCESSING; the refund is confirmed moments later, with OPENPIX:TRANSACTION_REFUND_RECEIVED.
    settleRefund: async () => undefined,
    refundsInCents: (chargeId) =>
      charge(chargeId)
        .refunds.filter((refund) => refund.status === 'CONFIRMED')
        .map((refund) => refund.value),
    chargeIds: () => [...standIn.charges.keys()],
    stop: () => standIn.stop(),
  };
}
