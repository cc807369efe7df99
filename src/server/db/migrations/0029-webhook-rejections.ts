import type { Kysely, Migration } from 'kysely';

/** Refused webhooks per provider, in the database so every instance's Saúde shows a wrong secret (docs/payments.md). */
export const webhookRejectionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webhook_rejections')
      .addColumn('provider', 'text', (col) => col.primaryKey())
      .addColumn('count', 'bigint', (col) => col.notNull())
      .addColumn('last_at', 'bigint', (col) => col.notNull())
      .addColumn('last_reason', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_rejections').execute();
  },
};
