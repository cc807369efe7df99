import type { Kysely, Migration } from 'kysely';

/** The seller's console: sessions, lockout, audit, and search indexes. */
export const adminConsoleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_sessions')
      // SHA-256 of the cookie value: a database dump does not hand out live sessions.
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
      .addColumn('ended_at', 'bigint')
      .execute();
    await db.schema
      .createTable('admin_login_failures')
      .addColumn('address_key', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('admin_login_failures_address_at').on('admin_login_failures').columns(['address_key', 'at']).execute();
    await db.schema
      .createTable('admin_audit')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('session', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text')
      .addColumn('detail', 'text')
      .execute();
    await db.schema.createIndex('admin_audit_at').on('admin_audit').column('at').execute();
    await db.schema.createIndex('admin_audit_order').on('admin_audit').columns(['order_id', 'at']).execute();
    await db.schema.alterTable('orders').addColumn('charged_at', 'bigint').execute();
    // Each time a buyer's access link was opened, for the order's timeline (no address, no agent).
    await db.schema
      .createTable('member_page_opens')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('member_page_opens_order').on('member_page_opens').columns(['order_id', 'at']).execute();
    await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();
    await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
    await db.schema.createIndex('webhook_events_order').on('webhook_events').columns(['order_id', 'received_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('webhook_events_order').execute();
    await db.schema.dropIndex('orders_paid_at').execute();
    await db.schema.dropIndex('orders_created_at').execute();
    await db.schema.dropTable('member_page_opens').execute();
    await db.schema.alterTable('orders').dropColumn('charged_at').execute();
    await db.schema.dropTable('admin_audit').execute();
    await db.schema.dropTable('admin_login_failures').execute();
    await db.schema.dropTable('admin_sessions').execute();
  },
};
