import { text as stringOnly, z } from '../../../../shared/zod.ts';
import type { PaymentState } from '../../types.ts';

/** Woovi's replies as our values: the OpenAPI document's shapes (sources in docs/payments.md#woovi). */

/** Far above any PIX a shop takes, far below where a double stops being exact. */
const MAX_CENTS = 100_000_000_000;

/** `value` is centavos on every Woovi route ("Value in cents of this charge", ChargePayload); sent as is. */
export function toWooviValue(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_CENTS) {
    throw new TypeError(`amountCents must be positive integer centavos, got ${cents}`);
  }
  return cents;
}

const centavos = z.number().int().positive().max(MAX_CENTS);
/** Length checks see only strings: parseJsonSafely's `{"length":[{}]}` made zod's throw. */
const text = stringOnly(z.string().trim().min(1));
const optionalText = text.nullish().catch(null);

const ChargeSchema = z.object({
  correlationID: text,
  value: centavos.nullish().catch(null),
  status: optionalText,
  brCode: optionalText,
  qrCodeImage: optionalText,
  paymentLinkUrl: optionalText,
  expiresDate: optionalText,
  globalID: optionalText,
  transactionID: optionalText,
});

export interface WooviCharge {
  correlationID: string;
  amountCents: number | null;
  rawStatus: string | null;
  brCode: string | null;
  qrCodeImage: string | null;
  paymentLinkUrl: string | null;
  expiresAt: number | null;
  globalID: string | null;
}

function httpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function epochMs(value: string | null | undefined): number | null {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

function toCharge(charge: z.output<typeof ChargeSchema>): WooviCharge {
  return {
    correlationID: charge.correlationID,
    amountCents: charge.value ?? null,
    rawStatus: charge.status ?? null,
    brCode: charge.brCode ?? null,
    qrCodeImage: httpsUrl(charge.qrCodeImage),
    paymentLinkUrl: httpsUrl(charge.paymentLinkUrl),
    expiresAt: epochMs(charge.expiresDate),
    globalID: charge.globalID ?? null,
  };
}

export function parseChargeReply(body: unknown): WooviCharge | null {
  const parsed = z.object({ charge: ChargeSchema }).safeParse(body);
  return parsed.success ? toCharge(parsed.data.charge) : null;
}

export function chargeState(rawStatus: string | null): PaymentState {
  switch (rawStatus) {
    case 'ACTIVE':
      return 'pending';
    case 'COMPLETED':
      return 'paid';
    case 'EXPIRED':
      return 'failed';
    default:
      return 'unknown';
  }
}

const RefundSchema = z.object({
  correlationID: text,
  value: centavos.nullish().catch(null),
  status: optionalText,
  endToEndId: optionalText,
});

export interface WooviRefund {
  /** Ours: Woovi's idempotency key for the refund. */
  correlationID: string;
  amountCents: number | null;
  rawStatus: string | null;
  state: 'pending' | 'done' | 'failed';
}

function refundState(rawStatus: string | null): WooviRefund['state'] {
  if (rawStatus === 'CONFIRMED') return 'done';
  if (rawStatus === 'REJECTED') return 'failed';
  return 'pending';
}

function toRefund(refund: z.output<typeof RefundSchema>): WooviRefund {
  const rawStatus = refund.status ?? null;
  return { correlationID: refund.correlationID, amountCents: refund.value ?? null, rawStatus, state: refundState(rawStatus) };
}

export function parseRefundReply(body: unknown): WooviRefund | null {
  const parsed = z.object({ refund: RefundSchema }).safeParse(body);
  return parsed.success ? toRefund(parsed.data.refund) : null;
}

export function parseRefundList(body: unknown): WooviRefund[] | null {
  const parsed = z.object({ refunds: z.array(z.unknown()) }).safeParse(body);
  if (!parsed.success) return null;
  return parsed.data.refunds.flatMap((item) => {
    const refund = RefundSchema.safeParse(item);
    return refund.success ? [toRefund(refund.data)] : [];
  });
}

/** The schema lists both `endToEndId` and `endToEndID`. */
const TransactionSchema = z.object({
  endToEndId: optionalText,
  endToEndID: optionalText,
  charge: z.object({ correlationID: text }).nullish().catch(null),
});

export interface WooviTransaction {
  endToEndId: string | null;
  chargeCorrelationID: string | null;
}

function toTransaction(transaction: z.output<typeof TransactionSchema>): WooviTransaction {
  return {
    endToEndId: transaction.endToEndId ?? transaction.endToEndID ?? null,
    chargeCorrelationID: transaction.charge?.correlationID ?? null,
  };
}

export function parseTransactionReply(body: unknown): WooviTransaction | null {
  const parsed = z.object({ transaction: TransactionSchema }).safeParse(body);
  return parsed.success ? toTransaction(parsed.data.transaction) : null;
}

export function parseTransactionList(body: unknown): WooviTransaction[] | null {
  const parsed = z.object({ transactions: z.array(z.unknown()) }).safeParse(body);
  if (!parsed.success) return null;
  return parsed.data.transactions.flatMap((item) => {
    const transaction = TransactionSchema.safeParse(item);
    return transaction.success ? [toTransaction(transaction.data)] : [];
  });
}

/** A payment's end-to-end id starts with `E`, a devolução's with `D` (BCB's EndToEndId); a MED is about the payment. */
export function paymentEndToEndId(transactions: readonly WooviTransaction[]): string | null {
  return transactions.find((transaction) => transaction.endToEndId?.startsWith('E'))?.endToEndId ?? null;
}

/** `value` is centavos as on every Woovi route; the one-dispute reply types it as text, the list and webhooks as a number. */
const disputeValue = z
  .union([
    centavos,
    z
      .string()
      .trim()
      .regex(/^\d{1,12}$/)
      .transform(Number)
      .pipe(centavos),
  ])
  .nullish()
  .catch(null);

const DisputeSchema = z.object({
  /** Absent from the one-dispute reply's schema; the DISPUTE_CREATED body carries it, for the evidence route. */
  id: optionalText,
  status: optionalText,
  value: disputeValue,
  endToEndId: optionalText,
  name: optionalText,
});

export interface WooviDispute {
  id: string | null;
  rawStatus: string | null;
  amountCents: number | null;
  endToEndId: string | null;
  /** The payer who contested, as Woovi names them: compared with the buyer, never logged. */
  payerName: string | null;
}

function toDispute(dispute: z.output<typeof DisputeSchema>): WooviDispute {
  return {
    id: dispute.id ?? null,
    rawStatus: dispute.status ?? null,
    amountCents: dispute.value ?? null,
    endToEndId: dispute.endToEndId ?? null,
    payerName: dispute.name ?? null,
  };
}

/** `GET /api/v1/dispute/{endToEndId}`'s `{ dispute }`, and the `dispute` of an `OPENPIX:DISPUTE_*` body. */
export function parseDisputeReply(body: unknown): WooviDispute | null {
  const parsed = z.object({ dispute: DisputeSchema }).safeParse(body);
  return parsed.success ? toDispute(parsed.data.dispute) : null;
}

/** `pageInfo` as every Woovi list answers it; the next page is asked with `skip` = `skip` + `limit` (Woovi's `transaction/transaction-how-to-paginate-api` page). */
const PageInfoSchema = z
  .object({
    skip: z.number().int().nonnegative().nullish().catch(null),
    limit: z.number().int().positive().nullish().catch(null),
    hasNextPage: z.boolean().nullish().catch(null),
  })
  .nullish()
  .catch(null);

export interface WooviDisputePage {
  disputes: WooviDispute[];
  /** The `skip` of the next page; null on the last one. */
  nextSkip: number | null;
}

/** `GET /api/v1/dispute`'s `{ disputes, pageInfo }`; null when the reply is not one. Items that are not a dispute are left out. */
export function parseDisputeList(body: unknown, skip: number): WooviDisputePage | null {
  const parsed = z.object({ disputes: z.array(z.unknown()), pageInfo: PageInfoSchema }).safeParse(body);
  if (!parsed.success) return null;
  const disputes = parsed.data.disputes.flatMap((item) => {
    const dispute = DisputeSchema.safeParse(item);
    return dispute.success ? [toDispute(dispute.data)] : [];
  });
  const page = parsed.data.pageInfo;
  if (!page?.hasNextPage || parsed.data.disputes.length === 0) return { disputes, nextSkip: null };
  // Where Woovi names no page size, the next page starts after the items this one held.
  const next = (page.skip ?? skip) + (page.limit ?? parsed.data.disputes.length);
  return { disputes, nextSkip: next > skip ? next : null };
}

/** The dispute as ours: Woovi ACCEPTED the payer's claim, so the seller lost it; REJECTED, the seller won. */
export function disputeState(rawStatus: string | null): 'open' | 'lost' | 'won' | 'cancelled' {
  if (rawStatus === 'ACCEPTED') return 'lost';
  if (rawStatus === 'REJECTED') return 'won';
  if (rawStatus === 'CANCELED') return 'cancelled';
  return 'open';
}

/** ACCEPTED: reversed (docs/money.md#provider-side); CREATED, OPENED, IN_REVIEW: held, like Mercado Pago's `in_mediation`. */
export function disputeOutcome(rawStatus: string | null): 'reversed' | 'none' | 'open' {
  if (rawStatus === 'ACCEPTED') return 'reversed';
  if (rawStatus === 'REJECTED' || rawStatus === 'CANCELED') return 'none';
  return 'open';
}

export function errorText(body: unknown): string | null {
  const parsed = z.object({ error: text }).safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

/** Woovi documents only 400 `{ error }` for an unknown id; a bad AppID or scope is not "not found", which would allow a second charge. */
export function isNotFound(status: number, body: unknown): boolean {
  if (status === 404) return true;
  if (status !== 400) return false;
  return /not (be )?found|not exists?|does not exist|n[ãa]o (foi )?encontrad|n[ãa]o existe/i.test(errorText(body) ?? '');
}

/** A refusal naming the buyer's own fields, which the next provider would refuse too. */
export function refusesCustomerData(body: unknown): boolean {
  return /\b(customer|taxID|cpf|cnpj|e-?mail|phone)\b/i.test(errorText(body) ?? '');
}
