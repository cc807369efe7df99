import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';

/** A running database cannot be copied (the WAL holds recent commits, a copy mid-write is torn): SQLite's backup API. */

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupResult {
  file: string;
  pages: number;
  bytes: number;
}

/** The side files SQLite keeps next to a database; a stale one must never meet another database. */
const sideFiles = (file: string) => [`${file}-wal`, `${file}-shm`, `${file}-journal`];

const removeQuietly = (file: string) => fs.rmSync(file, { force: true });

function fsyncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** One step, one read transaction: the database as of one instant while the server keeps writing. */
async function copyDatabase(source: string, target: string): Promise<number> {
  // Owner-only before the first page lands (SQLite keeps an existing file's mode, and its journal follows).
  fs.closeSync(fs.openSync(target, 'w', 0o600));
  fs.chmodSync(target, 0o600);
  const from = new SQLite(source, { fileMustExist: true, timeout: 5_000 });
  try {
    // Several steps would restart each time another process commits; one step cannot be torn.
    const result = await from.backup(target, { progress: ({ remainingPages }) => remainingPages });
    return result.totalPages;
  } finally {
    from.close();
  }
}

function verifyCopy(file: string): void {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    const problems = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupError(`integrity_check failed on ${file}: ${problems.slice(0, 5).join('; ')}`);
    }
    const migrations = db
      .prepare(`select count(*) as n from sqlite_master where type = 'table' and name = ?`)
      .get(DEFAULT_MIGRATION_TABLE) as { n: number };
    if (migrations.n !== 1) throw new BackupError(`${file} is not a Vitrine database (no ${DEFAULT_MIGRATION_TABLE} table)`);
  } finally {
    db.close();
  }
}

export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  if (!fs.existsSync(source)) throw new BackupError(`there is no database at ${source}`);
  if (path.resolve(source) === path.resolve(target)) throw new BackupError('the backup file cannot be the database itself');
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`the folder ${path.dirname(target)} does not exist`);
  const partial = `${target}.partial-${process.pid}`;
  try {
    const pages = await copyDatabase(source, partial);
    verifyCopy(partial);
    fsyncPath(partial);
    // An earlier backup of the same name is replaced only by a copy that passed the check.
    fs.renameSync(partial, target);
    return { file: target, pages, bytes: fs.statSync(target).size };
  } finally {
    for (const file of [partial, ...sideFiles(partial)]) removeQuietly(file);
  }
}

/** Every WAL connection holds a shared lock its process's death drops: fails only while another process has it open. */
function lockExclusively(file: string): SQLite.Database {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    if (error instanceof SQLite.SqliteError && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED')) {
      throw new BackupError(
        `${file} is in use by a running server or another program: stop it first (e.g. systemctl stop vitrine), then restore`,
      );
    }
    throw error;
  }
}

export interface RestoreResult {
  file: string;
  previous: string | undefined;
}

/** Prepared and checked beside the target, the old one kept under a dated name; the swap is one rename. */
export async function restoreSqlite(source: string, target: string, now = new Date()): Promise<RestoreResult> {
  if (!fs.existsSync(source)) throw new BackupError(`there is no backup at ${source}`);
  if (path.resolve(source) === path.resolve(target)) throw new BackupError('the backup is the database itself');
  const exists = fs.existsSync(target);
  if (exists) lockExclusively(target).close();
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring-${process.pid}`;
  try {
    await copyDatabase(source, incoming);
    verifyCopy(incoming);
    fsyncPath(incoming);

    let previous: string | undefined;
    const held = exists ? lockExclusively(target) : undefined;
    try {
      if (held) {
        // Fold the WAL in, so the kept copy is whole and no old -wal is replayed onto the new database.
        held.pragma('wal_checkpoint(TRUNCATE)');
        held.pragma('journal_mode = DELETE');
        previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
        try {
          fs.linkSync(target, previous);
        } catch {
          // A file system without hard links: a copy does as well (the old file is quiet, we hold its lock).
          fs.copyFileSync(target, previous);
        }
      }
      for (const file of sideFiles(target)) removeQuietly(file);
      fs.renameSync(incoming, target);
      fsyncPath(path.dirname(target));
    } finally {
      held?.close();
    }
    return { file: target, previous };
  } finally {
    for (const file of [incoming, ...sideFiles(incoming)]) removeQuietly(file);
  }
}
