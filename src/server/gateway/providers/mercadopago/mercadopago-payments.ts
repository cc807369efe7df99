/** Mercado Pago's PIX payments: create (`POST /v1/payments`), read, search by our key, cancel. */
import { mercadopagoCopy } from '../../../../content/providers.ts';
import type { ChargeRecord, CreatePixInput, FoundCharge, PixCharge } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError } from '../../types.ts';
import { centsToReais } from './mercadopago-amount.ts';
import { leavesWriteOpen, type MercadoPagoClient, type Reply } from './mercadopago-client.ts';
import {
  parseErrorCauses,
  parsePayment,
  parseSearchFirst,
  parseSearchTotal,
  readId,
  type MercadoPagoPayment,
} from './mercadopago-parse.ts';
import { paymentDispute } from './mercadopago-dispute.ts';

/** What every payment call of one provider shares. */
export interface PaymentsApi {
  client: MercadoPagoClient;
  now: () => number;
}

/** The Pix guide's 30-minute minimum, plus a minute for our clock and the request's transit. */
const MIN_EXPIRY_SECONDS = 31 * 60;
const MAX_EXPIRY_SECONDS = 30 * 24 * 60 * 60 - 60;
/** São Paulo has had no daylight saving time since 2019; the docs' examples carry an explicit offset. */
const SAO_PAULO_OFFSET_MS = -3 * 60 * 60_000;
const MAX_DESCRIPTION = 250;

/** Payer refusals: 2067, 4050 (https://www.mercadopago.com.br/developers/en/reference/payments/_payments/post); other 400s the seller's. */
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

/** From the first ask, not the clock: a key reused with another body is a 409, so a retry must resend the same one. */
function expiryFor(now: () => number, requestedAt: number, expiresInSeconds: number): string {
  const wanted = requestedAt + expiresInSeconds * 1000;
  const at = Math.min(now() + MAX_EXPIRY_SECONDS * 1000, Math.max(now() + MIN_EXPIRY_SECONDS * 1000, wanted));
  return saoPauloIso(at);
}

/** The key the create is sent under; throws TypeError for an input that is not a payable checkout. */
function checkedKey(input: CreatePixInput): string {
  const { amountCents, items } = input;
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
  return idempotencyKey;
}

/** The documented PIX payment body: one description for the buyer, the lines in additional_info.items. */
function paymentRequest(input: CreatePixInput, idempotencyKey: string, now: () => number) {
  const { amountCents, items, customer } = input;
  const expiresInSeconds = Math.min(MAX_EXPIRY_SECONDS, Math.max(MIN_EXPIRY_SECONDS, Math.round(input.expiresInSeconds)));
  const document = identification(customer.document);
  return {
    transaction_amount: centsToReais(amountCents),
    payment_method_id: 'pix',
    description: description(items),
    external_reference: idempotencyKey,
    notification_url: input.webhookUrl,
    date_of_expiration: expiryFor(now, input.requestedAt, expiresInSeconds),
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
}

/** A refused create: uncertain where the write may have been done, the buyer's data where the payer was refused. */
function createRefusal(reply: Reply): GatewayError {
  const open = leavesWriteOpen(reply.status);
  const error = new GatewayError(
    mercadopagoCopy.chargeFailedHttp(reply.status),
    'charge',
    reply.status,
    open,
    !open && reply.status === 400 && refusesPayerData(reply.json),
  );
  error.cause = refusalDetail(reply.status, reply.json);
  return error;
}

/** The payment as the buyer's PIX; null without its code or for another amount than ours. */
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

function chargeRecordOf(payment: MercadoPagoPayment): ChargeRecord {
  return {
    chargeId: payment.id,
    amountCents: payment.amountCents,
    state: payment.state,
    rawStatus: payment.rawStatus,
    endToEndId: null,
    refundedCents: payment.refundedCents,
    ...paymentDispute(payment),
  };
}

export function paymentPath(chargeId: string): string {
  const id = readId(chargeId);
  if (!id) throw new TypeError(`not a Mercado Pago payment id: ${JSON.stringify(chargeId)}`);
  return `/v1/payments/${id}`;
}

export async function createPayment(api: PaymentsApi, input: CreatePixInput): Promise<PixCharge> {
  const idempotencyKey = checkedKey(input);
  const body = paymentRequest(input, idempotencyKey, api.now);
  let reply: Reply;
  try {
    // One attempt here; a retry with the same key is safe (Mercado Pago answers the same payment) and is the caller's call.
    reply = await api.client.call('POST', '/v1/payments', { body, idempotencyKey });
  } catch (error) {
    throw new GatewayError(mercadopagoCopy.chargeFailed, 'charge', undefined, error instanceof TransportFailure && error.sent);
  }
  if (!reply.ok) throw createRefusal(reply);
  const payment = parsePayment(reply.json);
  // A success we cannot use: the payment probably exists, but without its id, its PIX code or our amount.
  const charge = payment ? pixChargeOf(payment, input.amountCents) : null;
  if (!charge) throw new GatewayError(mercadopagoCopy.chargeFailed, 'charge', reply.status, true);
  return charge;
}

export async function readPayment(api: PaymentsApi, chargeId: string): Promise<ChargeRecord> {
  const path = paymentPath(chargeId);
  let reply: Reply;
  try {
    reply = await api.client.call('GET', path);
  } catch {
    throw new GatewayError(mercadopagoCopy.readFailed, 'transaction');
  }
  if (!reply.ok) {
    const error = new GatewayError(mercadopagoCopy.readFailedHttp(reply.status), 'transaction', reply.status);
    if (reply.retryAfterMs !== undefined) error.retryAfterMs = reply.retryAfterMs;
    throw error;
  }
  const payment = parsePayment(reply.json);
  // The read-back is what confirms a payment: it must be the one we asked for.
  if (!payment || payment.id !== readId(chargeId)) throw new GatewayError(mercadopagoCopy.readFailed, 'transaction', reply.status);
  return chargeRecordOf(payment);
}

/** Search may trail a create, so `none` only leads to another provider, never a second charge here. */
export async function searchPayment(api: PaymentsApi, idempotencyKey: string): Promise<FoundCharge> {
  const key = idempotencyKey.trim();
  if (key === '') throw new TypeError('idempotencyKey is empty');
  let reply: Reply;
  try {
    reply = await api.client.call('GET', `/v1/payments/search?${new URLSearchParams({ external_reference: key, limit: '1' }).toString()}`);
  } catch {
    throw new GatewayError(mercadopagoCopy.searchFailed, 'transaction');
  }
  if (!reply.ok) throw new GatewayError(mercadopagoCopy.searchFailedHttp(reply.status), 'transaction', reply.status);
  const total = parseSearchTotal(reply.json);
  if (total === null) throw new GatewayError(mercadopagoCopy.searchFailed, 'transaction', reply.status);
  if (total === 0) return { kind: 'none' };
  const payment = parseSearchFirst(reply.json);
  const charge = payment && payment.amountCents !== null ? pixChargeOf(payment, payment.amountCents) : null;
  return charge ? { kind: 'charge', charge } : { kind: 'exists' };
}

/**
 * `PUT /v1/payments/{id}` `{ "status": "cancelled" }` while pending, in_process or authorized, else 400 cause 2018
 * (https://www.mercadopago.com.br/developers/en/reference/online-payments/checkout-api-payments/create-cancellation/put).
 * Read after either way, so a payment that won the race comes back `paid`.
 */
export async function cancelPayment(api: PaymentsApi, chargeId: string): Promise<ChargeRecord> {
  const path = paymentPath(chargeId);
  let reply: Reply;
  try {
    reply = await api.client.call('PUT', path, { body: { status: 'cancelled' }, idempotencyKey: `cancel-${readId(chargeId)}` });
  } catch {
    throw new GatewayError(mercadopagoCopy.cancelFailed, 'transaction');
  }
  if (reply.ok) {
    const payment = parsePayment(reply.json);
    if (payment && payment.id === readId(chargeId) && payment.state !== 'pending') return chargeRecordOf(payment);
  } else if (reply.status !== 400) {
    throw new GatewayError(mercadopagoCopy.cancelFailedHttp(reply.status), 'transaction', reply.status);
  }
  return readPayment(api, chargeId);
}
