import type { Migration, MigrationProvider } from 'kysely';
import { funnelMigration } from './migrations/0001-funnel.ts';

/**
 * Versioned migrations, applied in key order at every start. They are listed here (not read from
 * a folder) so the bundled server carries them. Only add new entries; never edit a shipped one.
 * Column types are ones SQLite and Postgres both understand: text, integer, bigint (epoch ms).
 */
const migrations: Record<string, Migration> = {
  '0001_funnel': funnelMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
