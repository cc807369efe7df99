import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
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

/** pg is loaded by a server that uses PostgreSQL only, not by one on SQLite. */
function loadPg(): typeof pg {
  const loaded = createRequire(import.meta.url)('pg') as typeof pg;
  // Postgres returns int8 as text; our bigints (epoch ms, counts) fit in a JS number.
  loaded.types.setTypeParser(20, (value) => Number(value));
  return loaded;
}

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
    // WAL lets the CLI read while the server writes; busy_timeout makes concurrent writers wait.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // Erased buyer data and replaced tokens must not stay readable in free pages.
    sqlite.pragma('secure_delete = ON');
    // Checkpoint the WAL every ~400 KB and truncate it, so a burst of writes cannot grow the folder by megabytes.
    sqlite.pragma('wal_autocheckpoint = 100');
    sqlite.pragma('journal_size_limit = 524288');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new (loadPg().Pool)({ connectionString: target.url, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new NulFreeTextPlugin()] });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<Database>, options: { schema?: string } = {}): Promise<string[]> {
  // A schema per test; otherwise Kysely may find another schema's lock table and skip creating its own.
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
