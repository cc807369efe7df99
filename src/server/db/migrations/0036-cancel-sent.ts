import type { Kysely, Migration } from 'kysely';

/** When a cancel was first sent to the provider: at one that deletes what it cancels, a later "not found" means it closed. */
export const cancelSentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('cancel_sent_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('cancel_sent_at').execute();
  },
};
