import type { Kysely, Migration } from 'kysely';

/**
 * Fixed-window counters for endpoints anyone can call (the access e-mail resend). They live in
 * the database, not in memory, so the limit holds across restarts and several server instances.
 */
export const rateLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('window_start', 'bigint', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .execute();
    // Old windows are pruned by age.
    await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
