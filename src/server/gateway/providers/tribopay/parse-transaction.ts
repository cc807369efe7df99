import { isRecord, readCents, type JsonRecord } from '../../../lib/json-record.ts';
import { readCustomer } from './parse-customer.ts';
import type { Charge, PaymentState, PixData } from '../../types.ts';
import type { RefundAnswer, TransactionRecord } from './tribopay-types.ts';

/** Lenient readers that never throw: integrators have met a `data` wrapper and many names for the code (docs/gateway.md#3-charge). */

function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const TRANSACTION_KEYS = ['hash', 'transaction_hash', 'payment_status', 'pix', 'payment'];

/** The transaction object, whether it sits at the root (TriboPay, 34 of 34) or inside `data`. */
export function unwrapTransaction(body: unknown): JsonRecord | null {
  if (!isRecord(body)) return null;
  if (TRANSACTION_KEYS.some((key) => key in body)) return body;
  if (isRecord(body.data)) return body.data;
  return body;
}

const PAYMENT_STATES: Record<string, PaymentState> = {
  paid: 'paid',
  authorized: 'paid',
  waiting_payment: 'pending',
  processing: 'pending',
  pending: 'pending',
  waiting: 'pending',
  refused: 'failed',
  canceled: 'failed',
  cancelled: 'failed',
  expired: 'failed',
  refunded: 'reversed',
  chargeback: 'reversed',
  chargedback: 'reversed',
  // A refund asked for, not yet made: the access ends only on `refunded` (docs/gateway.md#5-reading-a-transaction).
  pending_refund: 'refunding',
};

/** docs/gateway.md#10-confirming-a-payment. Anything unrecognised is `unknown`: the caller leaves the order pending and logs it. */
export function mapPaymentStatus(raw: string | null | undefined): PaymentState {
  if (typeof raw !== 'string') return 'unknown';
  return PAYMENT_STATES[raw.trim().toLowerCase()] ?? 'unknown';
}

/** `payment_status`, else `status` (zeromultas read `status`, a bug: docs/gateway.md); a numeric `status` is HTTP. */
export function readRawStatus(transaction: JsonRecord): string | null {
  if (transaction.payment_status !== undefined && transaction.payment_status !== null) {
    return text(transaction.payment_status);
  }
  return typeof transaction.status === 'string' ? text(transaction.status) : null;
}

export function readTransactionIds(transaction: JsonRecord): { hash: string | null; alternateIds: string[] } {
  const nested = isRecord(transaction.transaction) ? text(transaction.transaction.id) : null;
  const candidates = [
    text(transaction.hash),
    text(transaction.transaction_hash),
    typeof transaction.transaction === 'object' ? null : text(transaction.transaction),
    text(transaction.id),
    nested,
  ].filter((id): id is string => id !== null);
  const distinct = [...new Set(candidates)];
  return { hash: distinct[0] ?? null, alternateIds: distinct.slice(1) };
}

/** Code names in order of preference: the real one first, then integrators' fallbacks (docs/gateway.md#3-charge). */
const CODE_FIELDS = ['pix_qr_code', 'pix_url', 'payload', 'emv', 'qrcode', 'qr_code', 'code', 'pix_code', 'brcode', 'copia_e_cola'];
const URL_FIELDS = ['qr_url', 'qr_code_url', 'qrcode_url', 'image_url', 'url', 'payment_url'];
const IMAGE_FIELDS = ['qr_code_base64', 'qrcode_base64', 'qr_code_image', 'qrcode_image', 'image_base64', 'base64', 'qr_code_png', 'image'];
const PIX_FIELDS = [...CODE_FIELDS, ...URL_FIELDS, ...IMAGE_FIELDS];

/** An unclassifiable value here is still taken as a last resort. */
const CODE_ROLE = new Set(CODE_FIELDS.filter((name) => name !== 'pix_url'));

type Classified =
  { kind: 'emv'; value: string } | { kind: 'http'; value: string } | { kind: 'image'; value: string } | { kind: 'other'; value: string };

// A real QR PNG in base64 is kilobytes long; short strings are more likely opaque codes.
const MIN_BASE64_IMAGE_LENGTH = 100;

function imageMime(base64: string): string {
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  if (base64.startsWith('PHN2Zy') || base64.startsWith('PD94bWwg')) return 'image/svg+xml';
  if (base64.startsWith('UklGR')) return 'image/webp';
  return 'image/png';
}

/** By content, not name: TriboPay's `pix_url` held the EMV code, Pepper's a link (docs/gateway.md#3-charge). */
export function classifyPixValue(raw: string): Classified | null {
  const value = raw.trim();
  if (value === '') return null;
  if (value.startsWith('000201')) return { kind: 'emv', value };
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' ? { kind: 'http', value: url.href } : null;
    } catch {
      return null;
    }
  }
  const compact = value.replace(/\s+/g, '');
  const dataUrl = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/i.exec(compact);
  if (dataUrl) return { kind: 'image', value: `data:${dataUrl[1]!.toLowerCase()};base64,${dataUrl[2]}` };
  if (/^data:/i.test(compact)) return { kind: 'other', value };
  if (compact.length >= MIN_BASE64_IMAGE_LENGTH && /^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
    return { kind: 'image', value: `data:${imageMime(compact)};base64,${compact}` };
  }
  return { kind: 'other', value };
}

/** Where PIX data has been seen: `pix`, `payment.pix`, and the postback v2 `transaction.pix`. */
function pixContainers(transaction: JsonRecord): JsonRecord[] {
  const containers: unknown[] = [
    transaction.pix,
    isRecord(transaction.payment) ? transaction.payment.pix : undefined,
    isRecord(transaction.transaction) ? transaction.transaction.pix : undefined,
  ];
  // A bare string under `pix` is treated as the code field of an object.
  return containers.map((container) => (typeof container === 'string' ? { code: container } : container)).filter(isRecord);
}

/** A URL field named for a QR image is an image; any other http(s) value is a payment page. */
function isImageUrlName(name: string): boolean {
  return /qr|image|img/.test(name) && name !== 'pix_qr_code';
}

export function extractPix(transaction: JsonRecord): PixData {
  const pix: PixData = { code: null, imageDataUrl: null, imageUrl: null, paymentUrl: null };
  let fallbackCode: string | null = null;
  for (const container of pixContainers(transaction)) {
    for (const name of PIX_FIELDS) {
      const raw = container[name];
      if (typeof raw !== 'string') continue;
      const found = classifyPixValue(raw);
      if (!found) continue;
      if (found.kind === 'emv') pix.code ??= found.value;
      else if (found.kind === 'image') pix.imageDataUrl ??= found.value;
      else if (found.kind === 'http') {
        if (isImageUrlName(name)) pix.imageUrl ??= found.value;
        else pix.paymentUrl ??= found.value;
      } else if (CODE_ROLE.has(name)) fallbackCode ??= found.value;
    }
  }
  pix.code ??= fallbackCode;
  return pix;
}

const EXPIRY_KEYS = ['expires_at', 'expiration_date', 'expire_at', 'expired_at'];
const ZONELESS_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)$/;

/** A zoneless time is Brazil time, UTC−03:00 (docs/gateway.md#3-charge). */
export function readExpiry(transaction: JsonRecord): number | null {
  const places = [transaction, isRecord(transaction.pix) ? transaction.pix : {}];
  for (const place of places) {
    for (const key of EXPIRY_KEYS) {
      const value = text(place[key]);
      if (!value || /^\d+$/.test(value)) continue;
      const zoneless = ZONELESS_TIME.exec(value);
      const at = zoneless ? Date.parse(`${zoneless[1]}T${zoneless[2]}-03:00`) : Date.parse(value);
      if (Number.isFinite(at)) return at;
    }
  }
  return null;
}

/** Null: whether a charge exists is unknown. */
export function parseCharge(body: unknown): Charge | null {
  const transaction = unwrapTransaction(body);
  if (!transaction) return null;
  const { hash, alternateIds } = readTransactionIds(transaction);
  if (!hash) return null;
  const rawStatus = readRawStatus(transaction);
  return {
    transactionHash: hash,
    alternateIds,
    amountCents: readCents(transaction.amount),
    rawStatus,
    state: mapPaymentStatus(rawStatus),
    pix: extractPix(transaction),
    expiresAt: readExpiry(transaction),
  };
}

function firstItem(transaction: JsonRecord): JsonRecord | null {
  for (const key of ['items', 'cart']) {
    const list = transaction[key];
    if (Array.isArray(list) && isRecord(list[0])) return list[0];
  }
  return null;
}

/** The only trusted source of payment state (docs/gateway.md#10-confirming-a-payment). */
export function parseTransactionRecord(body: unknown, requestedHash: string): TransactionRecord | null {
  const transaction = unwrapTransaction(body);
  if (!transaction) return null;
  const ids = readTransactionIds(transaction);
  const rawStatus = readRawStatus(transaction);
  const item = firstItem(transaction);
  const product = isRecord(transaction.product) ? transaction.product : null;
  const offer = isRecord(transaction.offer) ? transaction.offer : null;
  return {
    transactionHash: ids.hash ?? requestedHash,
    alternateIds: ids.alternateIds,
    amountCents: readCents(transaction.amount),
    rawStatus,
    state: mapPaymentStatus(rawStatus),
    productHash: text(product?.hash) ?? text(transaction.product_hash) ?? text(item?.product_hash) ?? null,
    offerHash: text(offer?.hash) ?? text(transaction.offer_hash) ?? text(item?.offer_hash) ?? null,
    customer: readCustomer(transaction),
  };
}

/** No reply of this endpoint has been seen (docs/gateway.md#11-refunds): anything but the transaction says only "accepted". */
export function parseRefundReply(body: unknown, requestedHash: string): RefundAnswer | null {
  if (body === undefined) return { rawStatus: null, state: 'unknown' };
  if (!isRecord(body) || body.success === false) return null;
  const transaction = unwrapTransaction(body)!;
  const { hash, alternateIds } = readTransactionIds(transaction);
  const ours = hash === requestedHash || alternateIds.includes(requestedHash);
  const hasPaymentStatus = transaction.payment_status !== undefined && transaction.payment_status !== null;
  if (!ours && hasPaymentStatus && hash !== null) return null;
  if (!ours && !hasPaymentStatus) return { rawStatus: null, state: 'unknown' };
  const rawStatus = readRawStatus(transaction);
  return { rawStatus, state: mapPaymentStatus(rawStatus) };
}
