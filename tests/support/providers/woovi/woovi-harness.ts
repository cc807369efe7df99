import { randomBytes } from 'node:crypto';
import { createWooviProvider } from '../../../../src/server/gateway/providers/woovi/woovi-provider.ts';
import { asWebhookRequest, startHttpReceiver } from '../../http-receiver.ts';
import type { ProviderHarness } from '../../provider-contract.ts';
import { startWooviStandIn } from './woovi-stand-in.ts';

/**
 * Woovi for the provider contract: its stand-in (tests/support/providers/woovi/woovi-stand-in.ts, sources in
 * tests/integration/gateway/provider-woovi.test.ts), whose webhook, registered in Woovi's panel, points at a receiver: a
 * payment or a refund there sends the event signed with the stand-in's key, which the adapter is given as Woovi's.
 */
export const wooviHarness: ProviderHarness = {
  name: 'Woovi',
  async start() {
    const standIn = await startWooviStandIn();
    const receiver = await startHttpReceiver();
    standIn.webhookUrl = `${receiver.url}/api/webhooks/woovi`;
    // Confirmed before the refund's answer (the stand-in can also confirm later, as provider-woovi.test.ts checks).
    standIn.refundsConfirm = 'in_answer';
    const charge = (chargeId: string) => {
      const found = standIn.charges.get(chargeId);
      if (!found) throw new Error(`the stand-in has no charge ${chargeId}`);
      return found;
    };
    return {
      provider: createWooviProvider(
        { appId: standIn.appId, webhookPublicKey: standIn.publicKey, apiUrl: standIn.url },
        { timeoutMs: 2_000 },
      ),
      webhookUrl: standIn.webhookUrl,
      async pay(chargeId) {
        if (charge(chargeId).status !== 'ACTIVE') throw new Error(`the stand-in's charge ${chargeId} is not payable`);
        await standIn.pay(chargeId);
      },
      held: (chargeId) => {
        const { value, brCode, refunds } = charge(chargeId);
        const refundedCents = refunds.filter((refund) => refund.status === 'CONFIRMED').reduce((sum, refund) => sum + refund.value, 0);
        return { amountCents: value, code: brCode, refundedCents };
      },
      charges: () => standIn.charges.size,
      requests: () => standIn.requests.length,
      settleRefunds: () => standIn.confirmRefunds(),
      unknownChargeId: 'vitrine-contract-nowhere',
      webhooks: {
        async deliver(chargeId) {
          const received = receiver.requests.findLast((request) => request.body.includes(chargeId));
          if (!received) throw new Error(`the stand-in sent no webhook about ${chargeId}`);
          return asWebhookRequest(received, receiver.url, '203.0.113.9');
        },
        // x-webhook-signature signs the body.
        tamper: (request, chargeId, otherChargeId) => ({ ...request, rawBody: request.rawBody.replaceAll(chargeId, otherChargeId) }),
        forge(request) {
          const headers = new Headers(request.headers);
          headers.set('x-webhook-signature', randomBytes(256).toString('base64'));
          return { ...request, headers };
        },
        // Woovi signs no timestamp: a replay verifies, and only leads to another read of the charge.
        replay: null,
      },
      async stop() {
        await standIn.stop();
        await receiver.stop();
      },
    };
  },
};
