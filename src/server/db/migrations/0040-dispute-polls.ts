import type { Kysely, Migration } from 'kysely';

/** Each provider's dispute list: read up to where, and by which instance now (disputes/dispute-poller.ts). */
export const disputePollsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('dispute_polls')
      .addColumn('provider', 'text', (col) => col.primaryKey())
      .addColumn('polled_to', 'bigint')
      .addColumn('next_poll_at', 'bigint', (col) => col.notNull())
      .addColumn('claimed_until', 'bigint')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('dispute_polls').execute();
  },
};
