/** Mercado Pago (docs/payments.md#mercado-pago), not its SDK: fixed base URL, and it retries 5xx where we read back. */
import { mercadopagoCopy } from '../../../../content/providers.ts';
import { refundErrorDetail } from '../../errors.ts';
import type {
  ChargeRecord,
  CreatePixInput,
  FoundCharge,
  PixCharge,
  PixProvider,
  ProviderCapabilities,
  RefundRecord,
} from '../../pix-provider.ts';
import { GatewayError } from '../../types.ts';
import { centsToReais } from './mercadopago-amount.ts';
import {
  parseErrorCauses,
  parsePayment,
  parseRefund,
  parseSearchFirst,
  parseSearchTotal,
  readId,
  type MercadoPagoPayment,
} from './mercadopago-parse.ts';
import { verifyMercadoPagoWebhook } from './mercadopago-webhook.ts';
import { requestJson, TransportFailure } from '../../transport.ts';

export const DEFAULT_API_URL = 'https://api.mercadopago.com';
/** Like gateway-client.ts: no call outlives it, so a checkout never waits longer than this for one provider. */
const DEFAULT_TIMEOUT_MS = 15_000;

/** The Pix guide's 30-minute minimum, plus a minute for our clock and the request's transit. */
const MIN_EXPIRY_SECONDS = 31 * 60;
const MAX_EXPIRY_SECONDS = 30 * 24 * 60 * 60 - 60;
/** São Paulo has had no daylight saving time since 2019; the docs' examples carry an explicit offset. */
const SAO_PAULO_OFFSET_MS = -3 * 60 * 60_000;
const MAX_DESCRIPTION = 250;

export const capabilities: ProviderCapabilities = {
  refunds: true,
  partialRefunds: true,
  // One description for the charge; the lines go in additional_info.items, which the buyer never sees.
  cart: false,
  expiry: true,
  webhook: 'signed',
  idempotentCreate: true,
};

interface Reply {
  status: number;
  ok: boolean;
  json: unknown;
}

/** Besides 5xx, these leave a write's outcome open (mercadopago/sdk-nodejs src/utils/errors/index.ts). */
function leavesWriteOpen(status: number): boolean {
  return status >= 500 || status === 409 || status === 423 || status === 424;
}

/**
 * The create's refusals that are about the payer (the buyer's own data), by code or by the field a description names:
 * 2067 "Invalid user identification number", 4050 "payer.email must be a valid email" (reference "Create payment",
 * https://www.mercadopago.com.br/developers/en/reference/payments/_payments/post). Any other 400 is the seller's.
 */
const PAYER_CODES = new Set(['2067', '4050']);
function refusesPayerData(body: unknown): boolean {
  return parseErrorCauses(body).causes.some((cause) => PAYER_CODES.has(cause.code) || /\bpayer\b|identification/i.test(cause.description));
}

/** Mercado Pago's own words for a refusal, for the seller's Saúde (never shown to the buyer). */
function refusalDetail(status: number, body: unknown): Error {
  const { message, causes } = parseErrorCauses(body);
  const detail = causes.map((cause) => [cause.code, cause.description].filter(Boolean).join(' ')).join('; ') || message;
  return new Error(`Mercado Pago HTTP ${status}${detail ? `: ${detail.slice(0, 200)}` : ''}`);
}

function splitName(name: string): { first_name: string; last_name?: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? '' };
  return { first_name: words[0] ?? '', last_name: words.slice(1).join(' ') };
}

function identification(document: string | null): { type: 'CPF' | 'CNPJ'; number: string } | undefined {
  const digits = document?.replace(/\D/g, '') ?? '';
  if (digits.length === 11) return { type: 'CPF', number: digits };
  if (digits.length === 14) return { type: 'CNPJ', number: digits };
  return undefined;
}

function saoPauloIso(epochMs: number): string {
  return `${new Date(epochMs + SAO_PAULO_OFFSET_MS).toISOString().slice(0, -1)}-03:00`;
}

function description(items: CreatePixInput['items']): string {
  const joined = items.map((item) => item.title.trim()).join(' + ');
  return joined.length > MAX_DESCRIPTION ? `${joined.slice(0, MAX_DESCRIPTION - 1)}…` : joined;
}

export function createMercadoPagoProvider(
  settings: { accessToken: string; webhookSecret: string; apiUrl?: string },
  options: { fetch?: typeof fetch; now?: () => number; timeoutMs?: number } = {},
): PixProvider {
  const accessToken = settings.accessToken.trim();
  const webhookSecret = settings.webhookSecret;
  if (accessToken === '') throw new TypeError('Mercado Pago accessToken is empty');
  if (webhookSecret.trim() === '') throw new TypeError('Mercado Pago webhookSecret is empty');
  const apiUrl = new URL(settings.apiUrl ?? DEFAULT_API_URL).href.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  /** From the first ask, not the clock: a key reused with another body is a 409, so a retry must resend the same one. */
  function expiryFor(requestedAt: number, expiresInSeconds: number): string {
    const wanted = requestedAt + expiresInSeconds * 1000;
    const at = Math.min(now() + MAX_EXPIRY_SECONDS * 1000, Math.max(now() + MIN_EXPIRY_SECONDS * 1000, wanted));
    return saoPauloIso(at);
  }

  async function call(method: 'GET' | 'POST' | 'PUT', path: string, write?: { body: unknown; idempotencyKey: string }): Promise<Reply> {
    const { status, json } = await requestJson(doFetch, {
      url: `${apiUrl}${path}`,
      method,
      token: accessToken,
      body: write?.body,
      headers: write ? { 'X-Idempotency-Key': write.idempotencyKey } : {},
      timeoutMs,
    });
    return { status, ok: status >= 200 && status < 300, json };
  }

  async function createCharge(input: CreatePixInput): Promise<PixCharge> {
    const { amountCents, items, customer } = input;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
      throw new TypeError(`amountCents must be positive integer centavos, got ${amountCents}`);
    const itemsTotal = items.reduce((sum, item) => sum + item.priceCents, 0);
    if (
      items.length === 0 ||
      items.some((item) => !Number.isSafeInteger(item.priceCents) || item.priceCents <= 0) ||
      itemsTotal !== amountCents
    ) {
      throw new TypeError(`the items must be positive integer centavos adding up to amountCents (${amountCents}), got ${itemsTotal}`);
    }
    const idempotencyKey = input.idempotencyKey.trim();
    if (idempotencyKey === '') throw new TypeError('idempotencyKey is empty');
    const expiresInSeconds = Math.min(MAX_EXPIRY_SECONDS, Math.max(MIN_EXPIRY_SECONDS, Math.round(input.expiresInSeconds)));
    const document = identification(customer.document);
    const body = {
      transaction_amount: centsToReais(amountCents),
      payment_method_id: 'pix',
      description: description(items),
      external_reference: idempotencyKey,
      notification_url: input.webhookUrl,
      date_of_expiration: expiryFor(input.requestedAt, expiresInSeconds),
      payer: { email: customer.email, ...splitName(customer.name), ...(document ? { identification: document } : {}) },
      additional_info: {
        items: items.map((item, index) => ({
          id: String(index + 1),
          title: item.title,
          quantity: 1,
          unit_price: centsToReais(item.priceCents),
        })),
      },
    };

    let reply: Reply;
    try {
      // One attempt here; a retry with the same key is safe (Mercado Pago answers the same payment) and is the caller's call.
      reply = await call('POST', '/v1/payments', { body, idempotencyKey });
    } catch (error) {
      throw new GatewayError(mercadopagoCopy.chargeFailed, 'charge', undefined, error instanceof TransportFailure && error.sent);
    }
    if (!reply.ok) {
      const open = leavesWriteOpen(reply.status);
      const error = new GatewayError(
        mercadopagoCopy.chargeFailedHttp(reply.status),
        'charge',
        reply.status,
        open,
        !open && reply.status === 400 && refusesPayerData(reply.json),
      );
      error.cause = refusalDetail(reply.status, reply.json);
      throw error;
    }
    const payment = parsePayment(reply.json);
    // A success we cannot use: the payment probably exists, but without its id, its PIX code or our amount.
    const charge = payment ? pixChargeOf(payment, amountCents) : null;
    if (!charge) throw new GatewayError(mercadopagoCopy.chargeFailed, 'charge', reply.status, true);
    return charge;
  }

  function pixChargeOf(payment: MercadoPagoPayment, amountCents: number): PixCharge | null {
    if (!payment.qrCode || payment.amountCents !== amountCents) return null;
    return {
      chargeId: payment.id,
      alternateIds: [],
      amountCents,
      state: payment.state,
      rawStatus: payment.rawStatus,
      pix: { code: payment.qrCode, imageDataUrl: payment.qrImageDataUrl, imageUrl: null, paymentUrl: payment.ticketUrl },
      expiresAt: payment.expiresAt,
    };
  }

  function paymentPath(chargeId: string): string {
    const id = readId(chargeId);
    if (!id) throw new TypeError(`not a Mercado Pago payment id: ${JSON.stringify(chargeId)}`);
    return `/v1/payments/${id}`;
  }

  async function getCharge(chargeId: string): Promise<ChargeRecord> {
    const path = paymentPath(chargeId);
    let reply: Reply;
    try {
      reply = await call('GET', path);
    } catch {
      throw new GatewayError(mercadopagoCopy.readFailed, 'transaction');
    }
    if (!reply.ok) throw new GatewayError(mercadopagoCopy.readFailedHttp(reply.status), 'transaction', reply.status);
    const payment = parsePayment(reply.json);
    // The read-back is what confirms a payment: it must be the one we asked for.
    if (!payment || payment.id !== readId(chargeId)) throw new GatewayError(mercadopagoCopy.readFailed, 'transaction', reply.status);
    return { chargeId: payment.id, amountCents: payment.amountCents, state: payment.state, rawStatus: payment.rawStatus, endToEndId: null };
  }

  /**
   * Search may trail a create by moments, so `none` only ever leads to another provider, never a second charge here. A
   * result carries `point_of_interaction.transaction_data.qr_code`, so the payment found is the buyer's PIX as it is.
   */
  async function findCharge(idempotencyKey: string): Promise<FoundCharge> {
    const key = idempotencyKey.trim();
    if (key === '') throw new TypeError('idempotencyKey is empty');
    let reply: Reply;
    try {
      reply = await call('GET', `/v1/payments/search?${new URLSearchParams({ external_reference: key, limit: '1' }).toString()}`);
    } catch {
      throw new GatewayError(mercadopagoCopy.readFailed, 'transaction');
    }
    if (!reply.ok) throw new GatewayError(mercadopagoCopy.readFailedHttp(reply.status), 'transaction', reply.status);
    const total = parseSearchTotal(reply.json);
    if (total === null) throw new GatewayError(mercadopagoCopy.readFailed, 'transaction', reply.status);
    if (total === 0) return { kind: 'none' };
    const payment = parseSearchFirst(reply.json);
    const charge = payment && payment.amountCents !== null ? pixChargeOf(payment, payment.amountCents) : null;
    return charge ? { kind: 'charge', charge } : { kind: 'exists' };
  }

  /**
   * "Create cancellation": `PUT /v1/payments/{id}` with `{ "status": "cancelled" }`, for a payment `pending`,
   * `in_process` or `authorized`; otherwise 400 with cause 2018 (reference:
   * https://www.mercadopago.com.br/developers/en/reference/online-payments/checkout-api-payments/create-cancellation/put).
   * Either way the payment is read after, so a payment that won the race comes back `paid`.
   */
  async function cancelCharge(chargeId: string): Promise<ChargeRecord> {
    const path = paymentPath(chargeId);
    let reply: Reply;
    try {
      reply = await call('PUT', path, { body: { status: 'cancelled' }, idempotencyKey: `cancel-${readId(chargeId)}` });
    } catch {
      throw new GatewayError(mercadopagoCopy.readFailed, 'transaction');
    }
    if (reply.ok) {
      const payment = parsePayment(reply.json);
      if (payment && payment.id === readId(chargeId) && payment.state !== 'pending') {
        return {
          chargeId: payment.id,
          amountCents: payment.amountCents,
          state: payment.state,
          rawStatus: payment.rawStatus,
          endToEndId: null,
        };
      }
    } else if (reply.status !== 400) {
      throw new GatewayError(mercadopagoCopy.readFailedHttp(reply.status), 'transaction', reply.status);
    }
    return getCharge(chargeId);
  }

  async function refund(charge: ChargeRecord, input: { refundId: string; amountCents: number }): Promise<RefundRecord> {
    const path = `${paymentPath(charge.chargeId)}/refunds`;
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
      throw new TypeError(`amountCents must be positive integer centavos, got ${input.amountCents}`);
    const idempotencyKey = input.refundId.trim();
    if (idempotencyKey === '') throw new TypeError('refundId is empty');
    let reply: Reply;
    try {
      // Always the amount, even for the whole charge: what we ask is what we meant, whatever was refunded before.
      reply = await call('POST', path, { body: { amount: centsToReais(input.amountCents) }, idempotencyKey });
    } catch (error) {
      if (error instanceof TransportFailure && !error.sent) throw new GatewayError(mercadopagoCopy.refundNotSent, 'refund');
      throw new GatewayError(mercadopagoCopy.refundNoAnswer, 'refund', undefined, true);
    }
    if (leavesWriteOpen(reply.status))
      throw new GatewayError(mercadopagoCopy.refundServerError(reply.status), 'refund', reply.status, true);
    if (!reply.ok)
      throw new GatewayError(mercadopagoCopy.refundRefused(reply.status, refundErrorDetail(reply.json)), 'refund', reply.status);
    const answer = parseRefund(reply.json);
    if (!answer || (answer.paymentId !== null && answer.paymentId !== charge.chargeId)) {
      throw new GatewayError(mercadopagoCopy.refundUnreadable, 'refund', reply.status, true);
    }
    return { refundId: answer.id, amountCents: answer.amountCents, state: answer.state, rawStatus: answer.rawStatus };
  }

  /** After an uncertain refund, refund() again with the same key answers the first one. */
  async function getRefund(charge: ChargeRecord, refundId: string): Promise<RefundRecord> {
    const id = readId(refundId);
    if (!id) throw new TypeError(`not a Mercado Pago refund id: ${JSON.stringify(refundId)}`);
    let reply: Reply;
    try {
      reply = await call('GET', `${paymentPath(charge.chargeId)}/refunds/${id}`);
    } catch {
      throw new GatewayError(mercadopagoCopy.refundReadFailed, 'refund');
    }
    const answer = reply.ok ? parseRefund(reply.json) : null;
    if (!answer || answer.id !== id || (answer.paymentId !== null && answer.paymentId !== charge.chargeId))
      throw new GatewayError(mercadopagoCopy.refundReadFailed, 'refund', reply.status);
    return { refundId: answer.id, amountCents: answer.amountCents, state: answer.state, rawStatus: answer.rawStatus };
  }

  return {
    id: 'mercadopago',
    capabilities,
    createCharge,
    getCharge,
    findCharge,
    cancelCharge,
    parseWebhook: async (request) => verifyMercadoPagoWebhook(request, webhookSecret, now()),
    refund,
    getRefund,
  };
}
