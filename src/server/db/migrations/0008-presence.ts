import type { Kysely, Migration } from 'kysely';

/**
 * Who has the landing page open (docs/product.md#2-live-signals-tell-the-truth "viewers now"): one row per visitor id, touched by
 * each heartbeat. It lives in the database, not in memory, so every server instance counts the same
 * visitors. It holds no personal data: the id is a random string the tab made up.
 */
export const presenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('presence')
      .addColumn('visitor_id', 'text', (col) => col.primaryKey())
      .addColumn('last_seen', 'bigint', (col) => col.notNull())
      .execute();
    // Both the count (seen in the last minute) and the pruning (older than ten) filter on it.
    await db.schema.createIndex('presence_last_seen').on('presence').column('last_seen').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('presence').execute();
  },
};
