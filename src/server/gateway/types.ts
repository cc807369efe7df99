/** Our own view of the gateway: provider JSON never leaves `gateway/`. */

export interface GatewayProduct {
  productHash: string;
  offerHash: string;
  title: string;
  /** The server still decides what it charges. */
  priceCents: number;
  cover: string | null;
}

/** docs/gateway.md#10-confirming-a-payment; `refunding` (`pending_refund`) keeps the access until `reversed`. */
export type PaymentState = 'pending' | 'paid' | 'refunding' | 'failed' | 'reversed' | 'unknown';

export interface PixData {
  /** The copy-and-paste EMV code (BR Code); the QR image is drawn from it locally (docs/product.md#4-the-qr-code-is-drawn-locally). */
  code: string | null;
  imageDataUrl: string | null;
  imageUrl: string | null;
  paymentUrl: string | null;
}

export interface Charge {
  transactionHash: string;
  alternateIds: string[];
  amountCents: number | null;
  rawStatus: string | null;
  state: PaymentState;
  pix: PixData;
  /** None of the real replies seen named one (docs/gateway.md#7-expiry). */
  expiresAt: number | null;
}

export interface TransactionCustomer {
  email: string | null;
  phone: string | null;
  document: string | null;
}

export type GatewayErrorKind =
  'products' | 'product_not_found' | 'no_offers' | 'product_load' | 'charge' | 'transaction' | 'refund' | 'dispute';

/** `message` is Portuguese, shown as-is (docs/product.md#error-messages-shown-to-buyers). */
export class GatewayError extends Error {
  /** The provider's Retry-After on a 429 or 503, in ms (RFC 9110 §10.2.3); background reads wait it out. */
  retryAfterMs?: number;

  /**
   * @param uncertain the charge (or refund) MAY have happened: never simply retried (docs/gateway.md#9-unknowns).
   * @param buyerData a refusal of the buyer's own data, which the next provider would refuse too: no failover.
   */
  constructor(
    message: string,
    readonly kind: GatewayErrorKind,
    readonly httpStatus?: number,
    readonly uncertain = false,
    readonly buyerData = false,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
