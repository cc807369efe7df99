import type { Kysely, Migration } from 'kysely';

/** Refunds the provider made unasked, a row per rise of its total: webhook and read-back record one once (docs/money.md#provider-side). */
export const providerRefundsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('provider_refunds')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('total_cents', 'bigint', (col) => col.notNull())
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .addColumn('item', 'text')
      .addColumn('seen_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('provider_refunds_pk', ['order_id', 'total_cents'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('provider_refunds').execute();
  },
};
