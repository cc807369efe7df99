import type { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { GatewayClient } from '../gateway/types.ts';
import type { Logger } from '../lib/logger.ts';
import type { OrderEvents } from './order-events.ts';

export interface OrdersDeps {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  config: Config;
  gateway: GatewayClient;
  logger: Logger;
  /** Base of absolute URLs we hand out (the postback URL). */
  publicUrl: () => string;
  now?: () => number;
  events: OrderEvents;
}
