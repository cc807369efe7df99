import type { Kysely, Migration } from 'kysely';

/** Each instance's clock as it last compared it with the database's, so Saúde shows one that drifted (docs/architecture.md). */
export const instanceClocksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('instance_clocks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('skew_ms', 'bigint', (col) => col.notNull())
      .addColumn('checked_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('instance_clocks').execute();
  },
};
