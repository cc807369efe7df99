import type { Kysely, Migration } from 'kysely';

/**
 * PIX e-mails and reminders (docs/payments.md#pix-e-mails-and-the-order-page): the buyer's
 * one-click "não quero mais lembretes" is kept on the order, so a reminder queued earlier is
 * dropped at send time and no new one goes out.
 */
export const pixRemindersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('reminders_opted_out_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('reminders_opted_out_at').execute();
  },
};
