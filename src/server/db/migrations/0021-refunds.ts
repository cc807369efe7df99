import type { Kysely, Migration } from 'kysely';

/** Refunds and the order's delivery record for disputes (docs/refunds.md). */
export const refundsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('refunds')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('origin', 'text', (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('note', 'text')
      .addColumn('requested_at', 'bigint', (col) => col.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by', 'text')
      .addColumn('decline_reason', 'text')
      .addColumn('refunded_at', 'bigint')
      .addColumn('gateway_state', 'text', (col) => col.notNull().defaultTo('off'))
      .addColumn('gateway_error', 'text')
      .addColumn('gateway_called_at', 'bigint')
      .addColumn('attempt', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('refunds_status').on('refunds').columns(['status']).execute();
    await db.schema
      .createTable('order_evidence')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('order_evidence_order_at').on('order_evidence').columns(['order_id', 'at']).execute();
    await db.schema.alterTable('member_page_opens').addColumn('client', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('member_page_opens').dropColumn('client').execute();
    await db.schema.dropTable('order_evidence').execute();
    await db.schema.dropTable('refunds').execute();
  },
};
