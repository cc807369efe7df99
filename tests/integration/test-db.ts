import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Migrator } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from '../../src/server/db/database.ts';
import { migrationProvider } from '../../src/server/db/migrations.ts';

/**
 * Real databases for integration tests: a fresh SQLite file per call, or a fresh schema in the
 * machine's PostgreSQL (`TEST_POSTGRES_URL`, default postgres://127.0.0.1:5432/test).
 */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb extends Db {
  /** Runs the migrations again (as a restart would). */
  migrate(): Promise<string[]>;
}

export async function createSqliteDb(): Promise<TestDb & { file: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-it-'));
  const file = path.join(dir, 'vitrine.sqlite');
  const db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db.db);
  return {
    ...db,
    file,
    dir,
    migrate: () => migrateToLatest(db.db),
    close: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createPostgresDb(): Promise<TestDb & { url: string }> {
  const schema = `vt_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = `${POSTGRES_URL}${POSTGRES_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const db = openDatabase({ kind: 'postgres', url });
  await migrateToLatest(db.db, { schema });
  return {
    ...db,
    url,
    migrate: () => migrateToLatest(db.db, { schema }),
    close: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

export const databases = [
  { name: 'sqlite', create: createSqliteDb },
  { name: 'postgres', create: createPostgresDb },
] as const;

/** A migrator over a test database, to step it back before a migration and up again (an upgrade in place). */
export function migratorOf(db: TestDb): Migrator {
  const schema =
    'url' in db && typeof db.url === 'string' ? new URL(db.url).searchParams.get('options')?.match(/search_path=(\w+)/)?.[1] : undefined;
  return new Migrator({ db: db.db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
}
