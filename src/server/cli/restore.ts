import { restoreSqlite } from '../db/sqlite-backup.ts';
import { runSqliteFileCommand } from './cli-config.ts';

/** `npm run restore -- <file>`: refused while any program has the database open; the old one is kept beside it. */
runSqliteFileCommand({
  usage: `Usage: npm run restore -- <file>

Replaces the SQLite database (DATA_DIR / DATABASE_URL) with the backup <file>, after checking it
with PRAGMA integrity_check. Stop the server first: the restore refuses while the database is open.
The replaced database is kept beside it as vitrine.sqlite.before-restore-<time>.`,
  postgresHint: 'DATABASE_URL names PostgreSQL: restore it with pg_restore (see docs/operations.md#backups).',
  failed: 'Restore failed',
  async run(databaseFile, file) {
    const result = await restoreSqlite(file, databaseFile);
    const lines = [`Restored ${file} into ${result.file} (integrity_check ok).`];
    if (result.previous) lines.push(`The replaced database is kept as ${result.previous}.`);
    return lines;
  },
});
