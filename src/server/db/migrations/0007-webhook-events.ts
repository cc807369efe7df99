import type { Kysely, Migration } from 'kysely';

/** Every postback kept for audit: the payloads are unsigned (docs/gateway.md#6-postbacks). */
export const webhookEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('received_at', 'bigint', (col) => col.notNull())
      .addColumn('order_id', 'text')
      .addColumn('secret_ok', 'integer', (col) => col.notNull())
      .addColumn('content_type', 'text')
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('candidate_ids', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('webhook_events_received').on('webhook_events').column('received_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_events').execute();
  },
};
