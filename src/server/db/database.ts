import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config/config.ts';
import { migrationProvider } from './migrations.ts';
import { NulFreeTextPlugin } from './nul-free-text.ts';
import type { Database } from './schema.ts';

export type Dialect = DatabaseTarget['kind'];

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// Postgres returns bigint (int8) as text by default; our bigint columns are epoch milliseconds
// and counts, which fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

/** Every buyer's data: 0600, and SQLite's -wal and -shm files take the database file's mode. */
function restrictToOwner(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(each, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(target.file), { recursive: true, mode: 0o700 });
    restrictToOwner(target.file);
    const sqlite = new SQLite(target.file);
    // WAL lets the report CLI read while the server writes; busy_timeout makes concurrent
    // writers (server + CLI, or two test workers) wait instead of failing.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // Deleted and overwritten content is zeroed in the file, not left in free space: erased
    // buyer data and replaced tokens must not be readable from the file's bytes.
    sqlite.pragma('secure_delete = ON');
    // The WAL file only shrinks when told to: checkpoint it every ~400 KB (instead of ~4 MB) and
    // cut it back after, so a burst of small writes (counters under a flood) cannot grow the data
    // folder by megabytes.
    sqlite.pragma('wal_autocheckpoint = 100');
    sqlite.pragma('journal_size_limit = 524288');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new NulFreeTextPlugin()] });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<Database>, options: { schema?: string } = {}): Promise<string[]> {
  // `schema` keeps the migration bookkeeping tables in a non-default Postgres schema (tests use one
  // schema each; without it Kysely may find another schema's lock table and skip creating its own).
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '));
  }
  return (results ?? []).map((result) => result.migrationName);
}
