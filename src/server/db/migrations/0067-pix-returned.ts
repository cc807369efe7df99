import type { Kysely, Migration } from 'kysely';

/**
 * When an order's PIX, paid after its bank-app payment had already gone back through a refund at Efí, was returned
 * to the buyer (docs/payments.md#open-finance): claimed once, so the PIX goes back at most once.
 */
export const pixReturnedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('pix_returned_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('pix_returned_at').execute();
  },
};
