import type { Kysely, Migration } from 'kysely';

/**
 * Affiliate payouts (docs/affiliates.md#payouts): the seller's schedule beside the rates, and one row per payout, written
 * with its own idempotency id before any provider is called. `open_for` holds the affiliate's id while the payout may still
 * move money (queued, sending, sent, unknown) and null once it is confirmed or failed: its unique index lets one payout per
 * affiliate be open, so two instances, or two taps, never approve the same commissions twice. A payout's lines say what it
 * pays of each commission (negative on one already paid above its amount: the debt netted); they move
 * `affiliate_commissions.paid_cents` once, in the confirmation's transaction.
 */
export const affiliatePayoutsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('affiliate_settings')
      .addColumn('payout_weekday', 'integer', (col) => col.notNull().defaultTo(2))
      .execute();
    await db.schema
      .alterTable('affiliate_settings')
      .addColumn('payout_min_cents', 'integer', (col) => col.notNull().defaultTo(5000))
      .execute();
    await db.schema
      .alterTable('affiliate_settings')
      .addColumn('payout_confirm_above_cents', 'integer', (col) => col.notNull().defaultTo(100_000))
      .execute();
    await db.schema
      .createTable('affiliate_payouts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('batch_id', 'text', (col) => col.notNull())
      .addColumn('affiliate_id', 'text', (col) => col.notNull())
      .addColumn('open_for', 'text', (col) => col.unique())
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      .addColumn('pix_key_type', 'text', (col) => col.notNull())
      .addColumn('pix_key', 'text', (col) => col.notNull())
      .addColumn('provider', 'text')
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('end_to_end_id', 'text')
      .addColumn('failure', 'text')
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('lease_until', 'bigint')
      .addColumn('approved_by', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('paid_at', 'bigint')
      .execute();
    await db.schema.createIndex('affiliate_payouts_affiliate').on('affiliate_payouts').column('affiliate_id').execute();
    await db.schema.createIndex('affiliate_payouts_state').on('affiliate_payouts').column('state').execute();
    await db.schema
      .createTable('affiliate_payout_lines')
      .addColumn('payout_id', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('item', 'text', (col) => col.notNull())
      .addColumn('cents', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('affiliate_payout_lines_pk', ['payout_id', 'order_id', 'item'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('affiliate_payout_lines').execute();
    await db.schema.dropTable('affiliate_payouts').execute();
    await db.schema.alterTable('affiliate_settings').dropColumn('payout_confirm_above_cents').execute();
    await db.schema.alterTable('affiliate_settings').dropColumn('payout_min_cents').execute();
    await db.schema.alterTable('affiliate_settings').dropColumn('payout_weekday').execute();
  },
};
