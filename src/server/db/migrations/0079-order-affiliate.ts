import type { Kysely, Migration } from 'kysely';

/** The affiliate code the buyer's visit carried to the checkout (docs/affiliates.md#links); null: none. */
export const orderAffiliateMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('affiliate_code', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('affiliate_code').execute();
  },
};
