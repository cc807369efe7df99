import type { Kysely, Migration } from 'kysely';

/** Bank payments read in turn by their last read; each vínculo's bank by name, for the buyer's data export. */
export const openFinanceReadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('open_finance_payments').addColumn('checked_at', 'bigint').execute();
    await db.schema.alterTable('open_finance_links').addColumn('bank_name', 'text').execute();
    await db.schema.createIndex('open_finance_payments_waiting').on('open_finance_payments').columns(['state', 'checked_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('open_finance_payments_waiting').execute();
    await db.schema.alterTable('open_finance_payments').dropColumn('checked_at').execute();
    await db.schema.alterTable('open_finance_links').dropColumn('bank_name').execute();
  },
};
