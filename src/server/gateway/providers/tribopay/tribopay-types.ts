import type { GatewayTracking } from '../../tracking.ts';
import type { Charge, GatewayProduct, PaymentState, TransactionCustomer } from '../../types.ts';

/** TriboPay's client and what it takes and answers, in our types (its JSON stays in parse-*.ts). */

export interface GatewayClient {
  getProduct(options?: { fresh?: boolean }): Promise<GatewayProduct>;
  /** Sends exactly one POST; never retried (there is no idempotency key, docs/gateway.md#9-unknowns). */
  createCharge(input: ChargeInput): Promise<Charge>;
  getTransaction(hash: string): Promise<TransactionRecord>;
  /** Never retried: after an `uncertain` error the caller re-reads first (docs/gateway.md#11-refunds). */
  refundTransaction(hash: string): Promise<RefundAnswer>;
}

export interface ChargeItem {
  productHash: string;
  offerHash: string;
  title: string;
  cover: string | null;
  priceCents: number;
}

export interface ChargeInput {
  amountCents: number;
  product: GatewayProduct;
  items?: readonly ChargeItem[];
  customer: { name: string; email: string; phoneDigits: string; document: string };
  /** Where the gateway posts status changes; carries our per-order secret (docs/gateway.md#6-postbacks). */
  postbackUrl: string;
  expireInDays: number;
  tracking?: GatewayTracking;
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

/** A refund accepted; only a later read saying `refunded` ends the access. */
export interface RefundAnswer {
  rawStatus: string | null;
  state: PaymentState;
}
