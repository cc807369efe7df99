import type { Kysely, Migration } from 'kysely';

/** PIX reminders and the buyer's opt-out (docs/payments.md#pix-e-mails-and-the-order-page). */
export const pixRemindersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('reminders_opted_out_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('reminders_opted_out_at').execute();
  },
};
