import type { Kysely, Migration } from 'kysely';

/** Attribution and server-side conversions (docs/tracking.md#attribution); the identifiers are personal data (privacy/). */
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
