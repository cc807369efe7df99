import type { PixSendAnnouncement } from '../../pix-provider.ts';
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

/** A dispute event's contestation (a MED on a PIX): opened by `*.disputed`, lost by `*.lost`. */
export interface AbacateDispute {
  chargeId: string;
  state: 'open' | 'lost';
  event: string;
  amountCents: number | null;
  /** `payerInformation.PIX`: its `taxId` comes masked (`123.***.***-**`), so only whole digits are kept. */
  payer: { name: string | null; document: string | null } | null;
}

export type WebhookEventRead =
  | { kind: 'charge'; chargeId: string }
  | { kind: 'refund'; chargeId: string }
  | { kind: 'dispute'; dispute: AbacateDispute }
  /** A PIX the seller sent by `/pix/send` (an affiliate payout), by the `externalId` we gave it. */
  | { kind: 'payout'; sendId: string; announced: PixSendAnnouncement }
  | { kind: 'unrecognised'; name: string }
  | { kind: 'ignored'; reason: string };

/**
 * Every event AbacatePay documents (docs/payments.md#unrecognised-events), by what the shop does with it. v2's list is
 * pages/webhooks/reference.mdx ("Eventos supportados"), its examples pages/webhooks/events/*.mdx; v1's are
 * pages/v1/webhooks.mdx and AbacatePay/go-types `v1/webhook.go` (`withdraw.*`); the CLI's `trigger` names
 * `payout.done` (pages/cli/webhooks.mdx). The shop charges through `/transparents/create`: a checkout's payment or
 * refund is none of its charges, while a dispute names the charge it is about whichever product it came from.
 * `transfer.*` is the word on a `/pix/send` (pages/webhooks/events/transfers.mdx, `data.transfer.externalId`): an affiliate
 * payout's, read back by that id. Subscriptions and withdrawals to the seller's own account are the seller's business: known,
 * not read.
 */
export const ABACATEPAY_EVENTS = {
  'transparent.completed': 'charge',
  'transparent.refunded': 'refund',
  'transparent.disputed': 'disputeOpen',
  'transparent.lost': 'disputeLost',
  'checkout.completed': 'known',
  'checkout.refunded': 'known',
  'checkout.disputed': 'disputeOpen',
  'checkout.lost': 'disputeLost',
  'subscription.completed': 'known',
  'subscription.cancelled': 'known',
  'subscription.renewed': 'known',
  'subscription.trial_started': 'known',
  'subscription.payment_failed': 'known',
  'payout.completed': 'known',
  'payout.failed': 'known',
  'payout.done': 'known',
  'transfer.completed': 'payoutSettled',
  'transfer.failed': 'payoutFailed',
  'billing.created': 'known',
  'billing.paid': 'charge',
  'billing.refunded': 'refund',
  'billing.failed': 'known',
  'subscription.created': 'known',
  'subscription.canceled': 'known',
  'withdraw.done': 'known',
  'withdraw.failed': 'known',
} as const satisfies Record<string, 'charge' | 'refund' | 'disputeOpen' | 'disputeLost' | 'payoutSettled' | 'payoutFailed' | 'known'>;

/** Longer is no event name: counted under its first characters. */
const MAX_EVENT_LENGTH = 100;

function disputePayer(data: JsonRecord): AbacateDispute['payer'] {
  const information = isRecord(data.payerInformation) ? data.payerInformation : null;
  const pix = information && isRecord(information.PIX) ? information.PIX : null;
  if (!pix) return null;
  const taxId = text(pix.taxId);
  const document = taxId !== null && /^(\d{11}|\d{14})$/.test(taxId.replace(/[.\-/]/g, '')) ? taxId.replace(/\D/g, '') : null;
  const name = text(pix.name);
  return name || document ? { name, document } : null;
}

/** v2's `transparent.*` events, and v1's `billing.*` for a webhook still registered on the old version. */
export function readWebhookEvent(body: unknown): WebhookEventRead {
  if (!isRecord(body)) return { kind: 'ignored', reason: 'body is not an object' };
  const event = text(body.event)?.slice(0, MAX_EVENT_LENGTH) ?? null;
  if (event === null) return { kind: 'ignored', reason: 'no event' };
  const kind = Object.hasOwn(ABACATEPAY_EVENTS, event) ? ABACATEPAY_EVENTS[event as keyof typeof ABACATEPAY_EVENTS] : undefined;
  if (kind === undefined) return { kind: 'unrecognised', name: event };
  if (kind === 'known') return { kind: 'ignored', reason: `event ${event}` };
  const data = isRecord(body.data) ? body.data : null;
  if (kind === 'payoutSettled' || kind === 'payoutFailed') {
    const sendId = data && isRecord(data.transfer) ? text(data.transfer.externalId) : null;
    if (sendId === null) return { kind: 'ignored', reason: `${event} without an externalId` };
    return { kind: 'payout', sendId, announced: kind === 'payoutSettled' ? 'settled' : 'failed' };
  }
  // v2 names the product (`transparent`, `checkout`); v1's `billing.paid` comes as `billing` or `pixQrCode`
  // (go-types `v1/webhook.go`), or with the charge's fields in `data` itself (pages/v1/webhooks.mdx).
  const nested = data ? [data.transparent, data.checkout, data.pixQrCode, data.billing].find(isRecord) : undefined;
  const charge = nested ?? data;
  const chargeId = charge ? text(charge.id) : null;
  if (!charge || !chargeId) return { kind: 'ignored', reason: `${event} without a charge id` };
  switch (kind) {
    case 'charge':
    case 'refund':
      return { kind, chargeId };
    case 'disputeOpen':
    case 'disputeLost': {
      const amountCents = fromAbacateAmount(charge.paidAmount) ?? fromAbacateAmount(charge.amount);
      const state = kind === 'disputeOpen' ? 'open' : 'lost';
      return { kind: 'dispute', dispute: { chargeId, state, event, amountCents, payer: disputePayer(data!) } };
    }
  }
}
