import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { exampleLists } from '../../../src/content/example-lists.ts';
import { migrationNames } from '../../../src/server/db/migrations.ts';
import { prepareExampleLists } from '../../../src/server/suppliers/example-lists.ts';
import { replaceSupplierList } from '../../../src/server/suppliers/suppliers-repository.ts';
import type { Supplier } from '../../../src/shared/suppliers.ts';
import { databases, migratorOf } from '../test-db.ts';
import { getSupplierListMeta, listSuppliers } from '../../../src/server/suppliers/supplier-lists.ts';

/** The supplier tables as they were before 0024 (the schema types know only the current shape). */
type OldShape = Kysely<Record<string, Record<string, unknown>>>;

const SUPPLIER_LISTS = '0024_supplier_lists';
const BEFORE = migrationNames[migrationNames.indexOf(SUPPLIER_LISTS) - 1]!;

const own: Supplier = {
  name: 'Loja Real',
  category: 'Streaming',
  offer: 'Netflix',
  whatsapp: '5511987654321',
  telegram: null,
  notes: null,
};

for (const database of databases) {
  describe(`supplier lists on ${database.name}`, () => {
    it('0024 keeps an existing list as the main list, and a second list can then be imported beside it', async () => {
      const db = await database.create();
      try {
        const migrator = migratorOf(db);
        expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
        const old = db.db as unknown as OldShape;
        await old
          .insertInto('suppliers')
          .values({ id: 'sup_1', position: 1, name: 'Antiga', category: 'IPTV', offer: 'Canais', whatsapp: '5511987654321' })
          .execute();
        await old.insertInto('supplier_list_meta').values({ id: 'current', updated_at: 1_000, count: 1 }).execute();
        expect((await migrator.migrateToLatest()).error).toBeUndefined();

        expect((await listSuppliers(db.db, 'suppliers')).map((row) => [row.list, row.name])).toEqual([['suppliers', 'Antiga']]);
        expect(await getSupplierListMeta(db.db, 'suppliers')).toEqual({ updatedAt: 1_000, count: 1, example: false });
        expect(await getSupplierListMeta(db.db, 'recharge')).toBeUndefined();

        await replaceSupplierList(db.db, 'recharge', [own], 2_000);
        expect((await listSuppliers(db.db, 'recharge')).map((row) => row.name)).toEqual(['Loja Real']);
        expect((await listSuppliers(db.db, 'suppliers')).map((row) => row.name)).toEqual(['Antiga']);
      } finally {
        await db.close();
      }
    });

    it('the demo seeds each never-imported list once, even from instances starting together', async () => {
      const db = await database.create();
      try {
        const starts = await Promise.all([1, 2, 3].map(() => prepareExampleLists(db.db, { demoMode: true, now: 5_000 })));
        expect(starts.flatMap((start) => start.seeded).sort()).toEqual(['recharge', 'suppliers']);
        for (const list of ['suppliers', 'recharge'] as const) {
          const rows = await listSuppliers(db.db, list);
          expect(rows).toHaveLength(exampleLists[list].length);
          expect(rows.length).toBeGreaterThanOrEqual(10);
          // Every row says it is an example, in its name and its note.
          expect(rows.every((row) => row.name.startsWith('Exemplo — ') && row.notes?.startsWith('EXEMPLO'))).toBe(true);
          expect(await getSupplierListMeta(db.db, list)).toEqual({ updatedAt: 5_000, count: rows.length, example: true });
        }

        // A restart changes nothing; a list the seller imported is never seeded over.
        await replaceSupplierList(db.db, 'suppliers', [own], 6_000);
        expect(await prepareExampleLists(db.db, { demoMode: true, now: 7_000 })).toEqual({ seeded: [], cleared: [] });
        expect((await listSuppliers(db.db, 'suppliers')).map((row) => row.name)).toEqual(['Loja Real']);
        expect(await getSupplierListMeta(db.db, 'recharge')).toMatchObject({ updatedAt: 5_000, example: true });
      } finally {
        await db.close();
      }
    });

    it('a production start begins empty: it seeds nothing and takes the example set away, keeping imported lists', async () => {
      const db = await database.create();
      try {
        expect(await prepareExampleLists(db.db, { demoMode: false, now: 1_000 })).toEqual({ seeded: [], cleared: [] });
        expect(await getSupplierListMeta(db.db, 'suppliers')).toBeUndefined();
        expect(await listSuppliers(db.db, 'recharge')).toEqual([]);

        // A demo run first, then the seller imports the main list and configures a gateway.
        await prepareExampleLists(db.db, { demoMode: true, now: 2_000 });
        await replaceSupplierList(db.db, 'suppliers', [own], 3_000);
        expect(await prepareExampleLists(db.db, { demoMode: false, now: 4_000 })).toEqual({ seeded: [], cleared: ['recharge'] });
        expect((await listSuppliers(db.db, 'suppliers')).map((row) => row.name)).toEqual(['Loja Real']);
        expect(await listSuppliers(db.db, 'recharge')).toEqual([]);
        expect(await getSupplierListMeta(db.db, 'recharge')).toBeUndefined();
      } finally {
        await db.close();
      }
    });
  });
}
