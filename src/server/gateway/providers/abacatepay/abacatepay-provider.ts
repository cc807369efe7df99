import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { gatewayRefundErrors } from '../../../../content/api-errors.ts';
import { abacatepayCopy } from '../../../../content/providers.ts';
import { parseJsonSafely } from '../../../lib/safe-parse.ts';
import { refundErrorDetail, gatewayMessages } from '../../errors.ts';
import {
  WebhookRejectedError,
  type ChargeRecord,
  type CreatePixInput,
  type PixCharge,
  type PixProvider,
  type ProviderEvent,
  type RefundRecord,
  type WebhookRequest,
} from '../../pix-provider.ts';
import { GatewayError, type GatewayErrorKind } from '../../types.ts';
import {
  envelopeError,
  parseChargeData,
  parseChargeList,
  parseRefundData,
  paymentState,
  readWebhookEvent,
  toAbacateAmount,
  type AbacateCharge,
} from './parse-abacatepay.ts';
import { requestJson, TransportFailure } from '../../transport.ts';

/** AbacatePay API v2 (v1 cannot refund a PIX), not the SDK; read via `list?id=` since `check` has no amount. */

export interface AbacatepaySettings {
  apiKey: string;
  /** The secret typed into the webhook form of AbacatePay's dashboard; it comes back in `?webhookSecret=`. */
  webhookSecret: string;
  apiUrl?: string;
}

export interface AbacatepayOptions {
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export const DEFAULT_API_URL = 'https://api.abacatepay.com';
const DEFAULT_TIMEOUT_MS = 15_000;
/** `data.description` is at most 500 characters (openapi.yaml `/transparents/create`). */
const MAX_DESCRIPTION = 500;

/** Public and the same for every account: the signature proves the body intact, the seller's secret who sent it. */
const ABACATEPAY_WEBHOOK_KEY =
  't9dXRhHHo3yDEj5pVDYz0frf7q6bMKyMRmxxCPIPp3RCplBfXRxqlC6ZpiWmOqj4L63qEaeUOtrCI8P0VMUgo6iIga2ri9ogaHFs0WIIywSMg0q7RmBfybe1E5XJcfC4IW3alNqym0tXoAKkzvfEjZxV6bE0oG2zJrNNYmUCKZyV0KZ3JS8Votf9EAWWYdiDkMkpbMdPggfh1EqHlVkMiTady6jOR3hyzGEHrIz2Ret0xHKMbiqkr9HS1JhNHDX9';

interface Reply {
  status: number;
  json: unknown;
}

/** Equal strings, in time that depends only on their hashes: no early exit, no length leak. */
function safeEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b)) && a === b;
}

function toChargeRecord(charge: AbacateCharge): ChargeRecord {
  return {
    chargeId: charge.id,
    amountCents: charge.amountCents,
    state: paymentState(charge.rawStatus),
    rawStatus: charge.rawStatus,
    endToEndId: null,
  };
}

/**
 * No `cancelCharge`: AbacatePay documents no way to cancel a transparent PIX (the v2 pages under
 * pages/transparents are create, check, list, simulate-payment and refund; github.com/AbacatePay/documentation), so a
 * retired one stays payable until it expires.
 */
export interface AbacatepayProvider extends PixProvider {
  /** Dev mode only: the seller can try the whole flow before going live. */
  simulatePayment(chargeId: string): Promise<ChargeRecord>;
}

export function createAbacatepayProvider(settings: AbacatepaySettings, options: AbacatepayOptions = {}): AbacatepayProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = (settings.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, query: Record<string, string>, body?: unknown): Promise<Reply> {
    let url: URL;
    try {
      url = new URL(`${base}/v2/${path}`);
    } catch {
      throw new TransportFailure(false);
    }
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return requestJson(doFetch, { url, method, token: settings.apiKey, body, timeoutMs });
  }

  const isOk = (reply: Reply) => reply.status >= 200 && reply.status < 300 && envelopeError(reply.json) === null;

  async function createCharge(input: CreatePixInput): Promise<PixCharge> {
    const amount = toAbacateAmount(input.amountCents);
    if (!Number.isSafeInteger(input.expiresInSeconds) || input.expiresInSeconds <= 0) {
      throw new TypeError(`expiresInSeconds must be a positive integer, got ${input.expiresInSeconds}`);
    }
    const { customer } = input;
    const taxId = customer.document?.replace(/\D/g, '') ?? '';
    const cellphone = customer.phoneDigits.replace(/\D/g, '');
    const description = input.items
      .map((item) => item.title.trim())
      .filter(Boolean)
      .join(' + ')
      .slice(0, MAX_DESCRIPTION);
    const body = {
      method: 'PIX',
      data: {
        amount,
        expiresIn: input.expiresInSeconds,
        ...(description ? { description } : {}),
        // For PIX a customer is optional, but once sent all four fields are required (openapi.yaml).
        ...(taxId && cellphone && customer.name.trim() && customer.email.trim()
          ? { customer: { name: customer.name.trim(), email: customer.email.trim(), taxId, cellphone } }
          : {}),
        // "ID no seu sistema para idempotência" (openapi.yaml); it comes back in the webhook's externalId.
        externalId: input.idempotencyKey,
      },
    };
    let reply: Reply;
    try {
      reply = await call('POST', 'transparents/create', {}, body);
    } catch (error) {
      throw new GatewayError(gatewayMessages.payment, 'charge', undefined, error instanceof TransportFailure && error.sent);
    }
    if (reply.status >= 500) throw new GatewayError(gatewayMessages.paymentHttp(reply.status), 'charge', reply.status, true);
    if (!isOk(reply)) {
      // 4xx, or an envelope whose `error` is set: refused, nothing was created. Only an error naming the customer's
      // fields is the buyer's; a bad key or a store setting is the seller's, and fails over.
      const detail = envelopeError(reply.json);
      const error = new GatewayError(
        gatewayMessages.paymentHttp(reply.status),
        'charge',
        reply.status,
        false,
        /\b(customer|taxId|cellphone|cpf|cnpj|e-?mail)\b/i.test(detail ?? ''),
      );
      if (detail) error.cause = new Error(`AbacatePay HTTP ${reply.status}: ${refundErrorDetail({ message: detail }) ?? ''}`);
      throw error;
    }
    const charge = parseChargeData(reply.json);
    if (!charge || (charge.brCode === null && charge.brCodeBase64 === null)) {
      // A success we cannot use: the charge may well exist.
      throw new GatewayError(gatewayMessages.payment, 'charge', reply.status, true);
    }
    if (charge.amountCents !== null && charge.amountCents !== input.amountCents) {
      // Never show a PIX for another amount than the one we decided.
      throw new GatewayError(gatewayMessages.payment, 'charge', reply.status);
    }
    return {
      chargeId: charge.id,
      alternateIds: [],
      amountCents: input.amountCents,
      state: paymentState(charge.rawStatus),
      rawStatus: charge.rawStatus,
      pix: { code: charge.brCode, imageDataUrl: charge.brCodeBase64, imageUrl: null, paymentUrl: null },
      expiresAt: charge.expiresAt,
    };
  }

  async function readCharge(chargeId: string, kind: GatewayErrorKind): Promise<ChargeRecord> {
    const wanted = chargeId.trim();
    if (wanted === '') throw new TypeError('charge id is empty');
    let reply: Reply;
    try {
      reply = await call('GET', 'transparents/list', { id: wanted });
    } catch {
      throw new GatewayError(gatewayMessages.payment, kind);
    }
    if (!isOk(reply)) throw new GatewayError(gatewayMessages.paymentHttp(reply.status), kind, reply.status);
    // The read-back is what confirms a payment: it must be about the charge we asked for, and only it.
    const listed = parseChargeList(reply.json)?.filter((charge) => charge.id === wanted) ?? [];
    if (listed.length !== 1) throw new GatewayError(gatewayMessages.payment, kind, reply.status);
    return toChargeRecord(listed[0]!);
  }

  async function refund(charge: ChargeRecord, input: { refundId: string; amountCents: number }): Promise<RefundRecord> {
    const refundError = (message: string, uncertain: boolean, status?: number) => new GatewayError(message, 'refund', status, uncertain);
    // "Só o valor total. Não existe reembolso parcial" (pages/transparents/refund.mdx).
    if (charge.amountCents !== null && input.amountCents !== charge.amountCents) throw refundError(abacatepayCopy.partialRefund, false);
    let reply: Reply;
    try {
      // The same `id` always returns the same refundPublicId (idem), so a retry cannot refund twice.
      reply = await call('POST', 'transparents/refund', {}, { id: charge.chargeId });
    } catch (error) {
      if (error instanceof TransportFailure && !error.sent) throw refundError(gatewayRefundErrors.notSent, false);
      throw refundError(gatewayRefundErrors.noAnswer, true);
    }
    const code = envelopeError(reply.json);
    const detail = code === null ? null : (abacatepayCopy.refundCodes[code] ?? refundErrorDetail(reply.json));
    if (reply.status >= 500) throw refundError(gatewayRefundErrors.serverError(reply.status, detail), true, reply.status);
    if (code !== null || reply.status < 200 || reply.status >= 300) {
      // Both failures after the refund's own request may have moved money.
      if (code === 'REFUND_REQUEST_FAILED' || code === 'REFUND_CONFIRMATION_FAILED') {
        throw refundError(gatewayRefundErrors.serverError(reply.status, detail), true, reply.status);
      }
      throw refundError(gatewayRefundErrors.refused(reply.status, detail), false, reply.status);
    }
    const refundId = parseRefundData(reply.json);
    if (refundId === null) throw refundError(gatewayRefundErrors.unreadable, true, reply.status);
    // Accepted; only a read of the charge saying REFUNDED ends the access.
    return { refundId, amountCents: charge.amountCents ?? input.amountCents, state: 'pending', rawStatus: null };
  }

  async function getRefund(charge: ChargeRecord, refundId: string): Promise<RefundRecord> {
    // There is no refund read: the charge turns REFUNDED when its refund is done.
    const current = await readCharge(charge.chargeId, 'refund');
    return {
      refundId,
      amountCents: charge.amountCents,
      state: current.state === 'reversed' ? 'done' : 'pending',
      rawStatus: current.rawStatus,
    };
  }

  async function parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]> {
    // The secret arrives in the query string and in `X-Webhook-Secret` (pages/webhooks/security.mdx).
    const secret = request.url.searchParams.get('webhookSecret') ?? request.headers.get('x-webhook-secret');
    if (secret === null || !safeEqual(secret, settings.webhookSecret)) throw new WebhookRejectedError('wrong or missing webhookSecret');
    const signature = request.headers.get('x-webhook-signature')?.trim() ?? '';
    const expected = createHmac('sha256', ABACATEPAY_WEBHOOK_KEY).update(request.rawBody, 'utf8').digest('base64');
    if (!safeEqual(signature, expected)) throw new WebhookRejectedError('bad X-Webhook-Signature');
    let body: unknown;
    try {
      body = parseJsonSafely(request.rawBody);
    } catch {
      return [{ kind: 'ignored', reason: 'body is not JSON' }];
    }
    const event = readWebhookEvent(body);
    if (event.kind === 'refund') return [{ kind: 'refund', chargeId: event.chargeId, refundId: null }];
    return [event];
  }

  async function simulatePayment(chargeId: string): Promise<ChargeRecord> {
    let reply: Reply;
    try {
      reply = await call('POST', 'transparents/simulate-payment', { id: chargeId.trim() }, { metadata: {} });
    } catch {
      throw new GatewayError(abacatepayCopy.simulateFailed, 'transaction');
    }
    if (!isOk(reply)) {
      const detail = refundErrorDetail(reply.json);
      throw new GatewayError(abacatepayCopy.simulateRefused(detail), 'transaction', reply.status);
    }
    const charge = parseChargeData(reply.json);
    if (!charge) throw new GatewayError(abacatepayCopy.simulateFailed, 'transaction', reply.status);
    return toChargeRecord(charge);
  }

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
    createCharge,
    getCharge: (chargeId) => readCharge(chargeId, 'transaction'),
    parseWebhook,
    refund,
    getRefund,
    simulatePayment,
  };
}
