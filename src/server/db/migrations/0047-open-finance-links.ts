import type { Kysely, Migration } from 'kysely';

/** JSR's vínculos, by the buyer's e-mail, and which payments were made under one (docs/payments.md#jsr-the-add-on-in-one-tap). */
export const openFinanceLinksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('open_finance_links')
      .addColumn('link_id', 'text', (col) => col.primaryKey())
      .addColumn('buyer_email', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('participant_id', 'text', (col) => col.notNull())
      .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
      .addColumn('redirect_uri', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('active_at', 'bigint')
      .execute();
    await db.schema.createIndex('open_finance_links_buyer').on('open_finance_links').columns(['buyer_email', 'state']).execute();
    await db.schema
      .alterTable('open_finance_payments')
      .addColumn('jsr', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('open_finance_payments').dropColumn('jsr').execute();
    await db.schema.dropTable('open_finance_links').execute();
  },
};
