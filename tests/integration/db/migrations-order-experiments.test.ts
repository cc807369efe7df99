import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../../../src/server/db/migrations.ts';
import { experimentFigures } from '../../../src/server/experiments/experiment-figures.ts';
import { insertOrderRow, orderVariants } from '../../support/db-reads.ts';
import { databases, migratorOf } from '../test-db.ts';

/** The tables on either side of 0049 (the schema types know only the current shape). */
type AnyShape = Kysely<Record<string, Record<string, unknown>>>;

const ORDER_EXPERIMENTS = '0049_order_experiments';
const BEFORE = migrationNames[migrationNames.indexOf(ORDER_EXPERIMENTS) - 1]!;

/** An upgrade in place, and back: an order recorded under a test before 0049 keeps its variant and its place in the figures. */
for (const database of databases) {
  describe(`order experiments migration on ${database.name}`, () => {
    it('moves each order’s test and variant into order_experiments, which the figures read, and back down', async () => {
      const db = await database.create();
      try {
        const migrator = migratorOf(db);
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const any = db.db as unknown as AnyShape;
        const recorded = [
          { id: 'ord_paid_b', status: 'paid', variant: 1 },
          { id: 'ord_open_a', status: 'pending', variant: 0 },
          { id: 'ord_no_test', status: 'paid', variant: null },
        ] as const;
        for (const { id, status, variant } of recorded) {
          await insertOrderRow(db, { id, status, charge_id: `chg_${id}` });
          if (variant !== null)
            await any.updateTable('orders').set({ experiment_id: 'exp_old', experiment_variant: variant }).where('id', '=', id).execute();
        }

        expect((await migrator.migrateTo(ORDER_EXPERIMENTS)).error).toBeUndefined();
        expect(await Promise.all(recorded.map(({ id }) => orderVariants(db, id)))).toEqual([[['exp_old', 1]], [['exp_old', 0]], []]);

        // Down again: an order counted for two tests keeps one of them in the previous version's columns.
        await any.insertInto('order_experiments').values({ order_id: 'ord_no_test', experiment_id: 'exp_new', variant: 1 }).execute();
        await any.insertInto('order_experiments').values({ order_id: 'ord_no_test', experiment_id: 'exp_other', variant: 0 }).execute();
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const down = await any.selectFrom('orders').select(['id', 'experiment_id', 'experiment_variant']).orderBy('id').execute();
        expect(down.map((row) => [row.id, row.experiment_id, Number(row.experiment_variant)])).toEqual([
          ['ord_no_test', 'exp_new', 1],
          ['ord_open_a', 'exp_old', 0],
          ['ord_paid_b', 'exp_old', 1],
        ]);
        // Up again to today's schema (the figures read later tables too): the orders' variants are moved once more.
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        const figures = await experimentFigures(db.db, 'exp_old', 2);
        expect(figures.map((arm) => [arm.pixGenerated, arm.pixPaid, arm.revenueCents])).toEqual([
          [1, 0, 0],
          [1, 1, 1990],
        ]);
      } finally {
        await db.close();
      }
    });
  });
}
