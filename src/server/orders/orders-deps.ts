import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { Payments } from '../gateway/payments.ts';
import type { Logger } from '../lib/logger.ts';
import type { OrderEvents } from './order-events.ts';

export interface OrdersDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  config: Config;
  /** The seller's PIX providers in order, and their recent health (gateway/payments.ts). */
  payments: Payments;
  logger: Logger;
  /** Base of absolute URLs we hand out (the postback URL). */
  publicUrl: () => string;
  now?: () => number;
  events: OrderEvents;
}
