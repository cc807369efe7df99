import type { Kysely, Migration } from 'kysely';

/** Sessions keep a password fingerprint; failed logins become one atomic counter row per client group and window. */
export const consoleSessionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('admin_sessions').addColumn('password_tag', 'text').execute();
    await db.schema.alterTable('admin_audit').addColumn('client', 'text').execute();
    await db.schema
      .createTable('admin_login_limits')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('window_start', 'bigint', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.dropTable('admin_login_failures').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_login_failures')
      .addColumn('address_key', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('admin_login_failures_address_at').on('admin_login_failures').columns(['address_key', 'at']).execute();
    await db.schema.dropTable('admin_login_limits').execute();
    await db.schema.alterTable('admin_audit').dropColumn('client').execute();
    await db.schema.alterTable('admin_sessions').dropColumn('password_tag').execute();
  },
};
