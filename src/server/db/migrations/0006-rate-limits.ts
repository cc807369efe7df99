import type { Kysely, Migration } from 'kysely';

/** Fixed-window counters in the database, so limits hold across restarts and instances. */
export const rateLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('window_start', 'bigint', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
