import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../../src/server/db/database.ts';
import { BackupError, backupSqlite, restoreSqlite } from '../../../src/server/db/sqlite-backup.ts';

const require = createRequire(import.meta.url);

/** The backup and restore steps on real SQLite files, including the ways a restore must refuse. */

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-backup-it-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrated Vitrine database with one supplier named `marker`, closed again. */
async function makeDatabase(file: string, marker: string): Promise<void> {
  const db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db.db);
  await db.db
    .insertInto('suppliers')
    .values({
      id: `sup_${marker}`,
      list: 'suppliers',
      position: 1,
      name: marker,
      category: 'Teste',
      offer: 'Teste',
      whatsapp: '5511987654321',
      telegram: null,
      notes: null,
    })
    .execute();
  await db.close();
}

/** Files a refused or failed restore must not leave: its prepared copy, a kept "previous" database. */
const leftovers = () => fs.readdirSync(dir).filter((name) => /\.(restoring|before-restore)-/.test(name));

function supplierNames(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select name from suppliers order by name').all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    db.close();
  }
}

describe('SQLite backup and restore', () => {
  it('restores over an older database, keeping the replaced one whole beside it, with no stale WAL left', async () => {
    const live = path.join(dir, 'data', 'vitrine.sqlite');
    const backup = path.join(dir, 'backup.sqlite');
    await makeDatabase(live, 'antes');
    await backupSqlite(live, backup);
    // A later write left in the WAL by a server killed before any checkpoint (a real process, SIGKILLed).
    const crash = spawnSync(process.execPath, [
      '--input-type=module',
      '-e',
      [
        `import SQLite from ${JSON.stringify(require.resolve('better-sqlite3'))};`,
        `const db = new SQLite(${JSON.stringify(live)});`,
        `db.pragma('wal_autocheckpoint = 0');`,
        `db.prepare("insert into suppliers (id, position, name, category, offer, whatsapp) values ('sup_depois', 2, 'depois', 'Teste', 'Teste', '5511987654321')").run();`,
        `process.kill(process.pid, 'SIGKILL');`,
      ].join('\n'),
    ]);
    expect(crash.signal).toBe('SIGKILL');
    expect(fs.statSync(`${live}-wal`).size).toBeGreaterThan(0);

    const result = await restoreSqlite(backup, live, new Date('2025-03-10T12:00:00Z'));
    expect(result.previous).toBe(`${live}.before-restore-2025-03-10T12-00-00-000Z`);
    expect(supplierNames(live)).toEqual(['antes']);
    expect(supplierNames(result.previous!)).toEqual(['antes', 'depois']);
    expect(fs.existsSync(`${live}-wal`)).toBe(false);
  });

  it('refuses while another connection holds the database, and leaves it untouched', async () => {
    const live = path.join(dir, 'vitrine.sqlite');
    const backup = path.join(dir, 'backup.sqlite');
    await makeDatabase(live, 'original');
    await makeDatabase(backup, 'copia');
    const server = openDatabase({ kind: 'sqlite', file: live });
    try {
      await migrateToLatest(server.db);
      await expect(restoreSqlite(backup, live)).rejects.toThrow(/is in use by a running server/);
    } finally {
      await server.close();
    }
    expect(supplierNames(live)).toEqual(['original']);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a damaged backup and a file that is not a Vitrine database', async () => {
    const live = path.join(dir, 'vitrine.sqlite');
    await makeDatabase(live, 'original');

    const damaged = path.join(dir, 'damaged.sqlite');
    await backupSqlite(live, damaged);
    const bytes = fs.readFileSync(damaged);
    // Overwrite the pages after the first one (the schema) with noise.
    for (let at = 4096; at < bytes.length; at += 7) bytes[at] = (at * 31) & 0xff;
    fs.writeFileSync(damaged, bytes);
    await expect(restoreSqlite(damaged, live)).rejects.toThrow(/malformed|integrity_check failed/);

    const foreign = path.join(dir, 'foreign.sqlite');
    const other = new SQLite(foreign);
    other.exec('create table notes (text)');
    other.close();
    await expect(restoreSqlite(foreign, live)).rejects.toThrow(BackupError);
    await expect(restoreSqlite(foreign, live)).rejects.toThrow(/not a Vitrine database/);

    expect(supplierNames(live)).toEqual(['original']);
    expect(leftovers()).toEqual([]);
  });

  it('a backup replaces an older backup of the same name, and refuses a missing database', async () => {
    const live = path.join(dir, 'vitrine.sqlite');
    const backup = path.join(dir, 'backup.sqlite');
    await makeDatabase(live, 'primeira');
    await backupSqlite(live, backup);
    await makeDatabase(path.join(dir, 'second.sqlite'), 'segunda');
    await backupSqlite(path.join(dir, 'second.sqlite'), backup);
    expect(supplierNames(backup)).toEqual(['segunda']);
    await expect(backupSqlite(path.join(dir, 'missing.sqlite'), backup)).rejects.toThrow(/there is no database/);
  });
});
