import type { Kysely, Migration } from 'kysely';

/**
 * Each page version's visitors in the A/B tests' unit (docs/editing.md#figures): a daily id, kept for today and
 * yesterday only, so a visitor loading the page again that day is not counted again. The day leads the key: the
 * old days go with one ranged delete.
 */
export const pageVersionVisitorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('page_version_visitors')
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('visitor', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('page_version_visitors_pk', ['day', 'version', 'visitor'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_version_visitors').execute();
  },
};
