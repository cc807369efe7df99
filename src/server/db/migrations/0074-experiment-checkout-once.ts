import type { Kysely, Migration } from 'kysely';

/**
 * 1 once an A/B visitor-day (experiment_visitors) or a page's visitor-day (page_version_visitors) has begun a checkout: the `checkout`
 * metric and the planner's checkout rate are shares of visitors, so a visitor who opens the checkout twice in a day counts once
 * (docs/experiments.md#what-is-counted). Rows from before read as not yet begun: a checkout begun again by one of them that day counts once
 * more, as every checkout did before.
 */
export const experimentCheckoutOnceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('experiment_visitors')
      .addColumn('checkout_begun', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('page_version_visitors')
      .addColumn('checkout_begun', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('experiment_visitors').dropColumn('checkout_begun').execute();
    await db.schema.alterTable('page_version_visitors').dropColumn('checkout_begun').execute();
  },
};
