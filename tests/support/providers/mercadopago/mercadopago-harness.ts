import type { WebhookRequest } from '../../../../src/server/gateway/pix-provider.ts';
import { createMercadoPagoProvider } from '../../../../src/server/gateway/providers/mercadopago/mercadopago-provider.ts';
import { WEBHOOK_TOLERANCE_MS } from '../../../../src/server/gateway/providers/mercadopago/mercadopago-webhook.ts';
import { asWebhookRequest, startHttpReceiver } from '../../http-receiver.ts';
import type { ProviderHarness } from '../../provider-contract.ts';
import { MP_STAND_IN_TOKEN, MP_STAND_IN_WEBHOOK_SECRET, signNotification, startMercadoPagoStandIn } from './mercadopago-stand-in.ts';

/**
 * Mercado Pago for the provider contract: its stand-in (tests/support/providers/mercadopago/mercadopago-stand-in.ts, sources in
 * tests/integration/gateway/provider-mercadopago.test.ts), and a receiver at the notification_url our charges give, where the
 * stand-in's signed `payment` notifications land.
 */
export const mercadoPagoHarness: ProviderHarness = {
  name: 'Mercado Pago',
  async start() {
    const standIn = await startMercadoPagoStandIn();
    const receiver = await startHttpReceiver();
    const providerAt = (now?: () => number) =>
      createMercadoPagoProvider(
        { accessToken: MP_STAND_IN_TOKEN, webhookSecret: MP_STAND_IN_WEBHOOK_SECRET, apiUrl: standIn.url },
        { timeoutMs: 2_000, ...(now ? { now } : {}) },
      );
    const payment = (chargeId: string) => {
      const found = standIn.payments.get(Number(chargeId));
      if (!found) throw new Error(`the stand-in has no payment ${chargeId}`);
      return found;
    };
    return {
      provider: providerAt(),
      webhookUrl: `${receiver.url}/api/webhooks/mercadopago`,
      pay: async (chargeId) => void standIn.pay(chargeId),
      held: (chargeId) => {
        const { amountCents, qrCode, refundedCents } = payment(chargeId);
        return { amountCents, code: qrCode, refundedCents };
      },
      charges: () => standIn.payments.size,
      requests: () => standIn.requests.length,
      settleRefunds: async (chargeId) => {
        for (const refund of payment(chargeId).refunds) if (refund.status === 'in_process') standIn.finishRefund(refund.id);
      },
      unknownChargeId: '999',
      webhooks: {
        async deliver(chargeId) {
          const index = receiver.requests.length;
          await standIn.notify(chargeId);
          const received = receiver.requests[index];
          if (!received) throw new Error('the stand-in sent no notification');
          return asWebhookRequest(received, receiver.url, '127.0.0.1');
        },
        // The payment is named by the query's data.id, which the signature covers.
        tamper: (request, chargeId, otherChargeId) => ({
          ...request,
          url: new URL(request.url.href.replace(`data.id=${chargeId}`, `data.id=${otherChargeId}`)),
        }),
        forge: (request) => resigned(request, 'not-the-sellers-secret'),
        replay: {
          windowMs: WEBHOOK_TOLERANCE_MS,
          providerLater: (laterMs) => providerAt(() => Date.now() + laterMs),
        },
      },
      async stop() {
        await standIn.stop();
        await receiver.stop();
      },
    };
  },
};

/** The same notification, its `x-signature` computed with another secret (same ts and x-request-id). */
function resigned(request: WebhookRequest, secret: string): WebhookRequest {
  const ts = /ts=(\d+)/.exec(request.headers.get('x-signature') ?? '')?.[1] ?? String(Date.now());
  const requestId = request.headers.get('x-request-id');
  const dataId = request.url.searchParams.get('data.id') ?? '';
  const headers = new Headers(request.headers);
  headers.set('x-signature', signNotification({ secret, dataId, requestId, ts }));
  return { ...request, headers };
}
