import type { Kysely, Migration } from 'kysely';

/** Payments started at the buyer's bank by Efí's Open Finance, beside the order's PIX (docs/payments.md#open-finance). */
export const openFinancePaymentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('open_finance_payments')
      .addColumn('payment_id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('participant_id', 'text', (col) => col.notNull())
      .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
      .addColumn('redirect_uri', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('paid_at', 'bigint')
      .addColumn('returned_at', 'bigint')
      .execute();
    await db.schema.createIndex('open_finance_payments_order').on('open_finance_payments').columns(['order_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('open_finance_payments').execute();
  },
};
