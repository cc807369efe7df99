import type { Kysely, Migration } from 'kysely';

/** Who has the landing page open, in the database so every instance counts the same visitors; no personal data. */
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
