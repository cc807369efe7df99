/**
 * "Pagar no app do banco" (docs/payments.md#open-finance): a PIX provider's optional Open Finance capability, the one
 * interface the order flow calls. Efí lists the banks and keeps a vínculo for JSR; Mercado Pago's own page picks the bank.
 */
import type { Logger } from '../lib/logger.ts';
import type { ChargeRecord, PixProvider, WebhookRequest } from './pix-provider.ts';
import type { ProviderId } from './provider-registry.ts';
import { GatewayError } from './types.ts';

export type OpenFinanceState = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'unknown';
export type OpenFinanceRefundState = 'pending' | 'done' | 'failed';

export interface OpenFinanceParticipant {
  id: string;
  name: string;
  description: string | null;
  /** https only: it is shown as an image on the checkout. */
  logoUrl: string | null;
}

export interface OpenFinanceRefund {
  refundId: string | null;
  amountCents: number | null;
  state: OpenFinanceRefundState;
  rawStatus: string | null;
}

export interface OpenFinancePayment {
  paymentId: string;
  state: OpenFinanceState;
  rawStatus: string | null;
  amountCents: number | null;
  endToEndId: string | null;
  /** Our order id, as the payment carries it. */
  ownId: string | null;
  createdAt: number | null;
  refunds: OpenFinanceRefund[];
}

export type OpenFinanceLinkState = 'active' | 'pending' | 'expired' | 'revoked' | 'unknown';

/** A vínculo (JSR) as the provider lists it; `state` null: it said none, `unknown`: a word not read as one of ours. */
export interface OpenFinanceLink {
  linkId: string;
  state: OpenFinanceLinkState | null;
  expiresAt: number | null;
  dailyLimitCents: number | null;
  perPaymentLimitCents: number | null;
  participant: { id: string; name: string } | null;
}

export type OpenFinanceFailure =
  'certificate_file' | 'certificate' | 'credentials' | 'token' | 'no_answer' | 'refused' | 'server_error' | 'unreadable';

/** `uncertain`: a write that may have been done at the provider (read it back before asking again). `code`: its error name. */
export class OpenFinanceError extends Error {
  /** The provider's Retry-After on a 429 or 503, in ms: the lost-payment read waits it out. */
  retryAfterMs?: number;
  /** The vínculo named no longer exists at the provider: it ended at the bank. */
  linkGone = false;

  constructor(
    label: string,
    readonly failure: OpenFinanceFailure,
    readonly status: number | null,
    readonly code: string | null,
    readonly detail: string | null,
    readonly uncertain: boolean,
  ) {
    super(`${label}: ${failure}${status === null ? '' : ` (HTTP ${status})`}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`);
    this.name = 'OpenFinanceError';
  }
}

/** What a capability's call throws when the provider refused or did not answer. */
type OpenFinanceFailureError = OpenFinanceError | GatewayError;

export function isOpenFinanceFailure(error: unknown): error is OpenFinanceFailureError {
  return error instanceof OpenFinanceError || error instanceof GatewayError;
}

/** Where the buyer comes back from the bank, and where each provider's callbacks arrive. */
export const OPEN_FINANCE_RETURN_PATH = '/api/open-finance/volta';

export function openFinanceCallbackPath(id: ProviderId): string {
  return `/api/webhooks/${id}-open-finance`;
}

export interface StartBankPaymentInput {
  orderId: string;
  amountCents: number;
  cpf: string;
  /** The bank the buyer picked (`banks` mode); null where the provider's page picks it. */
  participantId: string | null;
  email: string;
  name: string;
  /** The items' titles, where the provider shows them. */
  description: string;
  /** The same key for the same attempt: the provider answers a repeat with the payment it made. */
  idempotencyKey: string;
  /** This server's way back and callback (OPEN_FINANCE_RETURN_PATH, openFinanceCallbackPath) on PUBLIC_URL. */
  returnUrl: string;
  callbackUrl: string;
}

export interface BankPaymentRef {
  paymentId: string;
  startedAt: number;
  /** Paid under a vínculo (JSR). */
  jsr: boolean;
}

/** A charge refund's three calls, made on the bank-app payment as on a PIX charge. */
export type ChargeRefunder = Pick<PixProvider, 'getCharge' | 'refund' | 'getRefund'>;

/** JSR, "Pix por biometria": a vínculo the buyer approves at their bank once, then payments under it. */
export interface OpenFinanceLinks {
  create(input: { cpf: string; participantId: string; idempotencyKey: string }): Promise<{ linkId: string; redirectUri: string }>;
  /** The buyer's vínculos the provider lists as usable. */
  list(cpf: string): Promise<OpenFinanceLink[]>;
  revoke(linkId: string, reason: string): Promise<void>;
  startPayment(input: {
    linkId: string;
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ paymentId: string; redirectUri: string }>;
}

/**
 * The capability; every call throws OpenFinanceError or GatewayError when the provider refused or did not answer.
 * `banks`: the buyer picks the bank from `participants` on our checkout; `provider`: the provider's page picks it, and the
 * payment's `participant_id` is the provider's id.
 */
export interface OpenFinanceCapability {
  readonly mode: 'banks' | 'provider';
  /** The banks (`biometria`: those offering JSR); only in `banks` mode. */
  participants?(filter?: { modality?: 'biometria' }): Promise<OpenFinanceParticipant[]>;
  startPayment(input: StartBankPaymentInput): Promise<{ paymentId: string; redirectUri: string }>;
  /** One payment as the provider has it; null when it knows none. */
  readPayment(payment: BankPaymentRef): Promise<OpenFinancePayment | null>;
  /** Gives `cents` of the payment back under `key`: a retry with the same key is the same refund. */
  returnPayment(payment: BankPaymentRef, cents: number, key: string): Promise<OpenFinanceRefund>;
  /** The payment refunded as a charge is; absent: `returnPayment` and reads of the payment (open-finance/open-finance-refunds.ts). */
  chargeRefunder?(paymentId: string): ChargeRefunder;
  /**
   * The payments the provider accepted among those started since `oldest`, in at most `maxPages` list reads: a lost
   * callback found among any number waiting. Absent: each waiting payment is read in turn.
   */
  listAccepted?(oldest: number, jsr: boolean, maxPages: number): Promise<string[]>;
  /** The buyer back from the bank: the payment (or vínculo) the provider names in the query, and whether it says it failed. */
  readReturn(url: URL): { paymentId: string | null; linkId: string | null; error: boolean };
  /** A callback: the payment to read back, null when it names none; throws WebhookRejectedError when unverified. */
  readCallback(request: WebhookRequest): Promise<string | null>;
  /** Once the server listens: the provider's settings for this server made where they are not (a failure is only logged). */
  registerAtStart?(publicUrl: string | undefined, logger: Logger): Promise<void>;
  readonly links?: OpenFinanceLinks;
}

/** A bank-app payment as a paid charge, for a provider that refunds it as one. */
export function paidCharge(chargeId: string, amountCents: number | null): ChargeRecord {
  return { chargeId, amountCents, state: 'paid', rawStatus: null, endToEndId: null, refundedCents: null };
}
