import type { Kysely, Migration } from 'kysely';

/**
 * The affiliate's own page (docs/affiliates.md#the-affiliates-page): the terms they accepted, the hold a PIX key change
 * puts on their payouts, the e-mailed links (kept hashed, one use, with an expiry), their sessions, and a PIX key
 * waiting for its confirmation by e-mail.
 */
export const affiliatePagesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('affiliates').addColumn('terms_version', 'text').execute();
    await db.schema.alterTable('affiliates').addColumn('terms_accepted_at', 'bigint').execute();
    await db.schema.alterTable('affiliates').addColumn('payouts_held_until', 'bigint').execute();
    await db.schema
      .createTable('affiliate_links')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('affiliate_id', 'text', (col) => col.notNull())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('change_id', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('affiliate_links_affiliate').on('affiliate_links').column('affiliate_id').execute();
    await db.schema
      .createTable('affiliate_sessions')
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('affiliate_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('affiliate_sessions_affiliate').on('affiliate_sessions').column('affiliate_id').execute();
    await db.schema
      .createTable('affiliate_pix_changes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('affiliate_id', 'text', (col) => col.notNull())
      .addColumn('pix_key_type', 'text', (col) => col.notNull())
      .addColumn('pix_key', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('confirmed_at', 'bigint')
      .execute();
    await db.schema.createIndex('affiliate_pix_changes_affiliate').on('affiliate_pix_changes').column('affiliate_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('affiliate_pix_changes').execute();
    await db.schema.dropTable('affiliate_sessions').execute();
    await db.schema.dropTable('affiliate_links').execute();
    await db.schema.alterTable('affiliates').dropColumn('payouts_held_until').execute();
    await db.schema.alterTable('affiliates').dropColumn('terms_accepted_at').execute();
    await db.schema.alterTable('affiliates').dropColumn('terms_version').execute();
  },
};
