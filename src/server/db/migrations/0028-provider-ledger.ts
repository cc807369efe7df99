import type { Kysely, Migration } from 'kysely';

/** A shown charge is read until closed at its provider (`provider_closed_at`) or past expiry and grace (docs/money.md). */
export const providerLedgerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('provider_closed_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('provider_closed_at').execute();
  },
};
