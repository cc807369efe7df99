import type { Kysely, Migration } from 'kysely';

/**
 * Attribution and server-side conversions (docs/tracking.md#attribution,
 * docs/tracking.md#server-side-conversions): where the buyer came from (the campaign parameters of
 * the first page of the visit), the tracking consent given at checkout and, only when tracking was
 * accepted, the identifiers the Conversions API and GA4 need (personal data: exported, erased and
 * expired with the buyer's, see privacy/). The sandbox gateway records the `tracking` object it was
 * sent, as the real gateway does.
 */
const ATTRIBUTION_COLUMNS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'src',
  'sck',
  'fbclid',
  'gclid',
] as const;
const CONVERSION_COLUMNS = ['fbp', 'fbc', 'ga_client_id', 'client_ip', 'client_user_agent'] as const;

export const attributionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ATTRIBUTION_COLUMNS) await db.schema.alterTable('orders').addColumn(column, 'text').execute();
    // 'granted', 'denied' or 'unset' (the cookie notice was not answered); null for older orders.
    await db.schema.alterTable('orders').addColumn('tracking_consent', 'text').execute();
    for (const column of CONVERSION_COLUMNS) await db.schema.alterTable('orders').addColumn(column, 'text').execute();
    await db.schema.alterTable('sandbox_transactions').addColumn('tracking', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sandbox_transactions').dropColumn('tracking').execute();
    for (const column of [...CONVERSION_COLUMNS, 'tracking_consent', ...ATTRIBUTION_COLUMNS].reverse()) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
  },
};
