import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { recordMemberPageOpen } from '../../../src/server/access/access-repository.ts';
import { databases, migratorOf } from '../test-db.ts';

/** The table as it was before 0019 (the schema types know only the current shape). */
type OldShape = Kysely<Record<string, Record<string, unknown>>>;

const HOUR = 3_600_000;

/** Migration 0019 on a database whose member-page opens were written one row per open (an upgrade in place). */
for (const database of databases) {
  describe(`member-page opens migration on ${database.name}`, () => {
    it('folds the opens of each order and hour into one row (the first), even exact duplicates; 0062 keeps each later one', async () => {
      const db = await database.create();
      try {
        const migrator = migratorOf(db);
        expect((await migrator.migrateTo('0018_console_sessions')).error).toBeUndefined();
        const base = 500_000 * HOUR;
        const old = [
          ['ord_a', base + 10],
          ['ord_a', base + 10],
          ['ord_a', base + 20 * 60_000],
          ['ord_a', base + HOUR + 5],
          ['ord_b', base + 30],
        ] as const;
        for (const [orderId, at] of old) {
          await (db.db as unknown as OldShape).insertInto('member_page_opens').values({ order_id: orderId, at }).execute();
        }
        expect((await migrator.migrateToLatest()).error).toBeUndefined();

        const rows = async () =>
          (await db.db.selectFrom('member_page_opens').select(['order_id', 'at']).orderBy('order_id').orderBy('at').execute()).map(
            (row) => [row.order_id, Number(row.at)],
          );
        expect(await rows()).toEqual([
          ['ord_a', base + 10],
          ['ord_a', base + HOUR + 5],
          ['ord_b', base + 30],
        ]);
        // Since 0062 each opening is a row of its own (up to the cap per order): the hourly rows stay, each one an opening.
        await recordMemberPageOpen(db.db, 'ord_b', base + 59 * 60_000);
        await recordMemberPageOpen(db.db, 'ord_b', base + HOUR);
        expect(await rows()).toEqual([
          ['ord_a', base + 10],
          ['ord_a', base + HOUR + 5],
          ['ord_b', base + 30],
          ['ord_b', base + 59 * 60_000],
          ['ord_b', base + HOUR],
        ]);
        // And back down to 0061: the first opening of each hour again, its address kept.
        expect((await migrator.migrateTo('0061_dispute_returned')).error).toBeUndefined();
        const hourly = await (db.db as unknown as OldShape)
          .selectFrom('member_page_opens')
          .select(['order_id', 'opened_hour', 'at'])
          .orderBy('order_id')
          .orderBy('at')
          .execute();
        expect(hourly.map((row) => [row.order_id, Number(row.opened_hour), Number(row.at)])).toEqual([
          ['ord_a', base / HOUR, base + 10],
          ['ord_a', base / HOUR + 1, base + HOUR + 5],
          ['ord_b', base / HOUR, base + 30],
          ['ord_b', base / HOUR + 1, base + HOUR],
        ]);
      } finally {
        await db.close();
      }
    });
  });
}
