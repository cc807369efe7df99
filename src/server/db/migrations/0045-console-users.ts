import type { Kysely, Migration } from 'kysely';

/** Console users, invitations and session names (docs/editing.md#users); the page's funnel by version (#figures). */
export const consoleUsersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_users')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('permissions', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createTable('admin_invites')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('permissions', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.alterTable('admin_sessions').addColumn('user_id', 'text').execute();
    await db.schema
      .createTable('admin_session_names')
      .addColumn('label', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text')
      .addColumn('name', 'text', (col) => col.notNull())
      .execute();
    await db.schema.alterTable('admin_audit').addColumn('actor', 'text').execute();
    await db.schema
      .createTable('page_version_funnel')
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('path', 'text', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('page_version_funnel_pk', ['version', 'event', 'path'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_version_funnel').execute();
    await db.schema.alterTable('admin_audit').dropColumn('actor').execute();
    await db.schema.dropTable('admin_session_names').execute();
    await db.schema.alterTable('admin_sessions').dropColumn('user_id').execute();
    await db.schema.dropTable('admin_invites').execute();
    await db.schema.dropTable('admin_users').execute();
  },
};
