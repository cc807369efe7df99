import type { Kysely, Migration } from 'kysely';

/** A charge's lease by the database's clock: past it, a retry takes over instead of waiting out CHARGE_IN_FLIGHT_MS. */
export const chargeLeasesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('charge_lease_until', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('charge_lease_until').execute();
  },
};
