import { type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * Versioned migrations, applied in key order at every start. They are listed here (not read from
 * a folder) so the bundled server carries them. Only add new entries; never edit a shipped one.
 * Column types are the ones SQLite and Postgres both understand.
 */
const migrations: Record<string, Migration> = {
  '0001_funnel': {
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
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

