import type { Kysely, Migration } from 'kysely';

/**
 * When a postback last made the server read an order's transaction at the gateway. A valid
 * postback secret then buys at most one gateway read per order per window (routes/webhooks.ts),
 * however many postbacks repeat it, on every instance alike.
 */
export const postbackReadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('postback_read_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('postback_read_at').execute();
  },
};
