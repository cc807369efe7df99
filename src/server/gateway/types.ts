import type { GatewayTracking } from './tracking.ts';
/**
 * Our own view of the payment gateway. Nothing outside `gateway/` sees the provider's JSON: the
 * client parses every reply into these types, so provider shapes never leak past this folder.
 */

/** The product and the offer we sell, as the gateway lists them (docs/gateway.md). */
export interface GatewayProduct {
  productHash: string;
  offerHash: string;
  title: string;
  /** The offer's price at the gateway; the server still decides what it charges. */
  priceCents: number;
  cover: string | null;
}

/**
 * docs/gateway.md#10-confirming-a-payment: the gateway's many status words folded into what the order flow acts on.
 * `refunding` is `pending_refund`: a refund is under way but not done, so the access stays until `reversed`.
 */
export type PaymentState = 'pending' | 'paid' | 'refunding' | 'failed' | 'reversed' | 'unknown';

export interface PixData {
  /** The copy-and-paste EMV code (BR Code); the QR image is drawn from it locally (docs/product.md#4-the-qr-code-is-drawn-locally). */
  code: string | null;
  /** A `data:image/...;base64,` URL when the gateway sent an image. */
  imageDataUrl: string | null;
  imageUrl: string | null;
  /** An http(s) payment page, when the gateway sent one (Pepper's `pix_url`). */
  paymentUrl: string | null;
}

export interface Charge {
  /** The gateway's `hash`: the key to store and to read the transaction back with. */
  transactionHash: string;
  /** Other ids the same transaction may be named by in postbacks (`transaction`, `id`). */
  alternateIds: string[];
  amountCents: number | null;
  rawStatus: string | null;
  state: PaymentState;
  pix: PixData;
  /**
   * Epoch ms the gateway says the PIX stops being payable, when its reply names one (none of the
   * real replies seen did, docs/gateway.md#7-expiry); null → we count `expire_in_days` from the request.
   */
  expiresAt: number | null;
}

/** The buyer a transaction was made for, as the gateway repeats it (each value as written, trimmed). */
export interface TransactionCustomer {
  email: string | null;
  phone: string | null;
  document: string | null;
}

export interface TransactionRecord {
  transactionHash: string;
  alternateIds: string[];
  amountCents: number | null;
  rawStatus: string | null;
  state: PaymentState;
  productHash: string | null;
  offerHash: string | null;
  customer?: TransactionCustomer | undefined;
}

/** One line of a charge's cart: the gateway's product and offer, at the price we charge for it. */
export interface ChargeItem {
  productHash: string;
  offerHash: string;
  title: string;
  cover: string | null;
  priceCents: number;
}

export interface ChargeInput {
  /** The charge's total; with `items`, exactly their sum. */
  amountCents: number;
  /** The main product (or the only item): its offer is the charge's root `offer_hash`. */
  product: GatewayProduct;
  /** The cart when it holds more than `product` at `amountCents` (the order bump, docs/offers.md). */
  items?: readonly ChargeItem[];
  customer: { name: string; email: string; phoneDigits: string; document: string };
  /** Where the gateway posts status changes; carries our per-order secret (docs/gateway.md#6-postbacks). */
  postbackUrl: string;
  /** Sent as `expire_in_days`: how long the PIX stays payable. */
  expireInDays: number;
  /** Sent as `tracking` (utm_*, src) when the visit had campaign parameters (gateway/tracking.ts). */
  tracking?: GatewayTracking;
}

/**
 * The gateway's answer to a refund it accepted: the transaction's status as the reply shows it
 * (`rawStatus: null`, `unknown` when the reply has none). Only a later read saying `refunded` ends the access.
 */
export interface RefundAnswer {
  rawStatus: string | null;
  state: PaymentState;
}

export interface GatewayClient {
  /** `fresh` skips the cache: the console's health check asks the gateway now. */
  getProduct(options?: { fresh?: boolean }): Promise<GatewayProduct>;
  /** Sends exactly one POST; never retried (there is no idempotency key, docs/gateway.md#9-unknowns). */
  createCharge(input: ChargeInput): Promise<Charge>;
  getTransaction(hash: string): Promise<TransactionRecord>;
  /**
   * Sends exactly one `POST /transactions/{hash}/refund`, never retried: after an `uncertain`
   * error the caller re-reads the transaction before asking again (docs/gateway.md#11-refunds).
   */
  refundTransaction(hash: string): Promise<RefundAnswer>;
}

export type GatewayErrorKind = 'products' | 'product_not_found' | 'no_offers' | 'product_load' | 'charge' | 'transaction' | 'refund';

/**
 * A failure of the gateway; `message` is Portuguese and shown as-is: to the visitor (the brief's texts,
 * docs/product.md#error-messages-shown-to-buyers), or to the seller's console for a `refund`.
 */
export class GatewayError extends Error {
  /**
   * @param uncertain true when the charge (or the refund) MAY have happened at the gateway (timeout,
   *   connection lost after the request was sent, a server error or an unreadable success): the caller
   *   must not simply try again, because the gateway has no idempotency key (docs/gateway.md#9-unknowns,
   *   docs/gateway.md#10-confirming-a-payment, docs/gateway.md#11-refunds).
   */
  constructor(
    message: string,
    readonly kind: GatewayErrorKind,
    readonly httpStatus?: number,
    readonly uncertain = false,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
