import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';

/** The guarantee made real (docs/refunds.md). */
export type RefundsConfig = Pick<Config, 'guaranteeDays' | 'refundMode' | 'gatewayRefunds'>;

export interface RefundsDeps {
  db: Kysely<Database>;
  config: RefundsConfig & Pick<Config, 'mail'>;
  runOutbox: () => void;
  /** Whether the order's purchase has a dispute still open (docs/disputes.md): answered by disputes/. */
  hasOpenDispute: (orderId: string) => Promise<boolean>;
}
