import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';

/** The guarantee made real (docs/refunds.md). */
export type RefundsConfig = Pick<Config, 'guaranteeDays' | 'refundMode' | 'gatewayRefunds'>;

export interface RefundsDeps {
  db: Kysely<Database>;
  config: RefundsConfig & Pick<Config, 'mail'>;
  runOutbox: () => void;
  /** Whether the order's purchase has a dispute still open (docs/disputes.md), read in the caller's transaction: disputes/ answers. */
  hasOpenDispute: (db: Kysely<Database> | Transaction<Database>, orderId: string) => Promise<boolean>;
}
