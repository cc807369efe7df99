import type { PaymentState } from '../../types.ts';

/**
 * AbacatePay's replies and webhook bodies read into plain values. Every reply is the envelope
 * `{ data, error, success }` (docs.abacatepay.com, AbacatePay/documentation `openapi.yaml`); amounts are
 * integer centavos. Bodies come from `parseJsonSafely`, so records have no prototype keys.
 */

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Our centavos as AbacatePay's `amount`: the same integer (the API counts centavos). */
export function toAbacateAmount(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new TypeError(`amountCents must be positive integer centavos, got ${cents}`);
  return cents;
}

/** AbacatePay's `amount` as our centavos; null for anything but a positive integer (a fraction would mean reais). */
export function fromAbacateAmount(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * The statuses of `TransparentCharge` / `PixQRCode` (openapi.yaml). `UNDER_DISPUTE` (a MED claim) and
 * `REDEEMED` are left `unknown`: the order stays as it is and the read is logged.
 */
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

/** The `error` of an envelope: a string, or null. */
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

/** `data` of a create or simulate reply; null when it names no charge. */
export function parseChargeData(body: unknown): AbacateCharge | null {
  return isRecord(body) ? parseCharge(body.data) : null;
}

/**
 * The charge `id` in a `GET /transparents/list?id=` reply (`data`: PixQRCode[]); null when the list
 * does not hold it. The list, not `/transparents/check`, is the read-back: the documented check
 * reply carries `id`, `status` and `expiresAt` but no `amount`, and a payment is confirmed only at
 * its exact amount (orders/payment-confirmation.ts).
 */
export function parseListedCharge(body: unknown, id: string): AbacateCharge | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null;
  for (const entry of body.data) {
    const charge = parseCharge(entry);
    if (charge?.id === id) return charge;
  }
  return null;
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

/** `data.refundPublicId` of a refund reply. */
export function parseRefundData(body: unknown): string | null {
  return isRecord(body) && isRecord(body.data) ? text(body.data.refundPublicId) : null;
}

export type WebhookEventRead =
  { kind: 'charge'; chargeId: string } | { kind: 'refund'; chargeId: string } | { kind: 'ignored'; reason: string };

/**
 * The charge a webhook names. v2 (pages/webhooks/events/transparent.mdx): `transparent.completed`,
 * `transparent.disputed`, `transparent.refunded` with `data.transparent.id`. v1, for a webhook still
 * registered on the old version (`@abacatepay/types` v1 `WebhookBillingPaidEvent`): `billing.paid`
 * and `billing.refunded` with `data.pixQrCode.id`.
 */
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
