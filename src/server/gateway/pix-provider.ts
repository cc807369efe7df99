import type { OpenFinanceCapability } from './open-finance.ts';
import type { ProviderId } from './provider-registry.ts';
import type { GatewayTracking } from './tracking.ts';
import type { GatewayProduct, PaymentState, PixData, TransactionCustomer } from './types.ts';

/** One PIX provider behind one interface (docs/payments.md#pix-providers), split as pretix's `BasePaymentProvider`. */
export type { ProviderId };

/** What a provider can do; the order flow asks these instead of knowing providers by name. */
export interface ProviderCapabilities {
  refunds: boolean;
  partialRefunds: boolean;
  cart: boolean;
  expiry: boolean;
  /** `signed`: a verified webhook may be acted on; `read_back`: only a read of the charge is trusted. */
  webhook: 'signed' | 'read_back';
  idempotentCreate: boolean;
  /** A cancelled charge is deleted (Woovi): its read then throws GatewayError 404, as for one never made. */
  cancelDeletes?: true;
  /** A paid charge's read always shows its open dispute (Mercado Pago's `in_mediation`), so a read without one ends it won. */
  disputeOnRead?: true;
  /**
   * A lost dispute's money is the MED devolução a read of the charge shows, whole or part (Efí): nothing of it is counted, and
   * no access ends, before that read (docs/disputes.md#lost).
   */
  medReturnOnRead?: true;
}

export interface CreatePixInput {
  /** Stable across retries of the same create: the provider's idempotency key or transaction id. */
  idempotencyKey: string;
  amountCents: number;
  /** `gatewayRef`: only for a provider with a catalogue (TriboPay). */
  items: ReadonlyArray<{ title: string; priceCents: number; gatewayRef?: { productHash: string; offerHash: string } }>;
  customer: { name: string; email: string; phoneDigits: string; document: string | null };
  webhookUrl: string;
  /** `<order id>.<secret>`: an unsigned provider puts it in its webhook URL and hands it back in an `order` event. */
  orderToken?: string;
  expiresInSeconds: number;
  /** The same for every call under one key, so an absolute expiry (Mercado Pago) is resent unchanged. */
  requestedAt: number;
  tracking?: GatewayTracking;
}

export interface PixCharge {
  chargeId: string;
  alternateIds: string[];
  amountCents: number;
  state: PaymentState;
  rawStatus: string | null;
  pix: PixData;
  expiresAt: number | null;
}

/** `exists`: made, but the read does not carry what the buyer needs (its code): resent under the same key. */
export type FoundCharge = { kind: 'none' } | { kind: 'exists' } | { kind: 'charge'; charge: PixCharge };

/** A charge as read back: the only source of truth for a payment. */
export interface ChargeRecord {
  chargeId: string;
  amountCents: number | null;
  state: PaymentState;
  rawStatus: string | null;
  /** The end-to-end id of the PIX that paid it, where the provider gives one (Efí's refunds need it). */
  endToEndId: string | null;
  productHash?: string | null;
  /** Ties a charge whose create reply was lost to its order (TriboPay). */
  customer?: TransactionCustomer;
  /**
   * What went back at the provider on this charge so far, in all (its panel or its API, whole or part), where the
   * provider says: a part refund made in the panel is known only from here (docs/money.md#provider-side).
   */
  refundedCents?: number | null;
  /** Of `refundedCents`, what a MED devolução or a chargeback returned rather than the seller (docs/disputes.md). */
  disputeReturnedCents?: number | null;
  /** A contestation the read shows on this charge (Woovi's dispute, Mercado Pago's `in_mediation`/`charged_back`). */
  dispute?: ProviderDispute | null;
}

/** A buyer's contestation of a paid PIX (a MED, a chargeback) as the provider states it (docs/disputes.md). */
export type ProviderDisputeState = 'open' | 'defending' | 'won' | 'lost' | 'cancelled';

export interface ProviderDispute {
  /** The provider's own id (Efí's `idInfracao`, Woovi's dispute, else the payment's end-to-end id; Mercado Pago's payment). */
  disputeId: string;
  chargeId: string | null;
  endToEndId: string | null;
  amountCents: number | null;
  state: ProviderDisputeState;
  rawStatus: string;
  /** When the seller's defence is due at the provider (epoch ms); null where the provider names none. */
  defenceDueAt: number | null;
  /** The payer the provider names (Efí's `origem`): compared with the buyer in the evidence, never logged. */
  payer: { name: string | null; document: string | null } | null;
}

/** `already_sent`: the provider's 409; `too_late`: its 422 (Efí), the deadline passed. */
export type DefenceOutcome = { kind: 'sent' } | { kind: 'already_sent' } | { kind: 'too_late' };

export interface DisputeListRange {
  from: number;
  to: number;
  /** The provider's position in this range where an earlier read stopped (DisputeListRead.resumeAt); absent from the start. */
  resumeAt?: number | null;
}

export interface DisputeListRead {
  disputes: ProviderDispute[];
  /** Where the next read of the same range goes on, its requests spent before the list's end; null once read to the end. */
  resumeAt: number | null;
}

/** What a provider exposes of its disputes beyond a charge's read; each part absent where undocumented. */
export interface ProviderDisputes {
  /**
   * Disputes opened or changed in [from, to): polled every DISPUTES_POLL_SECONDS (Efí has no infraction webhook; Woovi's may
   * be lost). A bounded number of requests each time: `resumeAt` goes on from where the last read of the same range stopped.
   */
  list?(range: DisputeListRange): Promise<DisputeListRead>;
  /** How far back each poll reads the list; the poller's FOLLOW_MS when absent. */
  readonly followMs?: number;
  /**
   * Sends the seller's defence through the provider's own channel (Efí's `defesa`, Woovi's evidence); throws GatewayError.
   * `pdfUrl`: where the provider can download the evidence PDF itself (Woovi's evidence takes a public URL, not a file).
   */
  defend?(dispute: ProviderDispute, defence: { text: string; pdf: Uint8Array | null; pdfUrl?: string | null }): Promise<DefenceOutcome>;
  /** The longest defence text the provider takes. */
  readonly maxDefenceChars?: number;
  /**
   * The charge a listed dispute's payment belongs to (our charge id), or null: asked only when no order kept that end-to-end id,
   * a payment the shop has not seen paid (Woovi's list names only the payment).
   */
  chargeOfPayment?(endToEndId: string): Promise<string | null>;
}

export interface RefundRecord {
  refundId: string;
  amountCents: number | null;
  state: 'pending' | 'done' | 'failed';
  rawStatus: string | null;
}

/** A webhook request as it arrived: the raw body, for signatures computed over bytes. */
export interface WebhookRequest {
  url: URL;
  headers: Headers;
  rawBody: string;
  clientAddress: string;
  /** Set by the TLS terminator when the caller presented a client certificate it verified (Efí's mTLS). */
  clientCertificateVerified: boolean;
}

/** Our own event from a webhook: which charge (or refund) to read back. A webhook never settles money by itself. */
export type ProviderEvent =
  | { kind: 'charge'; chargeId: string }
  | { kind: 'refund'; chargeId: string; refundId: string | null }
  /** Unsigned: the order by its token; `chargeIds` only hints; `audit` the body without the buyer's data. */
  | { kind: 'order'; orderToken: string; chargeIds: string[]; audit: { contentType: string; body: string } }
  /** A verified dispute event, read back where the provider allows: the dispute as it now stands. */
  | { kind: 'dispute'; dispute: ProviderDispute }
  /**
   * A verified word on a PIX the seller sent (an affiliate payout), by our `sendId`: `announced` is what the body says, a hint
   * only; the payout is confirmed or failed by reading the send back (affiliates/payouts.ts `settleAnnouncedPayout`).
   */
  | { kind: 'payout'; sendId: string; announced: PixSendAnnouncement }
  /** Verified, but named as the shop knows no event: counted for Saúde, the seller told the first time. */
  | { kind: 'unrecognised'; name: string }
  | { kind: 'ignored'; reason: string };

/** A webhook that failed its provider's check (signature, timestamp, secret, certificate, address). */
export class WebhookRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`webhook rejected: ${reason}`);
    this.name = 'WebhookRejectedError';
  }
}

/** A provider's own catalogue (TriboPay's): a sole such provider charges its main product's price. */
export interface ProviderCatalogue {
  mainProduct(options?: { fresh?: boolean }): Promise<GatewayProduct>;
  readonly productHash: string;
}

/** A PIX key as the DICT writes it (shared/affiliates.ts `PixKey`): where a payout goes. */
export interface PixSendKey {
  type: 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';
  value: string;
}

export interface PixSendInput {
  /** Ours, stable for this payout across every call: the provider's idempotency id (`[a-zA-Z0-9]{1,35}`). */
  sendId: string;
  amountCents: number;
  key: PixSendKey;
  /** Shown to the receiver in their bank's app. */
  description: string;
}

/**
 * `not_sent`: the provider holds nothing under the id, or holds it unsent (Woovi's payment not approved yet): a send under
 * the same id may go. `processing`: accepted, not settled. `done`: settled, with its end-to-end id. `failed`: it will not go.
 */
export type PixSendState = 'not_sent' | 'processing' | 'done' | 'failed';

/** What a provider's settlement webhook says of a send: settled at the receiver's bank, or failed there. */
export type PixSendAnnouncement = 'settled' | 'failed';

export interface PixSendRecord {
  sendId: string;
  state: PixSendState;
  endToEndId: string | null;
  /** What the receiver gets, where the provider says. */
  amountCents: number | null;
  rawStatus: string | null;
  /** What the provider charged on top of `amountCents`, where it takes its fee out of the amount sent (AbacatePay). */
  feeCents?: number | null;
}

/**
 * A send that failed. `refused`: the provider surely did nothing (its 4xx), with why; `duplicate`: the id is already the
 * provider's (read it back); `uncertain`: the call may have gone through (no answer, a 5xx), so it is read back, never resent blind.
 */
export class PixSendError extends Error {
  constructor(
    readonly outcome: 'refused' | 'duplicate' | 'uncertain',
    readonly reason: 'insufficient_balance' | 'invalid_key' | 'other',
    /** The provider's own words, for the seller's console. */
    readonly detail: string | null,
  ) {
    super(`pix send ${outcome}${reason === 'other' ? '' : ` (${reason})`}${detail ? `: ${detail}` : ''}`);
    this.name = 'PixSendError';
  }
}

/** PIX out from the seller's account (affiliate payouts, docs/affiliates.md#payouts), where the provider's API sends it. */
export interface PixSendCapability {
  /** One send under `sendId`; throws PixSendError. */
  send(input: PixSendInput): Promise<PixSendRecord>;
  /**
   * The send as the provider now has it; throws PixSendError `uncertain` when it could not be read. `announced`: a verified
   * settlement webhook said so, for a provider whose read alone cannot tell a settled send from an accepted one (AbacatePay).
   */
  read(sendId: string, announced?: PixSendAnnouncement): Promise<PixSendRecord>;
}

export interface PixProvider {
  readonly id: ProviderId;
  readonly capabilities: ProviderCapabilities;
  readonly catalogue?: ProviderCatalogue;
  /** docs/disputes.md: absent where the provider documents nothing beyond a charge's read. */
  readonly disputes?: ProviderDisputes;
  /** "Pagar no app do banco" (gateway/open-finance.ts): present while the provider's Open Finance mode is on. */
  readonly openFinance?: OpenFinanceCapability;
  /** Sends PIX to a key (affiliate payouts): present where the provider's API does and the seller enabled it. */
  readonly pixSend?: PixSendCapability;
  /** One create; throws GatewayError (gateway/types.ts), `uncertain` when the charge may exist. */
  createCharge(input: CreatePixInput): Promise<PixCharge>;
  getCharge(chargeId: string): Promise<ChargeRecord>;
  /** Closes an unpaid charge (docs/money.md#one-payable-pix); resolves `failed`, or `paid` if payment won. Absent if unsupported. */
  cancelCharge?(chargeId: string): Promise<ChargeRecord>;
  /** After an unknown outcome: `none` (documented "not found") lets the next provider try; `charge` stops a second create. */
  findCharge?(idempotencyKey: string): Promise<FoundCharge>;
  parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]>;
  /** One refund call, keyed by `refundId` where the provider takes one; throws GatewayError. */
  refund(charge: ChargeRecord, input: { refundId: string; amountCents: number }): Promise<RefundRecord>;
  getRefund(charge: ChargeRecord, refundId: string): Promise<RefundRecord>;
}
