import type { Kysely, Migration } from 'kysely';

/**
 * How each A/B visitor-day got its version: 0 when the day's hash drew it, 1 when the consented `vitrine_ab` cookie
 * kept the version of an earlier day. The split check counts only the drawn ones, independent draws of the planned
 * split whatever people do (docs/experiments.md#the-split-check). Rows from before, and rows an instance still on the
 * previous version writes during a rolling upgrade, read as drawn, as every row was counted before.
 */
export const experimentVisitorKeptMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('experiment_visitors')
      .addColumn('kept', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('experiment_visitors').dropColumn('kept').execute();
  },
};
