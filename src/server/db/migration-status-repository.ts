import { DEFAULT_MIGRATION_TABLE, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { migrationNames } from './migrations.ts';

/**
 * The migrations this build knows that the database has not applied, read from Kysely's own
 * bookkeeping table (the same one `migrateToLatest` writes). One read, no write: it also proves
 * the database answers. Throws when the database is unreachable or was never migrated.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .withTables<{ [DEFAULT_MIGRATION_TABLE]: { name: string } }>()
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select('name')
    .execute();
  const applied = new Set(rows.map((row) => row.name));
  return migrationNames.filter((name) => !applied.has(name));
}
