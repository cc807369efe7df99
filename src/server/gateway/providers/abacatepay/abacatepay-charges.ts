/** AbacatePay's transparent PIX charges: create, read (via `list?id=`, since `check` has no amount), simulate a payment. */
import { abacatepayCopy } from '../../../../content/providers.ts';
import { gatewayMessages, refundErrorDetail } from '../../errors.ts';
import type { ChargeRecord, CreatePixInput, PixCharge, ProviderDispute } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError, type GatewayErrorKind } from '../../types.ts';
import { isOk, type AbacatepayClient, type Reply } from './abacatepay-client.ts';
import { envelopeError, parseChargeData, parseChargeList, paymentState, toAbacateAmount, type AbacateCharge } from './parse-abacatepay.ts';

/** `data.description` is at most 500 characters (openapi.yaml `/transparents/create`). */
const MAX_DESCRIPTION = 500;

/** UNDER_DISPUTE (openapi.yaml): a contestation holds the charge; its state stays `unknown`, the dispute open. */
function chargeDispute(charge: AbacateCharge): ProviderDispute | null {
  if (charge.rawStatus?.toUpperCase() !== 'UNDER_DISPUTE') return null;
  return {
    disputeId: charge.id,
    chargeId: charge.id,
    endToEndId: null,
    amountCents: charge.amountCents,
    state: 'open',
    rawStatus: charge.rawStatus,
    defenceDueAt: null,
    payer: null,
  };
}

function toChargeRecord(charge: AbacateCharge): ChargeRecord {
  const dispute = chargeDispute(charge);
  return {
    chargeId: charge.id,
    amountCents: charge.amountCents,
    state: paymentState(charge.rawStatus),
    rawStatus: charge.rawStatus,
    endToEndId: null,
    ...(dispute ? { dispute } : {}),
  };
}

/** The documented `/transparents/create` body for the buyer's checkout. */
function transparentRequest(input: CreatePixInput) {
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
  return {
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
}

/** 4xx or `error` set: nothing created. Only an error naming the customer's fields is the buyer's; the rest fails over. */
function createRefusal(reply: Reply): GatewayError {
  const detail = envelopeError(reply.json);
  const error = new GatewayError(
    gatewayMessages.paymentHttp(reply.status),
    'charge',
    reply.status,
    false,
    /\b(customer|taxId|cellphone|cpf|cnpj|e-?mail)\b/i.test(detail ?? ''),
  );
  if (detail) error.cause = new Error(`AbacatePay HTTP ${reply.status}: ${refundErrorDetail({ message: detail }) ?? ''}`);
  return error;
}

export async function createTransparent(client: AbacatepayClient, input: CreatePixInput): Promise<PixCharge> {
  const body = transparentRequest(input);
  let reply: Reply;
  try {
    reply = await client.call('POST', 'transparents/create', {}, body);
  } catch (error) {
    throw new GatewayError(gatewayMessages.payment, 'charge', undefined, error instanceof TransportFailure && error.sent);
  }
  if (reply.status >= 500) throw new GatewayError(gatewayMessages.paymentHttp(reply.status), 'charge', reply.status, true);
  if (!isOk(reply)) throw createRefusal(reply);
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

export async function readTransparent(client: AbacatepayClient, chargeId: string, kind: GatewayErrorKind): Promise<ChargeRecord> {
  const wanted = chargeId.trim();
  if (wanted === '') throw new TypeError('charge id is empty');
  let reply: Reply;
  try {
    reply = await client.call('GET', 'transparents/list', { id: wanted });
  } catch {
    throw new GatewayError(abacatepayCopy.readFailed, kind);
  }
  if (!isOk(reply)) throw new GatewayError(abacatepayCopy.readFailedHttp(reply.status), kind, reply.status);
  // The read-back is what confirms a payment: it must be about the charge we asked for, and only it.
  const listed = parseChargeList(reply.json)?.filter((charge) => charge.id === wanted) ?? [];
  if (listed.length !== 1) throw new GatewayError(abacatepayCopy.readFailed, kind, reply.status);
  return toChargeRecord(listed[0]!);
}

export async function simulateTransparentPayment(client: AbacatepayClient, chargeId: string): Promise<ChargeRecord> {
  let reply: Reply;
  try {
    reply = await client.call('POST', 'transparents/simulate-payment', { id: chargeId.trim() }, { metadata: {} });
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
