import type { Kysely, Migration } from 'kysely';

/** A verified webhook for a charge whose create has not answered, kept until its order adopts it (docs/payments.md#postbacks). */
export const heldWebhooksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('webhook_events').addColumn('held_charge', 'text').execute();
    await db.schema.createIndex('webhook_events_held_charge').on('webhook_events').column('held_charge').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('webhook_events_held_charge').execute();
    await db.schema.alterTable('webhook_events').dropColumn('held_charge').execute();
  },
};
