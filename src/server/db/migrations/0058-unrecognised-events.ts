import type { Kysely, Migration } from 'kysely';

/** Verified webhooks whose event the shop does not know, per provider and name, so Saúde shows what was not read (docs/payments.md). */
export const unrecognisedEventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('unrecognised_events')
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('count', 'bigint', (col) => col.notNull())
      .addColumn('first_at', 'bigint', (col) => col.notNull())
      .addColumn('last_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('unrecognised_events_pk', ['provider', 'name'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('unrecognised_events').execute();
  },
};
