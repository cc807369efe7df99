import type { ProviderId } from '../../shared/providers.ts';
import type { GatewayTracking } from './tracking.ts';
import type { PaymentState, PixData, TransactionCustomer } from './types.ts';

/**
 * One PIX provider behind one interface (docs/payments.md#pix-providers):
 * separate create, read back, webhook, refund and refund read steps, as pretix's
 * `BasePaymentProvider` splits them, and one method that turns any provider's webhook into our own
 * event, as Medusa's `getWebhookActionAndData` does. Provider shapes and units stay inside each
 * adapter (gateway/providers/{id}/); everything here is integer centavos and epoch milliseconds.
 */
export type { ProviderId };

/** What a provider can do; the order flow asks these instead of knowing providers by name. */
export interface ProviderCapabilities {
  /** Refunds through the API (else the console's steps by hand). */
  refunds: boolean;
  /** A refund may give back part of a charge. */
  partialRefunds: boolean;
  /** The charge carries our cart's lines (else one description). */
  cart: boolean;
  /** The charge takes an expiry we choose. */
  expiry: boolean;
  /** `signed`: a verified webhook may be acted on; `read_back`: only a read of the charge is trusted. */
  webhook: 'signed' | 'read_back';
  /** The create call takes an idempotency key, so a retry after an unknown outcome cannot charge twice. */
  idempotentCreate: boolean;
}

export interface CreatePixInput {
  /**
   * Our key for this charge, stable across retries of the same create (the order id and its
   * attempt): sent as the provider's idempotency key or transaction id where it has one.
   */
  idempotencyKey: string;
  amountCents: number;
  /**
   * What the buyer sees on the bank's screen and in the cart, main product first. `gatewayRef`:
   * the item's product and offer at a provider with a catalogue (TriboPay); the others ignore it.
   */
  items: ReadonlyArray<{ title: string; priceCents: number; gatewayRef?: { productHash: string; offerHash: string } }>;
  customer: { name: string; email: string; phoneDigits: string; document: string | null };
  /** Our webhook URL for this charge (`/api/webhooks/{provider}`, with the order's secret where the provider keeps a per-charge URL). */
  webhookUrl: string;
  /** How long the PIX stays payable. */
  expiresInSeconds: number;
  /**
   * When the charge was first asked for (epoch ms; the order's creation): the same for every call
   * under the same key, so a provider that takes an absolute expiry (Mercado Pago) is sent the same
   * body by a retry, and by a restarted process resuming the call.
   */
  requestedAt: number;
  /** The visit's campaign parameters, for a provider that keeps them (TriboPay's `tracking`). */
  tracking?: GatewayTracking;
}

/** A charge the provider created: the id to read it back by, and the PIX to show. */
export interface PixCharge {
  chargeId: string;
  /** Other ids the provider may name the same charge by in webhooks. */
  alternateIds: string[];
  amountCents: number;
  state: PaymentState;
  rawStatus: string | null;
  pix: PixData;
  /** Epoch ms the PIX stops being payable, when the reply says. */
  expiresAt: number | null;
}

/** A charge as read back: the only source of truth for a payment. */
export interface ChargeRecord {
  chargeId: string;
  amountCents: number | null;
  state: PaymentState;
  rawStatus: string | null;
  /** The end-to-end id of the PIX that paid it, where the provider gives one (Efí's refunds need it). */
  endToEndId: string | null;
  /** The catalogue product it was made for, where the provider has one (TriboPay). */
  productHash?: string | null;
  /** The buyer the provider made it for, where it says (TriboPay): ties a charge whose create reply was lost to its order. */
  customer?: TransactionCustomer;
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
  /** The caller's address after the proxy rules (http/client-address). */
  clientAddress: string;
  /** Set by the TLS terminator when the caller presented a client certificate it verified (Efí's mTLS). */
  clientCertificateVerified: boolean;
}

/** Our own event from a webhook: which charge (or refund) to read back. A webhook never settles money by itself. */
export type ProviderEvent =
  | { kind: 'charge'; chargeId: string }
  | { kind: 'refund'; chargeId: string; refundId: string | null }
  | { kind: 'ignored'; reason: string };

/** A webhook that failed its provider's check (signature, timestamp, secret, certificate, address). */
export class WebhookRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`webhook rejected: ${reason}`);
    this.name = 'WebhookRejectedError';
  }
}

export interface PixProvider {
  readonly id: ProviderId;
  readonly capabilities: ProviderCapabilities;
  /** One create; throws GatewayError (gateway/types.ts), `uncertain` when the charge may exist. */
  createCharge(input: CreatePixInput): Promise<PixCharge>;
  getCharge(chargeId: string): Promise<ChargeRecord>;
  /**
   * Finds out whether a create under `idempotencyKey` made a charge, by a read (no write): after a
   * create whose outcome is unknown, `none` lets the next provider try. Throws GatewayError when
   * the provider cannot tell. Only providers that key their creates have it.
   */
  findCharge?(idempotencyKey: string): Promise<'exists' | 'none'>;
  /** Verifies the request (throws WebhookRejectedError) and names what to read back. */
  parseWebhook(request: WebhookRequest): Promise<ProviderEvent[]>;
  /** One refund call, keyed by `refundId` where the provider takes one; throws GatewayError. */
  refund(charge: ChargeRecord, input: { refundId: string; amountCents: number }): Promise<RefundRecord>;
  getRefund(charge: ChargeRecord, refundId: string): Promise<RefundRecord>;
}
