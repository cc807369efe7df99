import type { Kysely, Migration } from 'kysely';

/** Transactional outbox (docs/decisions/0001-outbox-delivery.md). */
export const outboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('sent_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      // One e-mail of a kind per order, whatever retries or replayed webhooks do upstream.
      .addUniqueConstraint('outbox_order_kind_unique', ['order_id', 'kind'])
      .execute();
    await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outbox').execute();
  },
};
