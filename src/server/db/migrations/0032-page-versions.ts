import type { Kysely, Migration } from 'kysely';

/** The seller's offer as data (docs/editing.md): every published version, and the console's draft apart from them. */
export const pageVersionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // The number is the key: two publishes based on the same live version race for one number, and one loses (409).
    await db.schema
      .createTable('page_versions')
      .addColumn('number', 'integer', (col) => col.primaryKey())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('published_at', 'bigint', (col) => col.notNull())
      .addColumn('published_by', 'text', (col) => col.notNull())
      .addColumn('restored_from', 'integer')
      .addColumn('landing_bytes', 'integer', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('page_drafts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('base_number', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_drafts').execute();
    await db.schema.dropTable('page_versions').execute();
  },
};
