import type { Kysely, Migration } from 'kysely';

/**
 * Where each provider's dispute list was last read up to, and which instance is reading it now
 * (disputes/dispute-poller.ts): a restart resumes from the stored window, and two instances never poll at once.
 */
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
