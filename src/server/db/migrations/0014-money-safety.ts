import type { Kysely, Migration } from 'kysely';

/** Duplicate payments flagged and the reconciler's schedule (docs/payments.md#duplicate-payments). */
export const moneySafetyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      // The earlier paid order of the same buyer (e-mail, phone or CPF) within 48 h: this one is a refund candidate.
      .addColumn('duplicate_of', 'text')
      .execute();
    // When the reconciler may ask the gateway about this order again (null: as soon as it qualifies).
    await db.schema.alterTable('orders').addColumn('next_check_at', 'bigint').execute();
    await db.schema
      .alterTable('orders')
      .addColumn('check_count', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // An authenticated postback asked for a re-read that has not succeeded yet: retried until it does.
    await db.schema.alterTable('orders').addColumn('recheck_requested_at', 'bigint').execute();
    // Duplicate payments by CPF (e-mail and phone are indexed since 0009).
    await db.schema.createIndex('orders_buyer_document_status').on('orders').columns(['buyer_document', 'status']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_buyer_document_status').execute();
    await db.schema.alterTable('orders').dropColumn('recheck_requested_at').execute();
    await db.schema.alterTable('orders').dropColumn('check_count').execute();
    await db.schema.alterTable('orders').dropColumn('next_check_at').execute();
    await db.schema.alterTable('orders').dropColumn('duplicate_of').execute();
  },
};
