import type { Kysely, Migration } from 'kysely';

/**
 * Affiliates (docs/affiliates.md): who sells for a commission, the seller's defaults, and one commission per paid item
 * of an attributed purchase. A commission stores its birth (the rate then, the flag that voids it) and what was paid of
 * it; its amount is read from the purchase's ledger, so a refund or a MED return cuts it without a second record.
 */
export const affiliatesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('affiliates')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('document', 'text')
      .addColumn('pix_key_type', 'text', (col) => col.notNull())
      .addColumn('pix_key', 'text', (col) => col.notNull())
      .addColumn('promotes', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('state_reason', 'text')
      .addColumn('rate_main', 'integer')
      .addColumn('rate_bump', 'integer')
      .addColumn('rate_addon', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('affiliate_settings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('rate_main', 'integer', (col) => col.notNull())
      .addColumn('rate_bump', 'integer', (col) => col.notNull())
      .addColumn('rate_addon', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('affiliate_commissions')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('item', 'text', (col) => col.notNull())
      .addColumn('affiliate_id', 'text', (col) => col.notNull())
      .addColumn('main_order_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('rate', 'integer', (col) => col.notNull())
      .addColumn('flag', 'text')
      .addColumn('paid_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('affiliate_commissions_pk', ['order_id', 'item'])
      .execute();
    await db.schema.createIndex('affiliate_commissions_affiliate').on('affiliate_commissions').column('affiliate_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('affiliate_commissions').execute();
    await db.schema.dropTable('affiliate_settings').execute();
    await db.schema.dropTable('affiliates').execute();
  },
};
