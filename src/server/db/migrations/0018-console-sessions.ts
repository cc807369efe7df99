import type { Kysely, Migration } from 'kysely';

/**
 * The console's sessions and lockout, hardened: each session keeps a fingerprint of the password
 * it was opened with (a new ADMIN_PASSWORD ends it), the audit names a hashed client, and failed
 * logins become one counter row per client group and window (plus one for every client together),
 * so parallel attempts are counted by one atomic upsert instead of read-then-insert. Sessions from
 * before this migration carry no fingerprint and end: the seller signs in once more.
 */
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
    // Its rows only ever mattered for 15 minutes.
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
