import type { Kysely, Migration } from 'kysely';

/** Verified-buyer reviews (docs/reviews.md). */
export const reviewsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reviews')
      .addColumn('order_id', 'text', (col) => col.primaryKey())
      .addColumn('rating', 'integer', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('display_name', 'text', (col) => col.notNull())
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('photo_url', 'text')
      .addColumn('consent_at', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('position', 'integer')
      .addColumn('purchased_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('published_at', 'bigint')
      .execute();
    await db.schema.createIndex('reviews_status_position').on('reviews').columns(['status', 'position']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reviews').execute();
  },
};
