import { sql, type Kysely, type Migration } from 'kysely';

const HOUR_MS = 3_600_000;

/**
 * The member page's openings, one row each (docs/disputes.md#what-the-defence-says): the defence says how many and from
 * how many addresses. A row per opening up to a cap per order (access/access-repository.ts); past it, one row per order,
 * day and address with a count, so a link reloaded in a loop adds a row per address and day at most.
 */
export const memberPageOpeningsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_page_opens_each')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('client', 'text')
      .execute();
    // The hourly rows were each a real opening (the hour's first): they stay, one row each.
    await sql`insert into member_page_opens_each (order_id, at, client) select order_id, at, client from member_page_opens`.execute(db);
    await db.schema.dropIndex('member_page_opens_at').execute();
    await db.schema.dropTable('member_page_opens').execute();
    await db.schema.alterTable('member_page_opens_each').renameTo('member_page_opens').execute();
    await db.schema.createIndex('member_page_opens_order').on('member_page_opens').columns(['order_id', 'at']).execute();
    await db.schema.createIndex('member_page_opens_at').on('member_page_opens').column('at').execute();

    await db.schema
      .createTable('member_page_open_tallies')
      .addColumn('order_id', 'text', (col) => col.notNull())
      // Days since the epoch (UTC).
      .addColumn('day', 'bigint', (col) => col.notNull())
      // The hashed client group (http/rate-limit.ts clientKey); '' when none was recorded.
      .addColumn('client', 'text', (col) => col.notNull())
      .addColumn('openings', 'bigint', (col) => col.notNull())
      .addColumn('first_at', 'bigint', (col) => col.notNull())
      .addColumn('last_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('member_page_open_tallies_pk', ['order_id', 'day', 'client'])
      .execute();
    await db.schema.createIndex('member_page_open_tallies_first').on('member_page_open_tallies').column('first_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('member_page_open_tallies').execute();
    await db.schema
      .createTable('member_page_opens_hourly')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('opened_hour', 'bigint', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('client', 'text')
      .addPrimaryKeyConstraint('member_page_opens_hourly_pk', ['order_id', 'opened_hour'])
      .execute();
    // Back to the first opening of each hour, as 0019 kept them.
    await sql`insert into member_page_opens_hourly (order_id, opened_hour, at, client)
      select o.order_id, o.at / ${sql.lit(HOUR_MS)}, o.at, min(o.client) from member_page_opens o
      join (select order_id, min(at) as at from member_page_opens group by order_id, at / ${sql.lit(HOUR_MS)}) f
        on f.order_id = o.order_id and f.at = o.at
      group by o.order_id, o.at`.execute(db);
    await db.schema.dropIndex('member_page_opens_at').execute();
    await db.schema.dropIndex('member_page_opens_order').execute();
    await db.schema.dropTable('member_page_opens').execute();
    await db.schema.alterTable('member_page_opens_hourly').renameTo('member_page_opens').execute();
    await db.schema.createIndex('member_page_opens_at').on('member_page_opens').column('at').execute();
  },
};
