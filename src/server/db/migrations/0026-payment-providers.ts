import type { Kysely, Migration } from 'kysely';

/** Each charge's provider, and `charge_key` written before the create so a crash never charges twice (docs/payments.md#pix-providers). */
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
