import type { Kysely, Migration } from 'kysely';

/**
 * What a provider charged on a payout sent by its API, where it takes its fee out of the amount sent (AbacatePay's `platformFee`,
 * docs/affiliates.md#payouts): the payout's `amount_cents` stays what the affiliate receives; null where no fee was said.
 */
export const payoutFeeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('affiliate_payouts').addColumn('fee_cents', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('affiliate_payouts').dropColumn('fee_cents').execute();
  },
};
