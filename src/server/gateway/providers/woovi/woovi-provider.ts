import type { KeyObject } from 'node:crypto';
import type { PixProvider, ProviderCapabilities, ProviderEvent, WebhookRequest } from '../../pix-provider.ts';
import { createWooviApi, pathId, type WooviApi, type WooviApiOptions, type WooviReply } from './woovi-api.ts';
import { cancelCharge, createCharge, findCharge, getCharge } from './woovi-charges.ts';
import { listDisputes, LIST_FOLLOW_MS, MAX_EVIDENCE_DESCRIPTION, providerDispute, readDispute, submitEvidence } from './woovi-disputes.ts';
import { readError } from './woovi-errors.ts';
import { isNotFound, parseTransactionReply } from './woovi-parse.ts';
import { readPayment, sendPayment } from './woovi-payments.ts';
import { getRefund, refund } from './woovi-refunds.ts';
import { readWebhookPublicKey, readWooviEvent, verifyWooviSignature, WOOVI_WEBHOOK_PUBLIC_KEY } from './woovi-webhook.ts';

/** Woovi, formerly OpenPix (docs/payments.md#woovi): a PIX charge keyed by our correlationID, signed webhooks, refunds. */

export const wooviCapabilities: ProviderCapabilities = {
  refunds: true,
  partialRefunds: true,
  cart: false,
  expiry: true,
  webhook: 'signed',
  idempotentCreate: true,
  cancelDeletes: true,
};

export interface WooviSettings {
  appId: string;
  /** Woovi's published key when unset; a test points it at its stand-in's. */
  webhookPublicKey?: string;
  apiUrl?: string;
  /** WOOVI_PIX_SEND: the seller's AppID may make and approve payments (affiliate payouts go by API). */
  pixSend?: boolean;
}

/** A dispute or a refund confirmation names only the payment; its transaction names the charge. A failed read throws: a 5xx, so Woovi retries. */
async function chargeOfPayment(api: WooviApi, endToEndId: string): Promise<ProviderEvent> {
  let reply: WooviReply;
  try {
    reply = await api.call('GET', `/api/v1/transaction/${pathId(endToEndId)}`);
  } catch {
    throw readError('transaction', undefined, 'transaction');
  }
  if (!reply.ok && isNotFound(reply.status, reply.json)) return { kind: 'ignored', reason: 'payment unknown to Woovi' };
  const transaction = reply.ok ? parseTransactionReply(reply.json) : null;
  if (!transaction) throw readError('transaction', reply, 'transaction');
  if (!transaction.chargeCorrelationID) return { kind: 'ignored', reason: 'payment of no charge' };
  return { kind: 'charge', chargeId: transaction.chargeCorrelationID };
}

async function parseWebhook(api: WooviApi, publicKey: KeyObject, request: WebhookRequest): Promise<ProviderEvent[]> {
  verifyWooviSignature(request, publicKey);
  const event = readWooviEvent(request.rawBody);
  switch (event.kind) {
    case 'charge':
      return [{ kind: 'charge', chargeId: event.chargeId }];
    case 'refund':
      return [{ kind: 'refund', chargeId: event.chargeId, refundId: null }];
    case 'dispute': {
      const charge = await chargeOfPayment(api, event.endToEndId);
      if (charge.kind !== 'charge') return [charge];
      // Read back as it now stands; the verified body stands in where Woovi's read does not find it.
      const read = (await readDispute(api, event.endToEndId, 'dispute')) ?? event.dispute;
      if (!read) return [charge];
      return [{ kind: 'dispute', dispute: providerDispute(read, event.endToEndId, charge.chargeId) }, charge];
    }
    case 'paymentRefund': {
      const charge = await chargeOfPayment(api, event.endToEndId);
      return [charge.kind === 'charge' ? { kind: 'refund', chargeId: charge.chargeId, refundId: null } : charge];
    }
    case 'payout':
    case 'unrecognised':
    case 'ignored':
      return [event];
  }
}

export function createWooviProvider(settings: WooviSettings, options: WooviApiOptions = {}): PixProvider {
  const api = createWooviApi({ appId: settings.appId, ...(settings.apiUrl ? { apiUrl: settings.apiUrl } : {}) }, options);
  // Read once: a key that is not one stops the start, not the first webhook.
  const publicKey = readWebhookPublicKey(settings.webhookPublicKey ?? WOOVI_WEBHOOK_PUBLIC_KEY);
  return {
    id: 'woovi',
    capabilities: wooviCapabilities,
    // Disputes arrive by webhook and with each paid charge's read; the list is polled too, so a lost webhook is found.
    disputes: {
      list: (range) => listDisputes(api, range),
      followMs: LIST_FOLLOW_MS,
      chargeOfPayment: async (endToEndId) => {
        const found = await chargeOfPayment(api, endToEndId);
        return found.kind === 'charge' ? found.chargeId : null;
      },
      defend: (dispute, defence) => submitEvidence(api, dispute, defence),
      maxDefenceChars: MAX_EVIDENCE_DESCRIPTION,
    },
    createCharge: (input) => createCharge(api, input),
    getCharge: (chargeId) => getCharge(api, chargeId),
    findCharge: (key) => findCharge(api, key),
    cancelCharge: (chargeId) => cancelCharge(api, chargeId),
    parseWebhook: (request) => parseWebhook(api, publicKey, request),
    refund: (charge, input) => refund(api, charge, input),
    getRefund: (charge, refundId) => getRefund(api, charge, refundId),
    ...(settings.pixSend ? { pixSend: { send: (input) => sendPayment(api, input), read: (sendId) => readPayment(api, sendId) } } : {}),
  };
}
