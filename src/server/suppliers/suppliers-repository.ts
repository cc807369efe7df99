import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SuppliersTable } from '../db/schema.ts';
import type { Supplier } from '../../shared/suppliers.ts';

export interface SupplierListMeta {
  updatedAt: number;
  count: number;
}

const META_ID = 'current';
// Keeps each INSERT well under SQLite's bound-parameter limit (8 columns per row).
const INSERT_CHUNK = 200;

/**
 * Replaces the whole list in one transaction: a buyer opening the member page meanwhile sees
 * either the old list or the new one, never a mix or an empty page.
 */
export async function replaceSupplierList(db: Kysely<Database>, rows: readonly Supplier[], now: number): Promise<SupplierListMeta> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('suppliers').execute();
    const values = rows.map((row, index) => ({
      id: randomUUID(),
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
    await trx
      .insertInto('supplier_list_meta')
      .values({ id: META_ID, updated_at: now, count: rows.length })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ updated_at: now, count: rows.length }))
      .execute();
  });
  return { updatedAt: now, count: rows.length };
}

// Categories are sorted here rather than in SQL: SQLite compares bytes and Postgres uses the
// database's collation, so "IPTV", "jogos" and "Música" would come out in different orders.
const categoryOrder = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** The list as buyers see it: categories in pt-BR alphabetical order, each in the seller's file order. */
export async function listSuppliers(db: Kysely<Database>): Promise<SuppliersTable[]> {
  const rows = await db
    .selectFrom('suppliers')
    .select(['id', 'position', 'name', 'category', 'offer', 'whatsapp', 'telegram', 'notes'])
    .orderBy('position')
    .execute();
  return rows
    .map((row) => ({ ...row, position: Number(row.position) }))
    .sort((a, b) => categoryOrder.compare(a.category, b.category) || a.position - b.position);
}

/** When the list was last imported; undefined before the first import. */
export async function getSupplierListMeta(db: Kysely<Database>): Promise<SupplierListMeta | undefined> {
  const row = await db.selectFrom('supplier_list_meta').select(['updated_at', 'count']).where('id', '=', META_ID).executeTakeFirst();
  return row ? { updatedAt: Number(row.updated_at), count: Number(row.count) } : undefined;
}
