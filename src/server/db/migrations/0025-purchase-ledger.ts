import type { Kysely, Migration } from 'kysely';

/** One purchase, one ledger (docs/money.md): partial refunds and the charge a new checkout replaced. */
export const purchaseLedgerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('refunds').addColumn('amount_cents', 'bigint').execute();
    await db.schema.alterTable('refunds').addColumn('item_keys', 'text').execute();
    await db.schema.alterTable('orders').addColumn('replaced_by', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('replaced_by').execute();
    await db.schema.alterTable('refunds').dropColumn('item_keys').execute();
    await db.schema.alterTable('refunds').dropColumn('amount_cents').execute();
  },
};
