import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Whether each provider's background reads (its dispute list, its charges, its bank payments) succeed, since when not,
 * and until when the provider asked to be left alone (docs/payments.md#loud). The dispute list's health moves here.
 */
export const backgroundReadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('background_reads')
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('read', 'text', (col) => col.notNull())
      .addColumn('last_success_at', 'bigint')
      .addColumn('failing_since', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('last_failure_at', 'bigint')
      .addColumn('paused_until', 'bigint')
      .addColumn('backoff_ms', 'bigint')
      .addPrimaryKeyConstraint('background_reads_pk', ['provider', 'read'])
      .execute();
    await sql`INSERT INTO background_reads (provider, read, last_success_at, failing_since, last_error)
      SELECT provider, 'disputes', last_success_at, failing_since, last_error FROM dispute_polls`.execute(db);
    await db.schema.alterTable('dispute_polls').dropColumn('last_error').execute();
    await db.schema.alterTable('dispute_polls').dropColumn('failing_since').execute();
    await db.schema.alterTable('dispute_polls').dropColumn('last_success_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('dispute_polls').addColumn('last_success_at', 'bigint').execute();
    await db.schema.alterTable('dispute_polls').addColumn('failing_since', 'bigint').execute();
    await db.schema.alterTable('dispute_polls').addColumn('last_error', 'text').execute();
    await sql`UPDATE dispute_polls SET
      last_success_at = (SELECT last_success_at FROM background_reads r WHERE r.provider = dispute_polls.provider AND r.read = 'disputes'),
      failing_since = (SELECT failing_since FROM background_reads r WHERE r.provider = dispute_polls.provider AND r.read = 'disputes'),
      last_error = (SELECT last_error FROM background_reads r WHERE r.provider = dispute_polls.provider AND r.read = 'disputes')`.execute(
      db,
    );
    await db.schema.dropTable('background_reads').execute();
  },
};
