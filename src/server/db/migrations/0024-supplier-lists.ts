import { sql, type Kysely, type Migration } from 'kysely';

/** A list per supplier list (docs/operations.md#supplier-list); `example` marks the demo's set. */
export const supplierListsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('suppliers')
      .addColumn('list', 'text', (col) => col.notNull().defaultTo('suppliers'))
      .execute();
    await db.schema.createIndex('suppliers_list_position').on('suppliers').columns(['list', 'position']).execute();
    await db.schema.alterTable('supplier_list_meta').renameColumn('id', 'list').execute();
    await sql`update supplier_list_meta set list = 'suppliers' where list = 'current'`.execute(db);
    await db.schema
      .alterTable('supplier_list_meta')
      .addColumn('example', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('supplier_list_meta').dropColumn('example').execute();
    // Only the main list existed before: the other lists go.
    await sql`delete from supplier_list_meta where list <> 'suppliers'`.execute(db);
    await sql`update supplier_list_meta set list = 'current'`.execute(db);
    await db.schema.alterTable('supplier_list_meta').renameColumn('list', 'id').execute();
    await db.schema.dropIndex('suppliers_list_position').execute();
    await sql`delete from suppliers where list <> 'suppliers'`.execute(db);
    await db.schema.alterTable('suppliers').dropColumn('list').execute();
  },
};
