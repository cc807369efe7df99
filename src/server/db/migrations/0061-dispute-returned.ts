import type { Kysely, Migration } from 'kysely';

/**
 * What the MED gave back of a dispute's charge, as the charge's read shows it (an Efí devolução MED_FRAUDE): the
 * contested amount is the infraction's, the money counted is this one, whole or part (docs/disputes.md#lost).
 */
export const disputeReturnedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('disputes').addColumn('returned_cents', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('disputes').dropColumn('returned_cents').execute();
  },
};
