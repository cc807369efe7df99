import type { Kysely, Migration } from 'kysely';

/**
 * Web Push for the console (docs/notifications.md): the shop's VAPID keys and its last push sent or refused, one row
 * kept with the shop's data so a backup restores the keys the browsers' subscriptions were made with; each console
 * person's devices and what rings for them.
 */
export const pushNotificationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_state')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('private_key', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_sent_at', 'bigint')
      .addColumn('last_failure_at', 'bigint')
      .addColumn('last_failure', 'text')
      .execute();
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('person', 'text', (col) => col.notNull())
      .addColumn('endpoint', 'text', (col) => col.notNull().unique())
      .addColumn('p256dh', 'text', (col) => col.notNull())
      .addColumn('auth', 'text', (col) => col.notNull())
      .addColumn('device', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_sent_at', 'bigint')
      .execute();
    await db.schema.createIndex('push_subscriptions_person_idx').on('push_subscriptions').column('person').execute();
    await db.schema
      .createTable('push_preferences')
      .addColumn('person', 'text', (col) => col.primaryKey())
      .addColumn('muted', 'text', (col) => col.notNull())
      .addColumn('quiet_start', 'integer', (col) => col.notNull())
      .addColumn('quiet_end', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('push_preferences').execute();
    await db.schema.dropTable('push_subscriptions').execute();
    await db.schema.dropTable('push_state').execute();
  },
};
