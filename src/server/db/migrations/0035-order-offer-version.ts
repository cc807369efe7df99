import type { Kysely, Migration } from 'kysely';

/**
 * Which version of the seller's page an order was placed under (docs/editing.md#prices): its items' names and
 * prices (`order_items`) are those of that version, and what the order prints later comes from them, never from
 * today's page. Null for orders placed before versions were recorded.
 */
export const orderOfferVersionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('offer_version', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('offer_version').execute();
  },
};
