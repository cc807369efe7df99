import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ListKey, Supplier } from '../../shared/suppliers.ts';

export interface SupplierListMeta {
  updatedAt: number;
  count: number;
  /** The demo's example set rather than the seller's own import (server/suppliers/example-lists.ts). */
  example: boolean;
}
// Keeps each INSERT well under SQLite's bound-parameter limit (9 columns per row).
const INSERT_CHUNK = 200;

type Executor = Kysely<Database> | Transaction<Database>;

/** One transaction: a buyer sees the old list or the new one, never a mix or an empty page. */
export async function replaceSupplierList(
  db: Kysely<Database>,
  list: ListKey,
  rows: readonly Supplier[],
  now: number,
  { example = false }: { example?: boolean } = {},
): Promise<SupplierListMeta> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('suppliers').where('list', '=', list).execute();
    await insertSuppliers(trx, list, rows);
    const flag = example ? 1 : 0;
    await trx
      .insertInto('supplier_list_meta')
      .values({ list, updated_at: now, count: rows.length, example: flag })
      .onConflict((conflict) => conflict.column('list').doUpdateSet({ updated_at: now, count: rows.length, example: flag }))
      .execute();
  });
  return { updatedAt: now, count: rows.length, example };
}

/** The bookkeeping row is claimed first, so of several instances starting together one writes the rows. */
export async function seedSupplierList(db: Kysely<Database>, list: ListKey, rows: readonly Supplier[], now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .insertInto('supplier_list_meta')
      .values({ list, updated_at: now, count: rows.length, example: 1 })
      .onConflict((conflict) => conflict.column('list').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    // Cleared first, so the seed is exact whatever an older build or a hand edit left.
    await trx.deleteFrom('suppliers').where('list', '=', list).execute();
    await insertSuppliers(trx, list, rows);
    return true;
  });
}

export async function deleteExampleLists(db: Kysely<Database>): Promise<ListKey[]> {
  return db.transaction().execute(async (trx) => {
    const examples = await trx.selectFrom('supplier_list_meta').select('list').where('example', '=', 1).execute();
    const lists = examples.map((row) => row.list);
    if (lists.length === 0) return [];
    await trx.deleteFrom('suppliers').where('list', 'in', lists).execute();
    await trx.deleteFrom('supplier_list_meta').where('list', 'in', lists).execute();
    return lists;
  });
}

async function insertSuppliers(trx: Executor, list: ListKey, rows: readonly Supplier[]): Promise<void> {
  const values = rows.map((row, index) => ({
    id: randomUUID(),
    list,
    position: index + 1,
    name: row.name,
    category: row.category,
    offer: row.offer,
    whatsapp: row.whatsapp,
    telegram: row.telegram,
    notes: row.notes,
  }));
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('suppliers')
      .values(values.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}
