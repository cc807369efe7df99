import { sql, type Kysely, type Migration } from 'kysely';
import { mainOffer } from '../../../content/offers.ts';

/** Order items, the bump and the one-time add-on order (docs/offers.md); existing orders get their one item. */
export const orderItemsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_items')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('item', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('product_hash', 'text', (col) => col.notNull())
      .addColumn('offer_hash', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'item'])
      .execute();
    await sql`insert into order_items (order_id, item, title, price_cents, product_hash, offer_hash)
      select id, 'main', ${mainOffer.name}, amount_cents, product_hash, offer_hash from orders`.execute(db);
    await db.schema
      .alterTable('orders')
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo('main'))
      .execute();
    await db.schema.alterTable('orders').addColumn('parent_order_id', 'text').execute();
    await db.schema.alterTable('orders').addColumn('addon_answer', 'text').execute();
    await db.schema.alterTable('orders').addColumn('addon_answered_at', 'bigint').execute();
    await db.schema.createIndex('orders_parent').on('orders').columns(['parent_order_id']).execute();
    // The sandbox gateway keeps each charge's cart, to read it back as the real one does.
    await db.schema.alterTable('sandbox_transactions').addColumn('cart', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sandbox_transactions').dropColumn('cart').execute();
    await db.schema.dropIndex('orders_parent').execute();
    for (const column of ['addon_answered_at', 'addon_answer', 'parent_order_id', 'kind']) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
    await db.schema.dropTable('order_items').execute();
  },
};
