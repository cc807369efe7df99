import type { Kysely, Migration } from 'kysely';

/** Orders are written before the gateway is called, so no charge exists without its order (docs/architecture.md#data). */
export const ordersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('checkout_key', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('buyer_name', 'text', (col) => col.notNull())
      .addColumn('buyer_email', 'text', (col) => col.notNull())
      .addColumn('buyer_phone', 'text', (col) => col.notNull())
      .addColumn('buyer_document', 'text')
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('product_hash', 'text', (col) => col.notNull())
      .addColumn('offer_hash', 'text', (col) => col.notNull())
      .addColumn('postback_secret', 'text', (col) => col.notNull().unique())
      .addColumn('transaction_hash', 'text')
      .addColumn('alternate_ids', 'text')
      .addColumn('pix_code', 'text')
      .addColumn('pix_image', 'text')
      .addColumn('failure_reason', 'text')
      .addColumn('access_token', 'text', (col) => col.unique())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('checked_at', 'bigint')
      .execute();
    await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('orders_transaction_hash').on('orders').column('transaction_hash').execute();
    await db.schema.createIndex('orders_buyer_email').on('orders').column('buyer_email').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('orders').execute();
  },
};
