import type { Kysely, Migration } from 'kysely';

/** The sandbox gateway's charges: kept in the database because the server holds no state of its own. */
export const sandboxTransactionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sandbox_transactions')
      .addColumn('hash', 'text', (col) => col.primaryKey())
      .addColumn('amount', 'integer', (col) => col.notNull())
      .addColumn('payment_status', 'text', (col) => col.notNull())
      .addColumn('product_hash', 'text')
      .addColumn('offer_hash', 'text')
      .addColumn('customer_name', 'text')
      .addColumn('customer_email', 'text')
      .addColumn('customer_phone', 'text')
      .addColumn('postback_url', 'text')
      .addColumn('pix_code', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sandbox_transactions').execute();
  },
};
