import { wooviCopy } from '../../../../content/providers.ts';
import { gatewayMessages } from '../../errors.ts';
import type { ChargeRecord, CreatePixInput, FoundCharge, PixCharge } from '../../pix-provider.ts';
import { TransportFailure } from '../../transport.ts';
import { GatewayError, type GatewayErrorKind } from '../../types.ts';
import { pathId, type WooviApi, type WooviReply } from './woovi-api.ts';
import { cancelError, readError, refusalCause } from './woovi-errors.ts';
import { chargeState, isNotFound, parseChargeReply, refusesCustomerData, toWooviValue, type WooviCharge } from './woovi-parse.ts';
import { readReversal } from './woovi-reversal.ts';

/** Our charge id is our correlationID: every charge route takes it in place of Woovi's id, and every webhook names it. */

/** ChargePayload `expiresIn`: "minimum is 5 minutes". */
const MIN_EXPIRY_SECONDS = 5 * 60;
/** `comment` reaches the payer's bank as `infoPagador`, at most 140 characters. */
const MAX_COMMENT = 140;

function comment(items: CreatePixInput['items']): string {
  const joined = items.map((item) => item.title.trim()).join(' + ');
  return joined.length > MAX_COMMENT ? `${joined.slice(0, MAX_COMMENT - 1)}…` : joined;
}

/** Once sent, a customer needs its name and a taxID, email or phone; the phone with country code and DDD. */
function customer(buyer: CreatePixInput['customer']) {
  const name = buyer.name.trim();
  if (name === '') return undefined;
  const taxID = buyer.document?.replace(/\D/g, '') ?? '';
  const phone = buyer.phoneDigits.replace(/\D/g, '');
  return {
    name,
    email: buyer.email.trim(),
    ...(phone.length === 10 || phone.length === 11 ? { phone: `55${phone}` } : {}),
    ...(taxID.length === 11 || taxID.length === 14 ? { taxID } : {}),
  };
}

export function createBody(input: CreatePixInput) {
  const correlationID = input.idempotencyKey.trim();
  if (correlationID === '') throw new TypeError('idempotencyKey is empty');
  if (!Number.isSafeInteger(input.expiresInSeconds) || input.expiresInSeconds <= 0) {
    throw new TypeError(`expiresInSeconds must be a positive integer, got ${input.expiresInSeconds}`);
  }
  const buyer = customer(input.customer);
  return {
    correlationID,
    value: toWooviValue(input.amountCents),
    comment: comment(input.items),
    expiresIn: Math.max(MIN_EXPIRY_SECONDS, input.expiresInSeconds),
    ...(buyer ? { customer: buyer } : {}),
  };
}

export function toPixCharge(charge: WooviCharge, amountCents: number): PixCharge | null {
  if (!charge.brCode || charge.amountCents !== amountCents) return null;
  return {
    chargeId: charge.correlationID,
    alternateIds: charge.globalID ? [charge.globalID] : [],
    amountCents,
    state: chargeState(charge.rawStatus),
    rawStatus: charge.rawStatus,
    pix: { code: charge.brCode, imageDataUrl: null, imageUrl: charge.qrCodeImage, paymentUrl: charge.paymentLinkUrl },
    expiresAt: charge.expiresAt,
  };
}

/** `?return_existing=true` "will return an existent charge if already has a one with the correlationID": a retry is safe. */
export async function createCharge(api: WooviApi, input: CreatePixInput): Promise<PixCharge> {
  const body = createBody(input);
  let reply: WooviReply;
  try {
    reply = await api.call('POST', '/api/v1/charge?return_existing=true', body);
  } catch (error) {
    throw new GatewayError(gatewayMessages.payment, 'charge', undefined, error instanceof TransportFailure && error.sent);
  }
  if (!reply.ok) {
    const open = reply.status >= 500;
    const error = new GatewayError(
      gatewayMessages.paymentHttp(reply.status),
      'charge',
      reply.status,
      open,
      !open && reply.status === 400 && refusesCustomerData(reply.json),
    );
    error.cause = refusalCause(reply);
    throw error;
  }
  const parsed = parseChargeReply(reply.json);
  // A success we cannot use, or about another key: the charge may well exist.
  if (!parsed || parsed.correlationID !== body.correlationID) throw new GatewayError(gatewayMessages.payment, 'charge', reply.status, true);
  const charge = toPixCharge(parsed, input.amountCents);
  // Never show a PIX for another amount than the one we decided, nor one without its code.
  if (!charge) throw new GatewayError(gatewayMessages.payment, 'charge', reply.status, parsed.brCode === null);
  return charge;
}

/** `null` for Woovi's "not found"; throws for anything else. */
export async function fetchCharge(api: WooviApi, chargeId: string, kind: GatewayErrorKind): Promise<WooviCharge | null> {
  const path = `/api/v1/charge/${pathId(chargeId)}`;
  let reply: WooviReply;
  try {
    reply = await api.call('GET', path);
  } catch {
    throw readError(kind);
  }
  if (!reply.ok && isNotFound(reply.status, reply.json)) return null;
  if (!reply.ok) throw readError(kind, reply);
  const charge = parseChargeReply(reply.json);
  // The read-back is what confirms a payment: it must be about the charge we asked for.
  if (!charge || charge.correlationID !== chargeId.trim()) throw readError(kind, reply);
  return charge;
}

export async function getCharge(api: WooviApi, chargeId: string, kind: GatewayErrorKind = 'transaction'): Promise<ChargeRecord> {
  const charge = await fetchCharge(api, chargeId, kind);
  // A 404 can also mean a wrong host or AppID: a charge we made is never taken for gone on a read.
  if (!charge) throw new GatewayError(wooviCopy.readFailed(wooviCopy.calls.charge), kind, 404);
  return chargeRecord(api, charge, kind);
}

/** A paid charge is read on for a refund or a dispute, which Woovi keeps beside the charge. */
function chargeRecord(api: WooviApi, charge: WooviCharge, kind: GatewayErrorKind): Promise<ChargeRecord> {
  const record: ChargeRecord = {
    chargeId: charge.correlationID,
    amountCents: charge.amountCents,
    state: chargeState(charge.rawStatus),
    rawStatus: charge.rawStatus,
    endToEndId: null,
  };
  return record.state === 'paid' ? readReversal(api, record, kind) : Promise.resolve(record);
}

export async function findCharge(api: WooviApi, idempotencyKey: string): Promise<FoundCharge> {
  const charge = await fetchCharge(api, idempotencyKey, 'transaction');
  if (!charge) return { kind: 'none' };
  const found = charge.amountCents === null ? null : toPixCharge(charge, charge.amountCents);
  return found ? { kind: 'charge', charge: found } : { kind: 'exists' };
}

/** Then a read: a deleted charge reads as not found (closed); one paid first reads COMPLETED, so the payment wins. */
export async function cancelCharge(api: WooviApi, chargeId: string): Promise<ChargeRecord> {
  let reply: WooviReply;
  try {
    reply = await api.call('DELETE', `/api/v1/charge/${pathId(chargeId)}`);
  } catch {
    throw cancelError();
  }
  if (reply.status >= 500 || reply.status === 401) throw cancelError(reply);
  const charge = await fetchCharge(api, chargeId, 'transaction');
  if (!charge) return { chargeId: chargeId.trim(), amountCents: null, state: 'failed', rawStatus: 'DELETED', endToEndId: null };
  return chargeRecord(api, charge, 'transaction');
}
