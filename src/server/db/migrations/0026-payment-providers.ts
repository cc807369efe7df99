import type { Kysely, Migration } from 'kysely';

/**
 * Each order remembers which PIX provider took its charge (docs/payments.md#pix-providers): its
 * read-backs, refunds and webhooks go there. Orders from before are TriboPay's, the only provider
 * there was. `charge_key` is the idempotency key of the create call in flight or last made, written
 * before the call: after a crash, a provider that keys its creates (Mercado Pago, Efí) is asked
 * again with the same key, so the charge it may hold is found instead of made twice.
 */
export const paymentProvidersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('orders')
      .addColumn('provider', 'text', (column) => column.notNull().defaultTo('tribopay'))
      .execute();
    await db.schema.alterTable('orders').addColumn('charge_key', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('charge_key').execute();
    await db.schema.alterTable('orders').dropColumn('provider').execute();
  },
};
