import type { Kysely, Migration } from 'kysely';

/**
 * Until when the instance making an order's charge holds it (by the database's clock, renewed while the provider's
 * call is in flight): past it, a retry takes over at once instead of waiting out CHARGE_IN_FLIGHT_MS.
 */
export const chargeLeasesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('charge_lease_until', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('charge_lease_until').execute();
  },
};
