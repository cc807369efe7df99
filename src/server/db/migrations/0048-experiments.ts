import type { Kysely, Migration } from 'kysely';

/**
 * A/B tests of the page (docs/experiments.md#serving): each test's variants are offer patches laid on the live
 * version. `running_page` is the page while the test runs and null after, so its unique index allows one running
 * test per page on both databases. Visitors are counted by a daily id that cannot be recomputed once its day's salt
 * is deleted; the order records the test and variant its page showed.
 */
export const experimentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('experiments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('page', 'text', (col) => col.notNull())
      .addColumn('running_page', 'text', (col) => col.unique())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      /** JSON: `[{ weight, patch }]`, the first the control (the live page, an empty patch). */
      .addColumn('variants', 'text', (col) => col.notNull())
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('planned_lift', 'real', (col) => col.notNull())
      .addColumn('planned_visitors', 'integer', (col) => col.notNull())
      .addColumn('starts_at', 'bigint', (col) => col.notNull())
      .addColumn('ends_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('stopped_at', 'bigint')
      .addColumn('winner', 'integer')
      .addColumn('winner_version', 'integer')
      .execute();
    await db.schema
      .createTable('experiment_salts')
      .addColumn('day', 'text', (col) => col.primaryKey())
      .addColumn('salt', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('experiment_visitors')
      .addColumn('experiment_id', 'text', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('visitor', 'text', (col) => col.notNull())
      .addColumn('variant', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('experiment_visitors_pk', ['experiment_id', 'day', 'visitor'])
      .execute();
    await db.schema
      .createTable('experiment_events')
      .addColumn('experiment_id', 'text', (col) => col.notNull())
      .addColumn('variant', 'integer', (col) => col.notNull())
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('experiment_events_pk', ['experiment_id', 'variant', 'event'])
      .execute();
    await db.schema.alterTable('orders').addColumn('experiment_id', 'text').execute();
    await db.schema.alterTable('orders').addColumn('experiment_variant', 'integer').execute();
    await db.schema.createIndex('orders_experiment').on('orders').column('experiment_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_experiment').execute();
    await db.schema.alterTable('orders').dropColumn('experiment_variant').execute();
    await db.schema.alterTable('orders').dropColumn('experiment_id').execute();
    await db.schema.dropTable('experiment_events').execute();
    await db.schema.dropTable('experiment_visitors').execute();
    await db.schema.dropTable('experiment_salts').execute();
    await db.schema.dropTable('experiments').execute();
  },
};
