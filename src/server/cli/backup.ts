import { backupSqlite } from '../db/sqlite-backup.ts';
import { runSqliteFileCommand } from './cli-config.ts';

/** `npm run backup -- <file>`: a checked, consistent copy while the server runs (PostgreSQL: docs/operations.md#backups). */
runSqliteFileCommand({
  usage: `Usage: npm run backup -- <file>

Writes a consistent copy of the SQLite database (DATA_DIR / DATABASE_URL) to <file>, even while
the server runs, then checks the copy with PRAGMA integrity_check. An existing <file> is replaced
only by a copy that passed the check. Restore it with: npm run restore -- <file>`,
  postgresHint: 'DATABASE_URL names PostgreSQL: back it up with pg_dump (see docs/operations.md#backups).',
  failed: 'Backup failed',
  async run(databaseFile, file) {
    const started = Date.now();
    const result = await backupSqlite(databaseFile, file);
    const size = (result.bytes / 1024 / 1024).toFixed(2);
    return [`Backup written to ${result.file} (${size} MB, ${result.pages} pages, integrity_check ok) in ${Date.now() - started} ms`];
  },
});
