import type { Kysely, Migration } from 'kysely';

/** At most one gateway read per order per window for postbacks (routes/webhooks.ts). */
export const postbackReadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('postback_read_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('postback_read_at').execute();
  },
};
