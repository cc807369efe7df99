import type { Kysely, Migration } from 'kysely';

/**
 * Money the provider says went back on a charge that the shop did not ask for (a refund in its panel, whole or part),
 * one row per rise of the provider's total (docs/money.md#provider-side): `item` when its amount was one item's price
 * (that item's refund row holds it), null for a part of the purchase tied to no item (the access is kept).
 * Keyed by the total the provider showed, so a webhook and a read-back of the same refund record it once.
 */
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
