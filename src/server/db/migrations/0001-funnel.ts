import type { Kysely, Migration } from 'kysely';

export const funnelMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('funnel')
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('path', 'text', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('funnel_pk', ['day', 'event', 'path'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('funnel').execute();
  },
};
