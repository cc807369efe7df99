import type { Kysely, Migration } from 'kysely';

/** The page version an order was placed under (docs/editing.md#prices); null for orders from before versions. */
export const orderOfferVersionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('offer_version', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('offer_version').execute();
  },
};
