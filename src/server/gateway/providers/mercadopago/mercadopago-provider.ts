/** Mercado Pago (docs/payments.md#mercado-pago), not its SDK: fixed base URL, and it retries 5xx where we read back. */
import type { PixProvider, ProviderCapabilities, WebhookRequest } from '../../pix-provider.ts';
import { createMercadoPagoClient } from './mercadopago-client.ts';
import { mercadoPagoOpenFinance } from './mercadopago-open-finance.ts';
import { cancelPayment, createPayment, readPayment, searchPayment, type PaymentsApi } from './mercadopago-payments.ts';
import { readRefund, refundPayment } from './mercadopago-refunds.ts';
import { verifyMercadoPagoWebhook } from './mercadopago-webhook.ts';

export const DEFAULT_API_URL = 'https://api.mercadopago.com';
/** Like gateway-client.ts: no call outlives it, so a checkout never waits longer than this for one provider. */
const DEFAULT_TIMEOUT_MS = 15_000;

export const capabilities: ProviderCapabilities = {
  refunds: true,
  partialRefunds: true,
  // One description for the charge; the lines go in additional_info.items, which the buyer never sees.
  cart: false,
  expiry: true,
  webhook: 'signed',
  idempotentCreate: true,
  // A mediation the seller won puts the payment back to `approved` with nothing else to tell it (mercadopago-parse.ts).
  disputeOnRead: true,
};

export function createMercadoPagoProvider(
  settings: { accessToken: string; webhookSecret: string; apiUrl?: string; openFinance?: boolean },
  options: { fetch?: typeof fetch; now?: () => number; timeoutMs?: number } = {},
): PixProvider {
  const accessToken = settings.accessToken.trim();
  const webhookSecret = settings.webhookSecret;
  if (accessToken === '') throw new TypeError('Mercado Pago accessToken is empty');
  if (webhookSecret.trim() === '') throw new TypeError('Mercado Pago webhookSecret is empty');
  const now = options.now ?? Date.now;
  const client = createMercadoPagoClient({
    apiUrl: new URL(settings.apiUrl ?? DEFAULT_API_URL).href.replace(/\/+$/, ''),
    accessToken,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
  const api: PaymentsApi = { client, now };
  const parseWebhook = async (request: WebhookRequest) => verifyMercadoPagoWebhook(request, webhookSecret, now());
  return {
    id: 'mercadopago',
    capabilities,
    createCharge: (input) => createPayment(api, input),
    getCharge: (chargeId) => readPayment(api, chargeId),
    findCharge: (idempotencyKey) => searchPayment(api, idempotencyKey),
    cancelCharge: (chargeId) => cancelPayment(api, chargeId),
    parseWebhook,
    refund: (charge, input) => refundPayment(client, charge, input),
    getRefund: (charge, refundId) => readRefund(client, charge, refundId),
    ...(settings.openFinance ? { openFinance: mercadoPagoOpenFinance(api, parseWebhook) } : {}),
  };
}
