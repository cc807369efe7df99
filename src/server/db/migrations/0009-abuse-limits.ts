import type { Kysely, Migration } from 'kysely';

/** Per-client limits on a hash of the address group, never the address (docs/security.md#abuse-limits). */
export const abuseLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('client_key', 'text').execute();
    await db.schema.createIndex('orders_client_key_status').on('orders').columns(['client_key', 'status']).execute();
    await db.schema.createIndex('orders_buyer_email_status').on('orders').columns(['buyer_email', 'status']).execute();
    await db.schema.createIndex('orders_buyer_phone_status').on('orders').columns(['buyer_phone', 'status']).execute();
    await db.schema.createIndex('orders_status_paid_at').on('orders').columns(['status', 'paid_at']).execute();
    await db.schema.alterTable('presence').addColumn('client_key', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_status_paid_at').execute();
    await db.schema.dropIndex('orders_buyer_phone_status').execute();
    await db.schema.dropIndex('orders_buyer_email_status').execute();
    await db.schema.dropIndex('orders_client_key_status').execute();
    await db.schema.alterTable('orders').dropColumn('client_key').execute();
    await db.schema.alterTable('presence').dropColumn('client_key').execute();
  },
};
