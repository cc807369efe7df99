import type { PaymentState } from '../../types.ts';

/** Every reply is the envelope `{ data, error, success }` (AbacatePay/documentation `openapi.yaml`). */

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function toAbacateAmount(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new TypeError(`amountCents must be positive integer centavos, got ${cents}`);
  return cents;
}

/** AbacatePay's `amount` as our centavos; null for anything but a positive integer (a fraction would mean reais). */
export function fromAbacateAmount(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** `UNDER_DISPUTE` (MED) and `REDEEMED` stay `unknown`: the order is left as is and the read logged (openapi.yaml). */
const STATES: Readonly<Record<string, PaymentState>> = {
  PENDING: 'pending',
  PAID: 'paid',
  EXPIRED: 'failed',
  CANCELLED: 'failed',
  FAILED: 'failed',
  REFUNDED: 'reversed',
};

export function paymentState(raw: string | null): PaymentState {
  return raw !== null && Object.hasOwn(STATES, raw.toUpperCase()) ? STATES[raw.toUpperCase()]! : 'unknown';
}

export function envelopeError(body: unknown): string | null {
  return isRecord(body) ? text(body.error) : null;
}

export interface AbacateCharge {
  id: string;
  amountCents: number | null;
  rawStatus: string | null;
  brCode: string | null;
  brCodeBase64: string | null;
  expiresAt: number | null;
}

function epochMs(value: unknown): number | null {
  const raw = text(value);
  if (raw === null) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

export function parseChargeData(body: unknown): AbacateCharge | null {
  return isRecord(body) ? parseCharge(body.data) : null;
}

/** The charges of a list reply (`data`, an array of PixQRCode); null when it is not a list. Unreadable items are left out. */
export function parseChargeList(body: unknown): AbacateCharge[] | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null;
  return body.data.map(parseCharge).filter((charge): charge is AbacateCharge => charge !== null);
}

function parseCharge(data: unknown): AbacateCharge | null {
  if (!isRecord(data)) return null;
  const id = text(data.id);
  if (id === null) return null;
  const image = text(data.brCodeBase64);
  return {
    id,
    amountCents: fromAbacateAmount(data.amount),
    rawStatus: text(data.status),
    brCode: text(data.brCode),
    // A QR image is shown only as a data URL of an image; anything else is dropped.
    brCodeBase64: image !== null && /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(image) ? image : null,
    expiresAt: epochMs(data.expiresAt),
  };
}

export function parseRefundData(body: unknown): string | null {
  return isRecord(body) && isRecord(body.data) ? text(body.data.refundPublicId) : null;
}

export type WebhookEventRead =
  { kind: 'charge'; chargeId: string } | { kind: 'refund'; chargeId: string } | { kind: 'ignored'; reason: string };

/** v2's `transparent.*` events, and v1's `billing.*` for a webhook still registered on the old version. */
export function readWebhookEvent(body: unknown): WebhookEventRead {
  if (!isRecord(body)) return { kind: 'ignored', reason: 'body is not an object' };
  const event = text(body.event);
  const data = isRecord(body.data) ? body.data : null;
  if (event === null || data === null) return { kind: 'ignored', reason: 'no event or data' };
  const charge = isRecord(data.transparent) ? data.transparent : isRecord(data.pixQrCode) ? data.pixQrCode : null;
  const chargeId = charge ? text(charge.id) : null;
  switch (event) {
    case 'transparent.completed':
    case 'transparent.disputed':
    case 'billing.paid':
      return chargeId ? { kind: 'charge', chargeId } : { kind: 'ignored', reason: `${event} without a charge id` };
    case 'transparent.refunded':
    case 'billing.refunded':
      return chargeId ? { kind: 'refund', chargeId } : { kind: 'ignored', reason: `${event} without a charge id` };
    default:
      return { kind: 'ignored', reason: `event ${event.slice(0, 60)}` };
  }
}
