import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Migrator } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from '../../src/server/db/database.ts';
import { migrationProvider } from '../../src/server/db/migrations.ts';

/**
 * Real databases for integration tests: a fresh SQLite file per call, or a fresh database in the
 * machine's PostgreSQL (`TEST_POSTGRES_URL`, default postgres://postgres@127.0.0.1:5432/test).
 * Each is a copy of a template migrated once (epic-stack's `tests/setup/global-setup.ts`): a SQLite
 * file copied per call, a PostgreSQL database cloned with `CREATE DATABASE … TEMPLATE`. A template
 * is named after the migrations' sources, so the next run reuses it and a changed migration gets a
 * new one.
 *
 * PostgreSQL is used when something answers at that address; when nothing does, `databases` leaves
 * it out, unless VITRINE_REQUIRE_POSTGRES=1 (CI), which makes its absence an error.
 */
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Set by the global setup ('reachable' or 'absent') so each test file does not probe again. */
const POSTGRES_STATE = 'VITRINE_TEST_POSTGRES';
/**
 * The run a test process belongs to: set by the global setup for the processes it starts, so a run
 * drops its own databases at the end and never those of another run against the same server.
 */
const RUN_ID = 'VITRINE_TEST_RUN';
const runId = (process.env[RUN_ID] ??= randomBytes(3).toString('hex'));

export interface TestDb extends Db {
  /** Runs the migrations again (as a restart would). */
  migrate(): Promise<string[]>;
}

/** Nothing listens at the address (as opposed to a server that answers with an error). */
function isUnreachable(error: unknown): boolean {
  const codes = ['ECONNREFUSED', 'ENOENT', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'];
  const causes = error instanceof AggregateError ? [error, ...(error.errors as unknown[])] : [error];
  return causes.some(
    (cause) =>
      (cause instanceof Error && codes.includes((cause as NodeJS.ErrnoException).code ?? '')) ||
      (cause instanceof Error && /timeout/i.test(cause.message)),
  );
}

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    // A server that refuses us (a wrong user, no `test` database) is a failure to show, not to skip.
    if (isUnreachable(error)) return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function resolvePostgres(): Promise<boolean> {
  const known = process.env[POSTGRES_STATE];
  const reachable = known === 'reachable' || (known !== 'absent' && (await probePostgres()));
  if (!reachable && process.env.VITRINE_REQUIRE_POSTGRES === '1') {
    throw new Error(`PostgreSQL is required (VITRINE_REQUIRE_POSTGRES=1) but nothing answers at ${new URL(POSTGRES_URL).host}`);
  }
  return reachable;
}

/** Whether the PostgreSQL variants run. */
export const postgresReachable: boolean = await resolvePostgres();

/** Changes with any file under src/server/db, so a new or edited migration builds new templates. */
const fingerprint = (() => {
  const hash = createHash('sha256');
  const dir = path.resolve(import.meta.dirname, '../../src/server/db');
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 12);
})();

const uniqueSuffix = () => `${process.pid}_${randomBytes(4).toString('hex')}`;

let sqliteTemplate: Promise<string> | undefined;

/** The migrated SQLite file, built once; parallel builders each rename a complete file into place. */
function sqliteTemplateFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = path.join(os.tmpdir(), 'vitrine-test-templates');
    const file = path.join(dir, `${fingerprint}.sqlite`);
    if (fs.existsSync(file)) return file;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const partial = path.join(dir, `${fingerprint}.${uniqueSuffix()}.partial`);
    const db = openDatabase({ kind: 'sqlite', file: partial });
    try {
      await migrateToLatest(db.db);
    } finally {
      await db.close();
    }
    for (const leftover of [`${partial}-wal`, `${partial}-shm`]) fs.rmSync(leftover, { force: true });
    fs.renameSync(partial, file);
    return file;
  })();
  return sqliteTemplate;
}

export async function createSqliteDb(): Promise<TestDb & { file: string; dir: string }> {
  const template = await sqliteTemplateFile();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-it-'));
  const file = path.join(dir, 'vitrine.sqlite');
  fs.copyFileSync(template, file);
  const db = openDatabase({ kind: 'sqlite', file });
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

function postgresUrlOf(database: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Held while a template is built; every run against this server takes the same one. */
const TEMPLATE_LOCK = 46_000_001;
const TEMPLATE_PREFIX = 'vitrine_template_';
/** Per-test databases are named `vt_<creation time, base 36>_<run>_…`: a leftover can be dated, a run's own found. */
const TEST_DATABASE_PREFIX = 'vt_';

let postgresTemplate: Promise<string> | undefined;

/**
 * The migrated template database, built once under an advisory lock: a run that finds it waits for
 * the builder, and a build that died half-way (under its `_partial` name) is never cloned.
 */
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 and datname not like '%\\_partial' order by datname desc limit 1`,
      [`${TEMPLATE_PREFIX}${fingerprint}\\_%`],
    );
    let name = found.rows[0]?.datname;
    if (name === undefined) {
      name = `${TEMPLATE_PREFIX}${fingerprint}_${Date.now().toString(36)}`;
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const db = openDatabase({ kind: 'postgres', url: postgresUrlOf(partial) });
      try {
        await migrateToLatest(db.db);
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
    }
    // Templates of other migrations are of no further use once a day old. A younger one may belong to a
    // run of another checkout that is still cloning it (two working copies, each with its own migrations).
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    const others = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'vitrine\\_template\\_%' and datname <> $1`,
      [name],
    );
    for (const { datname } of others.rows) {
      const created = parseInt(datname.slice(TEMPLATE_PREFIX.length).split('_')[1] ?? '', 36);
      if (!(created >= dayAgo)) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    return name;
  });
  return postgresTemplate;
}

export async function createPostgresDb(): Promise<TestDb & { url: string }> {
  const template = await postgresTemplateName();
  const name = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${runId}_${uniqueSuffix()}`;
  await withAdmin((admin) => admin.query(`create database ${name} template ${template}`));
  const url = postgresUrlOf(name);
  const db = openDatabase({ kind: 'postgres', url });
  return {
    ...db,
    url,
    migrate: () => migrateToLatest(db.db),
    close: async () => {
      await db.close();
      // Not forced: a connection another pool of the test still holds would end with an error. Left
      // in use, the database is dropped after the run (dropRunDatabases).
      await withAdmin((admin) => admin.query(`drop database if exists ${name}`)).catch(() => undefined);
    },
  };
}

/** Per-test databases a crashed run left behind, a day old or more. */
async function dropLeftoverDatabases(): Promise<void> {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'vt\\_%'`);
    for (const { datname } of rows) {
      const created = parseInt(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0] ?? '', 36);
      if (created < dayAgo) await admin.query(`drop database if exists ${datname} with (force)`);
    }
  });
}

/** After the run, when no test process holds a connection: the databases this run left in use. */
export async function dropRunDatabases(): Promise<void> {
  if (!postgresReachable) return;
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'vt\\_%'`);
    for (const { datname } of rows) {
      if (datname.split('_')[2] === runId) await admin.query(`drop database if exists ${datname} with (force)`);
    }
  });
}

/**
 * Vitest's global setup: the templates before the test files start, and the PostgreSQL probe's
 * answer in the environment the test processes inherit.
 */
export async function prepareTestDatabases(): Promise<void> {
  process.env[POSTGRES_STATE] = postgresReachable ? 'reachable' : 'absent';
  await sqliteTemplateFile();
  if (!postgresReachable) {
    console.warn(
      `PostgreSQL does not answer at ${new URL(POSTGRES_URL).host}: its test variants are skipped (\`npm run db:test\` starts one).`,
    );
    return;
  }
  await postgresTemplateName();
  await dropLeftoverDatabases();
}

const sqlite = { name: 'sqlite', create: createSqliteDb } as const;
const postgres = { name: 'postgres', create: createPostgresDb } as const;

/** The databases each test runs on: SQLite always, PostgreSQL when it answers. */
export const databases: readonly [typeof sqlite, ...(typeof postgres)[]] = postgresReachable ? [sqlite, postgres] : [sqlite];

/** A migrator over a test database, to step it back before a migration and up again (an upgrade in place). */
export function migratorOf(db: TestDb): Migrator {
  return new Migrator({ db: db.db, provider: migrationProvider });
}
