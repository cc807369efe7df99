import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/** Uploaded images (docs/editing.md#images), every variant in the database so every instance serves it. */
export const pageImagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
    await db.schema
      .createTable('page_images')
      .addColumn('file', 'text', (col) => col.primaryKey())
      .addColumn('hash', 'text', (col) => col.notNull())
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('bytes', binary, (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('page_images_hash').on('page_images').column('hash').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_images').execute();
  },
};
