import type { Kysely, Migration } from 'kysely';

/** PIX disputes (docs/disputes.md), one row per provider's dispute; `dispute_blocks` keeps only keyed hashes, erased with the buyer. */
export const disputesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // The PIX's end-to-end id, as the read that confirmed it gave it: Efí's infractions name only that.
    await db.schema.alterTable('orders').addColumn('end_to_end_id', 'text').execute();
    await db.schema.createIndex('orders_end_to_end_id').on('orders').column('end_to_end_id').execute();
    // What the MED took back of the charge (lost disputes): the ledger's "Devolvido pelo MED", apart from refunds.
    await db.schema
      .alterTable('orders')
      .addColumn('med_returned_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('disputes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('provider_dispute_id', 'text', (col) => col.notNull())
      .addColumn('end_to_end_id', 'text')
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('raw_status', 'text')
      .addColumn('defence_due_at', 'bigint')
      .addColumn('opened_at', 'bigint', (col) => col.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('defence_sent_at', 'bigint')
      .addColumn('defence_channel', 'text')
      // Whether the payer the provider names matches the buyer: 1, 0, or null when it names none (never the payer's data).
      .addColumn('payer_matches', 'integer')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('disputes_provider_id').on('disputes').columns(['provider', 'provider_dispute_id']).unique().execute();
    await db.schema.createIndex('disputes_order').on('disputes').column('order_id').execute();
    await db.schema.createIndex('disputes_state').on('disputes').column('state').execute();
    await db.schema
      .createTable('dispute_blocks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('hash', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('removed_at', 'bigint')
      .execute();
    await db.schema.createIndex('dispute_blocks_hash').on('dispute_blocks').columns(['kind', 'hash']).execute();
    await db.schema.createIndex('dispute_blocks_order_kind').on('dispute_blocks').columns(['order_id', 'kind']).unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('dispute_blocks').execute();
    await db.schema.dropTable('disputes').execute();
    await db.schema.dropIndex('orders_end_to_end_id').execute();
    await db.schema.alterTable('orders').dropColumn('end_to_end_id').execute();
    await db.schema.alterTable('orders').dropColumn('med_returned_cents').execute();
  },
};
