import type { Kysely, Migration } from 'kysely';

/**
 * Each vínculo's `dataExpiracao` as Efí last listed it: Efí lists only the vínculos still usable, so one gone from the
 * list past that date expired at the bank, and one gone before it was revoked there.
 */
export const openFinanceLinkExpiryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('open_finance_links').addColumn('expires_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('open_finance_links').dropColumn('expires_at').execute();
  },
};
