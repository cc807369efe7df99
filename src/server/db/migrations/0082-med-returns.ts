import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each rise of a charge's MED total (`orders.med_returned_cents`), a row per devolução seen: the ledger ends an item whose
 * price one of them matches, where the total would match none (docs/money.md#med). An order the MED touched before keeps
 * its total as one return.
 */
export const medReturnsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('med_returns')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('total_cents', 'bigint', (col) => col.notNull())
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .addColumn('seen_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('med_returns_pk', ['order_id', 'total_cents'])
      .execute();
    await sql`insert into med_returns (order_id, total_cents, amount_cents, seen_at)
      select id, med_returned_cents, med_returned_cents, updated_at from orders where med_returned_cents > 0`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('med_returns').execute();
  },
};
