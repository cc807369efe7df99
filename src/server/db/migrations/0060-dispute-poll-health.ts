import type { Kysely, Migration } from 'kysely';

/** Whether each provider's dispute list could be read, and since when not, for Saúde and the seller's alert (docs/disputes.md#loud). */
export const disputePollHealthMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('dispute_polls').addColumn('last_success_at', 'bigint').execute();
    await db.schema.alterTable('dispute_polls').addColumn('failing_since', 'bigint').execute();
    await db.schema.alterTable('dispute_polls').addColumn('last_error', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('dispute_polls').dropColumn('last_error').execute();
    await db.schema.alterTable('dispute_polls').dropColumn('failing_since').execute();
    await db.schema.alterTable('dispute_polls').dropColumn('last_success_at').execute();
  },
};
