import { sql, type Kysely, type Migration } from 'kysely';

/** One refund row per item of a charge (docs/money.md#refunds); `gateway_refund_id` is re-read while in process (Mercado Pago). */
export const refundsPerItemMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('refund_items')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('item', 'text', (col) => col.notNull())
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('origin', 'text', (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('note', 'text')
      .addColumn('requested_at', 'bigint', (col) => col.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by', 'text')
      .addColumn('decline_reason', 'text')
      .addColumn('refunded_at', 'bigint')
      .addColumn('gateway_state', 'text', (col) => col.notNull().defaultTo('off'))
      .addColumn('gateway_error', 'text')
      .addColumn('gateway_called_at', 'bigint')
      .addColumn('gateway_refund_id', 'text')
      .addColumn('attempt', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('refund_items_pk', ['order_id', 'item'])
      .execute();
    await sql`insert into refund_items (order_id, item, amount_cents, status, origin, reason, note, requested_at, decided_at,
        decided_by, decline_reason, refunded_at, gateway_state, gateway_error, gateway_called_at, attempt, updated_at)
      select r.order_id, i.item, i.price_cents, r.status, r.origin, r.reason, r.note, r.requested_at, r.decided_at,
        r.decided_by, r.decline_reason, r.refunded_at,
        case when r.status = 'refunded' and r.gateway_state in ('calling', 'pending') then 'done' else r.gateway_state end,
        r.gateway_error, r.gateway_called_at, r.attempt, r.updated_at
      from refunds r join order_items i on i.order_id = r.order_id
      where r.item_keys is null or (',' || r.item_keys || ',') like ('%,' || i.item || ',%')`.execute(db);
    await db.schema.dropTable('refunds').execute();
    await db.schema.alterTable('refund_items').renameTo('refunds').execute();
    await db.schema.createIndex('refunds_status').on('refunds').columns(['status']).execute();
  },
  /** Back to one row per order, with the items' sum; which items a part refund covered is lost. */
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('refunds_by_order')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('origin', 'text', (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('note', 'text')
      .addColumn('requested_at', 'bigint', (col) => col.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by', 'text')
      .addColumn('decline_reason', 'text')
      .addColumn('refunded_at', 'bigint')
      .addColumn('gateway_state', 'text', (col) => col.notNull().defaultTo('off'))
      .addColumn('gateway_error', 'text')
      .addColumn('gateway_called_at', 'bigint')
      .addColumn('attempt', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('amount_cents', 'bigint')
      .addColumn('item_keys', 'text')
      .execute();
    await sql`insert into refunds_by_order (order_id, status, origin, reason, note, requested_at, decided_at, decided_by,
        decline_reason, refunded_at, gateway_state, gateway_error, gateway_called_at, attempt, updated_at, amount_cents)
      select r.order_id, r.status, r.origin, r.reason, r.note, r.requested_at, r.decided_at, r.decided_by,
        r.decline_reason, r.refunded_at, case when r.gateway_state = 'done' then 'off' else r.gateway_state end,
        r.gateway_error, r.gateway_called_at, r.attempt, r.updated_at,
        (select sum(each.amount_cents) from refunds each where each.order_id = r.order_id)
      from refunds r
      where r.item = (select min(first.item) from refunds first where first.order_id = r.order_id)`.execute(db);
    await db.schema.dropTable('refunds').execute();
    await db.schema.alterTable('refunds_by_order').renameTo('refunds').execute();
    await db.schema.createIndex('refunds_status').on('refunds').columns(['status']).execute();
  },
};
