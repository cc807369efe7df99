import type { Kysely, Migration } from 'kysely';

/**
 * A dispute list longer than one poll's requests is read over several polls: the range being read and the provider's
 * position in it, so the next poll goes on where this one stopped (disputes/dispute-poller.ts).
 */
export const disputeListResumeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    for (const column of ['resume_from', 'resume_to', 'resume_at'] as const) {
      await db.schema.alterTable('dispute_polls').addColumn(column, 'bigint').execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['resume_at', 'resume_to', 'resume_from'] as const) {
      await db.schema.alterTable('dispute_polls').dropColumn(column).execute();
    }
  },
};
