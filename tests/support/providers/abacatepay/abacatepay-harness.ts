import { createAbacatepayProvider } from '../../../../src/server/gateway/providers/abacatepay/abacatepay-provider.ts';
import { asWebhookRequest, startHttpReceiver } from '../../http-receiver.ts';
import type { ProviderHarness } from '../../provider-contract.ts';
import { startAbacatepayStandIn } from './abacatepay-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_contract_0123456789abcdef0123456789';

/**
 * AbacatePay for the provider contract: its stand-in (tests/support/providers/abacatepay/abacatepay-stand-in.ts, sources in
 * tests/integration/gateway/provider-abacatepay.test.ts) in dev mode, whose webhook, registered in the dashboard with the
 * seller's secret, points at a receiver: a payment or a refund there sends the signed event at once.
 */
export const abacatepayHarness: ProviderHarness = {
  name: 'AbacatePay',
  async start() {
    const standIn = await startAbacatepayStandIn();
    const receiver = await startHttpReceiver();
    standIn.webhook = { url: `${receiver.url}/api/webhooks/abacatepay`, secret: WEBHOOK_SECRET };
    const charge = (chargeId: string) => {
      const found = standIn.charges.get(chargeId);
      if (!found) throw new Error(`the stand-in has no charge ${chargeId}`);
      return found;
    };
    return {
      provider: createAbacatepayProvider(
        { apiKey: standIn.apiKey, webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url },
        { timeoutMs: 2_000 },
      ),
      webhookUrl: `${receiver.url}/api/webhooks/abacatepay`,
      async pay(chargeId) {
        if (charge(chargeId).status !== 'PENDING') throw new Error(`the stand-in's charge ${chargeId} is not payable`);
        await standIn.markPaid(chargeId);
      },
      held: (chargeId) => {
        const { amount, brCode, refundPublicId } = charge(chargeId);
        // Refunds are of the whole charge only (pages/transparents/refund.mdx).
        return { amountCents: amount, code: brCode, refundedCents: refundPublicId ? amount : 0 };
      },
      charges: () => standIn.charges.size,
      requests: () => standIn.requests.length,
      // Dev mode confirms a refund at once.
      settleRefunds: async () => undefined,
      unknownChargeId: 'pix_char_0000nowhere000',
      webhooks: {
        async deliver(chargeId) {
          // Sent when the charge changed (markPaid): the last delivery about it.
          const received = receiver.requests.findLast((request) => request.body.includes(`"id":"${chargeId}"`));
          if (!received) throw new Error(`the stand-in sent no webhook about ${chargeId}`);
          return asWebhookRequest(received, receiver.url, '203.0.113.9');
        },
        // The body is what X-Webhook-Signature signs.
        tamper: (request, chargeId, otherChargeId) => ({ ...request, rawBody: request.rawBody.replaceAll(chargeId, otherChargeId) }),
        forge(request) {
          const url = new URL(request.url);
          url.searchParams.set('webhookSecret', 'whsec_guessed');
          const headers = new Headers(request.headers);
          headers.set('x-webhook-secret', 'whsec_guessed');
          return { ...request, url, headers };
        },
        // The scheme signs no timestamp (pages/webhooks/security.mdx).
        replay: null,
      },
      async stop() {
        await standIn.stop();
        await receiver.stop();
      },
    };
  },
};
