import type { SafeRecord } from '../../../lib/safe-parse.ts';
import type { PaymentState } from '../../types.ts';
import { reaisToCents } from './mercadopago-amount.ts';

function record(value: unknown): SafeRecord | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as SafeRecord) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Payment and refund ids are JSON integers (`"id": 5466310457`); a digit string is read the same. */
export function readId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  if (typeof value === 'string' && /^\d{1,19}$/.test(value.trim())) return value.trim();
  return null;
}

/** `in_mediation` holds the money in a dispute: neither paid nor reversed until it settles. */
function paymentState(status: string | null): PaymentState {
  switch (status) {
    case 'approved':
      return 'paid';
    case 'pending':
    case 'in_process':
    case 'authorized':
      return 'pending';
    case 'rejected':
    case 'cancelled':
      return 'failed';
    case 'refunded':
    case 'charged_back':
      return 'reversed';
    default:
      return 'unknown';
  }
}

export interface MercadoPagoPayment {
  id: string;
  amountCents: number | null;
  rawStatus: string | null;
  state: PaymentState;
  qrCode: string | null;
  qrImageDataUrl: string | null;
  ticketUrl: string | null;
  expiresAt: number | null;
  /** `transaction_amount_refunded`, else the approved `refunds` ("Get payment"; a part keeps `status: approved`); null: neither. */
  refundedCents: number | null;
  rawStatusDetail: string | null;
  externalReference: string | null;
  linkedTo: string | null;
  refunds: MercadoPagoRefund[];
}

function refundedCentsOf(payment: SafeRecord): number | null {
  const stated = reaisToCents(payment.transaction_amount_refunded);
  if (stated !== null) return stated;
  if (!Array.isArray(payment.refunds)) return null;
  return payment.refunds
    .map((refund: unknown) => parseRefund(refund))
    .filter((refund): refund is MercadoPagoRefund => refund !== null && refund.state === 'done')
    .reduce((sum, refund) => sum + (refund.amountCents ?? 0), 0);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** A QR image is a few kilobytes; a reply that sends megabytes is not one to keep. */
const MAX_IMAGE_BASE64 = 200_000;

function imageDataUrl(value: unknown): string | null {
  const base64 = text(value);
  if (!base64 || base64.length > MAX_IMAGE_BASE64 || !BASE64.test(base64)) return null;
  // The documented sample is a PNG (`iVBOR…`), the docs' <img> says jpeg: name what the bytes are.
  const type = base64.startsWith('/9j/') ? 'jpeg' : 'png';
  return `data:image/${type};base64,${base64}`;
}

function httpUrl(value: unknown): string | null {
  const candidate = text(value);
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function parsePayment(body: unknown): MercadoPagoPayment | null {
  const payment = record(body);
  const id = payment ? readId(payment.id) : null;
  if (!payment || !id) return null;
  const rawStatus = text(payment.status);
  const interaction = record(payment.point_of_interaction);
  const transactionData = record(interaction?.transaction_data);
  const expires = text(payment.date_of_expiration);
  const expiresAt = expires ? Date.parse(expires) : Number.NaN;
  return {
    id,
    amountCents: reaisToCents(payment.transaction_amount),
    rawStatus,
    state: paymentState(rawStatus),
    qrCode: text(transactionData?.qr_code),
    qrImageDataUrl: imageDataUrl(transactionData?.qr_code_base64),
    ticketUrl: httpUrl(transactionData?.ticket_url),
    expiresAt: Number.isFinite(expiresAt) ? expiresAt : null,
    refundedCents: refundedCentsOf(payment),
    rawStatusDetail: text(payment.status_detail),
    externalReference: text(payment.external_reference),
    linkedTo: text(interaction?.linked_to),
    refunds: (Array.isArray(payment.refunds) ? payment.refunds.slice(0, 500) : [])
      .map((refund: unknown) => parseRefund(refund))
      .filter((refund): refund is MercadoPagoRefund => refund !== null),
  };
}

export interface MercadoPagoRefund {
  id: string;
  paymentId: string | null;
  amountCents: number | null;
  rawStatus: string | null;
  state: 'pending' | 'done' | 'failed';
}

/** Refund statuses (reference "Create refund"): `approved` is done, `rejected`/`cancelled` failed, the rest (`in_process`) waits. */
export function parseRefund(body: unknown): MercadoPagoRefund | null {
  const refund = record(body);
  const id = refund ? readId(refund.id) : null;
  if (!refund || !id) return null;
  const rawStatus = text(refund.status);
  const state = rawStatus === 'approved' ? 'done' : rawStatus === 'rejected' || rawStatus === 'cancelled' ? 'failed' : 'pending';
  return { id, paymentId: readId(refund.payment_id), amountCents: reaisToCents(refund.amount), rawStatus, state };
}

export function parseSearchTotal(body: unknown): number | null {
  const reply = record(body);
  if (!reply) return null;
  const total = record(reply.paging)?.total;
  if (typeof total === 'number' && Number.isSafeInteger(total) && total >= 0) return total;
  return Array.isArray(reply.results) ? reply.results.length : null;
}

export function parseSearchFirst(body: unknown): MercadoPagoPayment | null {
  const results = record(body)?.results;
  return Array.isArray(results) && results.length > 0 ? parsePayment(results[0]) : null;
}

/** Mercado Pago's error body (`{ message, error, status, cause: [{ code, description }] }`, as its SDK reads it). */
export function parseErrorCauses(body: unknown): { message: string | null; causes: Array<{ code: string; description: string }> } {
  const reply = record(body);
  const causes = (Array.isArray(reply?.cause) ? reply.cause : [])
    .map((cause: unknown) => record(cause))
    .filter((cause): cause is SafeRecord => cause !== null)
    .map((cause) => ({
      code: typeof cause.code === 'number' || typeof cause.code === 'string' ? String(cause.code) : '',
      description: text(cause.description) ?? '',
    }));
  return { message: text(reply?.message), causes };
}
