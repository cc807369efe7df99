import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { GatewayClient } from '../gateway/types.ts';
import type { Logger } from '../lib/logger.ts';
import type { OrderEvents } from './order-events.ts';

/** What the orders services need: the checkout, the payment confirmation, the order page and the reconciler. */
export interface OrdersDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  config: Config;
  gateway: GatewayClient;
  logger: Logger;
  /** Base of absolute URLs we hand out (the postback URL). */
  publicUrl: () => string;
  now?: () => number;
  /** Where the order's transitions are published (order-events.ts). */
  events: OrderEvents;
}
