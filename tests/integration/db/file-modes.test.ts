import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../../../src/server/db/database.ts';
import { backupSqlite, restoreSqlite } from '../../../src/server/db/sqlite-backup.ts';
import { createLogger } from '../../../src/server/lib/logger.ts';
import { createMailer } from '../../../src/server/mail/mailer.ts';

/**
 * Files holding buyers' data are readable by the server's user only: another account on the
 * machine (a shared host, a compromised service) must not read the database, its WAL, a backup or
 * an e-mail file. The test process runs with the usual umask (022), under which a file created
 * without a mode is world-readable (0644).
 */
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('file modes of buyers data', () => {
  let dir: string;
  let previousUmask: number;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-modes-'));
    previousUmask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(previousUmask);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the SQLite file, its -wal and -shm, and a backup with mode 0600, and the data folder 0700', async () => {
    const file = path.join(dir, 'data', 'vitrine.sqlite');
    const database = openDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(database.db);
      await sql`insert into rate_limits (key, window_start, count) values ('k', 1, 1)`.execute(database.db);
      expect(modeOf(path.dirname(file))).toBe(0o700);
      for (const each of [file, `${file}-wal`, `${file}-shm`]) expect([each, modeOf(each)]).toEqual([each, 0o600]);

      const backup = path.join(dir, 'backup.sqlite');
      await backupSqlite(file, backup);
      expect(modeOf(backup)).toBe(0o600);
    } finally {
      await database.close();
    }

    // A restore puts a 0600 file in place, and keeps the replaced one as it was (0600 too).
    const { previous } = await restoreSqlite(path.join(dir, 'backup.sqlite'), file);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(previous!)).toBe(0o600);
  });

  it('narrows an existing world-readable database and WAL when the server opens them', async () => {
    const file = path.join(dir, 'vitrine.sqlite');
    const first = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(first.db);
    await first.close();
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(`${file}-wal`, '');
    fs.chmodSync(`${file}-wal`, 0o644);

    const again = openDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(again.db);
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
    } finally {
      await again.close();
    }
  });

  it('writes .eml files with mode 0600 in a 0700 outbox folder', async () => {
    const logger = createLogger({ level: 'error', sink: { write: () => undefined } });
    const mailer = createMailer({ from: 'loja@example.com', dataDir: dir, logger });
    try {
      await mailer.send({
        to: 'maria@example.com',
        subject: 'Seu PIX está pronto',
        text: 'Olá, Maria!',
        html: '<p>Olá, Maria!</p>',
        messageId: '<pix-ord_modes-pix_ready@vitrine>',
      });
    } finally {
      mailer.close();
    }
    const outbox = path.join(dir, 'outbox');
    expect(modeOf(outbox)).toBe(0o700);
    expect(fs.readdirSync(outbox)).toEqual(['pix-ord_modes-pix_ready@vitrine.eml']);
    expect(modeOf(path.join(outbox, 'pix-ord_modes-pix_ready@vitrine.eml'))).toBe(0o600);
  });
});
