import type { Kysely, Migration } from 'kysely';

/** WhatsApp (docs/whatsapp.md): consent kept with its wording (LGPD art. 8 § 2); `slot` unique per order caps without a lock. */
export const whatsappMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').addColumn('whatsapp_consent_at', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('whatsapp_consent_text', 'text').execute();
    await db.schema.alterTable('orders').addColumn('whatsapp_consent_version', 'text').execute();
    await db.schema
      .createTable('whatsapp_messages')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('message_key', 'text', (col) => col.notNull())
      .addColumn('slot', 'integer')
      .addColumn('mode', 'text', (col) => col.notNull())
      .addColumn('template', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('status_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('sent_at', 'bigint')
      .addColumn('meta_message_id', 'text')
      .addColumn('error_code', 'integer')
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('uncertain', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('whatsapp_messages_order_key')
      .on('whatsapp_messages')
      .columns(['order_id', 'message_key'])
      .unique()
      .execute();
    await db.schema.createIndex('whatsapp_messages_order_slot').on('whatsapp_messages').columns(['order_id', 'slot']).unique().execute();
    await db.schema.createIndex('whatsapp_messages_meta_id').on('whatsapp_messages').column('meta_message_id').execute();
    await db.schema.createIndex('whatsapp_messages_sent_at').on('whatsapp_messages').column('sent_at').execute();
    await db.schema
      .createTable('whatsapp_opt_outs')
      .addColumn('phone_key', 'text', (col) => col.primaryKey())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('whatsapp_opt_outs').execute();
    await db.schema.dropTable('whatsapp_messages').execute();
    await db.schema.alterTable('orders').dropColumn('whatsapp_consent_version').execute();
    await db.schema.alterTable('orders').dropColumn('whatsapp_consent_text').execute();
    await db.schema.alterTable('orders').dropColumn('whatsapp_consent_at').execute();
  },
};
