import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { Payments } from '../gateway/payments.ts';
import type { ProviderId } from '../gateway/provider-registry.ts';
import type { Logger } from '../lib/logger.ts';
import type { OrderEvents } from './order-events.ts';
import type { OfferPricing } from './offer-pricing.ts';

export interface OrdersDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  config: Config;
  payments: Payments;
  logger: Logger;
  publicUrl: () => string;
  now?: () => number;
  events: OrderEvents;
  /** The seller's published names and prices (docs/editing.md#prices). */
  prices: OfferPricing;
  /** Whether the order's purchase has a dispute still open, read in the caller's transaction; disputes/ answers, so refunds/ need not import it. */
  hasOpenDispute: (db: Kysely<Database> | Transaction<Database>, orderId: string) => Promise<boolean>;
  /** A refund of the order asked for and not declined, read in the caller's transaction; refunds/ answers. */
  refundAskedFor: (db: Kysely<Database> | Transaction<Database>, orderId: string) => Promise<boolean>;
  /** Efí told that a refund of the order's bank-app payment ended: its gateway refund is read again now; refunds/ answers. */
  refundEnded?: (orderId: string) => Promise<void>;
  /** The orders with a dispute from this provider still open; disputes/ answers. */
  disputedOrders?: (provider: ProviderId) => Promise<string[]>;
  /** The provider's reads no buyer waits on fail loudly and wait when asked (docs/payments.md#loud); background-reads/ answers. */
  backgroundReads?: BackgroundReads;
}

/** Spends one of the checkout's hourly charges per client; false once they are spent (routes/addon-order.ts). */
export type ChargeBudget = () => Promise<boolean>;

/** Told of each read of a provider in a pass. */
export interface ReadTally {
  answered(): void;
  failed(error: unknown): void;
}

/** One pass's reads of one provider: summed into that read's health when recorded. */
export interface ReadPass {
  tally: ReadTally;
  /** The provider asked to wait (429, 503 with Retry-After): the pass stops asking it. */
  throttled(): boolean;
  record(now: number): Promise<void>;
}

export interface BackgroundReads {
  /** Until when the provider asked its background reads to wait, or null. */
  pausedUntil(provider: ProviderId, now: number): Promise<number | null>;
  pass(provider: ProviderId, read: 'charges' | 'refunds' | 'bank_payments'): ReadPass;
}
