import { sql, type Kysely, type Migration } from 'kysely';

const HOUR_MS = 3_600_000;

/** Writes a stranger can repeat stay bounded: one page-open row per order and hour, N e-mail quota slots per address and day. */
export const boundedWritesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_page_opens_hourly')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('opened_hour', 'bigint', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('member_page_opens_hourly_pk', ['order_id', 'opened_hour'])
      .execute();
    // Integer division on both databases (bigint / integer).
    await sql`insert into member_page_opens_hourly (order_id, opened_hour, at)
      select order_id, at / ${sql.lit(HOUR_MS)}, min(at) from member_page_opens group by order_id, at / ${sql.lit(HOUR_MS)}`.execute(db);
    await db.schema.dropTable('member_page_opens').execute();
    await db.schema.alterTable('member_page_opens_hourly').renameTo('member_page_opens').execute();
    await db.schema.createIndex('member_page_opens_at').on('member_page_opens').column('at').execute();

    await db.schema
      .createTable('pix_email_quota')
      .addColumn('recipient_hash', 'text', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('slot', 'integer', (col) => col.notNull())
      // The outbox message (order and kind) that took the slot: a retry of it takes no other.
      .addColumn('message_key', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('pix_email_quota_pk', ['recipient_hash', 'day', 'slot'])
      .execute();
    await db.schema
      .createIndex('pix_email_quota_message')
      .unique()
      .on('pix_email_quota')
      .columns(['recipient_hash', 'day', 'message_key'])
      .execute();
    await db.schema.createIndex('pix_email_quota_at').on('pix_email_quota').column('at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('pix_email_quota').execute();
    await db.schema.dropIndex('member_page_opens_at').execute();
    await db.schema.alterTable('member_page_opens').renameTo('member_page_opens_hourly').execute();
    await db.schema
      .createTable('member_page_opens')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await sql`insert into member_page_opens (order_id, at) select order_id, at from member_page_opens_hourly`.execute(db);
    await db.schema.dropTable('member_page_opens_hourly').execute();
    await db.schema.createIndex('member_page_opens_order').on('member_page_opens').columns(['order_id', 'at']).execute();
  },
};
