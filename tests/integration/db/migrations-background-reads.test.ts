import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { backgroundReadChecks } from '../../../src/server/background-reads/background-read-health.ts';
import { migrationNames } from '../../../src/server/db/migrations.ts';
import { databases, migratorOf } from '../test-db.ts';

/** The tables on either side of 0069 (the schema types know only the current shape). */
type AnyShape = Kysely<Record<string, Record<string, unknown>>>;

const BACKGROUND_READS = '0069_background_reads';
const BEFORE = migrationNames[migrationNames.indexOf(BACKGROUND_READS) - 1]!;
const SINCE = Date.parse('2026-11-29T09:00:00Z');
const MESSAGE = 'A aplicação na Efí não tem o escopo gn.infractions.read: habilite-o em API > Aplicações no painel da Efí.';

/** An upgrade in place, and back: a dispute list failing before 0069 still shows failing in Saúde, with its message. */
for (const database of databases) {
  describe(`background reads migration on ${database.name}`, () => {
    it('moves each dispute list’s health into background_reads, which Saúde reads, and back down', async () => {
      const db = await database.create();
      try {
        const migrator = migratorOf(db);
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const any = db.db as unknown as AnyShape;
        await any
          .insertInto('dispute_polls')
          .values({
            provider: 'efi',
            polled_to: null,
            next_poll_at: SINCE,
            last_success_at: null,
            failing_since: SINCE,
            last_error: MESSAGE,
          })
          .execute();

        expect((await migrator.migrateTo(BACKGROUND_READS)).error).toBeUndefined();
        const [check] = await backgroundReadChecks(db.db, SINCE + 60_000, { disputes: ['efi'] });
        expect(check).toMatchObject({ key: 'disputes', ok: false });
        expect(check!.detail).toBe(`Efí: falhando desde 29/11/2026, 06:00 (nunca lida). ${MESSAGE}`);

        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const down = await any.selectFrom('dispute_polls').selectAll().execute();
        expect(down.map((row) => [row.provider, Number(row.failing_since), row.last_error])).toEqual([['efi', SINCE, MESSAGE]]);
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
      } finally {
        await db.close();
      }
    });
  });
}
