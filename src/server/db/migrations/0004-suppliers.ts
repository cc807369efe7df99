import type { Kysely, Migration } from 'kysely';

/** The supplier list, replaced whole by the CSV import, and when it was last replaced. */
export const suppliersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('suppliers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('offer', 'text', (col) => col.notNull())
      .addColumn('whatsapp', 'text')
      .addColumn('telegram', 'text')
      .addColumn('notes', 'text')
      .execute();
    await db.schema
      .createTable('supplier_list_meta')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('supplier_list_meta').execute();
    await db.schema.dropTable('suppliers').execute();
  },
};
