import { sql, type Kysely, type Migration } from 'kysely';

// Every running test an order counts for, one row each (docs/experiments.md#what-is-stored). 0048's columns on orders stay,
// unused, for an instance still on the previous version during a rolling upgrade (docs/deploy.md#upgrades-and-restarts).
export const orderExperimentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_experiments')
      .addColumn('order_id', 'text', (col) => col.notNull())
      .addColumn('experiment_id', 'text', (col) => col.notNull())
      .addColumn('variant', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('order_experiments_pk', ['order_id', 'experiment_id'])
      .execute();
    await db.schema.createIndex('order_experiments_experiment').on('order_experiments').column('experiment_id').execute();
    await sql`insert into order_experiments (order_id, experiment_id, variant)
      select id, experiment_id, experiment_variant from orders
      where experiment_id is not null and experiment_variant is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`update orders set
      experiment_id = (select min(experiment_id) from order_experiments where order_id = orders.id),
      experiment_variant = (select variant from order_experiments where order_id = orders.id
        and experiment_id = (select min(experiment_id) from order_experiments where order_id = orders.id))
      where experiment_id is null`.execute(db);
    await db.schema.dropTable('order_experiments').execute();
  },
};
