import type { ChargeRecord, PixProvider } from '../../pix-provider.ts';
import { createTransparent, readTransparent, simulateTransparentPayment } from './abacatepay-charges.ts';
import { createAbacatepayClient } from './abacatepay-client.ts';
import { readAbacatepayPix, sendAbacatepayPix } from './abacatepay-pix-send.ts';
import { readTransparentRefund, refundTransparent } from './abacatepay-refunds.ts';
import { parseAbacatepayWebhook } from './abacatepay-webhook.ts';

/** AbacatePay API v2 (v1 cannot refund a PIX), not the SDK; read via `list?id=` since `check` has no amount. */

export interface AbacatepaySettings {
  apiKey: string;
  /** The secret typed into the webhook form of AbacatePay's dashboard; it comes back in `?webhookSecret=`. */
  webhookSecret: string;
  apiUrl?: string;
  /** ABACATEPAY_PIX_SEND: affiliate payouts go out by `/pix/send`, adding this fee so the affiliate gets the commission. */
  pixSend?: { feeCents: number } | null;
}

export interface AbacatepayOptions {
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export const DEFAULT_API_URL = 'https://api.abacatepay.com';
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * No `cancelCharge`: AbacatePay's v2 transparent PIX pages (github.com/AbacatePay/documentation) document no cancel,
 * so a retired one stays payable until it expires.
 */
export interface AbacatepayProvider extends PixProvider {
  /** Dev mode only: the seller can try the whole flow before going live. */
  simulatePayment(chargeId: string): Promise<ChargeRecord>;
}

export function createAbacatepayProvider(settings: AbacatepaySettings, options: AbacatepayOptions = {}): AbacatepayProvider {
  const client = createAbacatepayClient({
    apiUrl: settings.apiUrl ?? DEFAULT_API_URL,
    apiKey: settings.apiKey,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
  const now = options.now ?? Date.now;
  const pixSendOf = (feeCents: number) => ({
    send: (input: Parameters<typeof sendAbacatepayPix>[2]) => sendAbacatepayPix(client, { feeCents, now }, input),
    read: (sendId: string, announced?: Parameters<typeof readAbacatepayPix>[3]) => readAbacatepayPix(client, { now }, sendId, announced),
  });
  return {
    id: 'abacatepay',
    capabilities: {
      refunds: true,
      partialRefunds: false,
      cart: false,
      expiry: true,
      webhook: 'signed',
      // Not relied on: what a repeated `externalId` answers (the same charge, or an error) is undocumented.
      idempotentCreate: false,
    },
    createCharge: (input) => createTransparent(client, input),
    getCharge: (chargeId) => readTransparent(client, chargeId, 'transaction'),
    parseWebhook: async (request) => parseAbacatepayWebhook(request, settings.webhookSecret),
    refund: (charge, input) => refundTransparent(client, charge, input),
    getRefund: (charge, refundId) => readTransparentRefund(client, charge, refundId),
    simulatePayment: (chargeId) => simulateTransparentPayment(client, chargeId),
    ...(settings.pixSend ? { pixSend: pixSendOf(settings.pixSend.feeCents) } : {}),
  };
}
