import type { Kysely, Migration } from 'kysely';

/**
 * One purchase, one ledger (docs/money.md). A refund may cover only some of an order's items: a
 * payment that buys again what the buyer already owns next to something new gives back the
 * price of the owned items alone (`amount_cents`, `item_keys`; null: the whole order). A charge
 * that a new checkout of the same buyer replaced remembers its successor (`replaced_by`), so its
 * reminders stop and a late payment of it is recognised.
 */
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
