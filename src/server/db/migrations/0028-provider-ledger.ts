import type { Kysely, Migration } from 'kysely';

/**
 * The ledger reaches the provider (docs/money.md): a charge whose code a buyer was shown is read again until it is
 * closed at its provider (`provider_closed_at`: cancelled there, or known unpayable) or past its expiry and grace.
 */
export const providerLedgerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('provider_closed_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('provider_closed_at').execute();
  },
};
