import type { Kysely } from 'kysely';
import type { ListKey } from '../../shared/suppliers.ts';
import type { Database, SuppliersTable } from '../db/schema.ts';
import type { SupplierListMeta } from './suppliers-repository.ts';

// The supplier lists as a member page shows them: each list's suppliers in their order, and when it was last updated.

// Sorted here: SQLite compares bytes, Postgres uses the database's collation.
const categoryOrder = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** One list as buyers see it: categories in pt-BR alphabetical order, each in the seller's file order. */
export async function listSuppliers(db: Kysely<Database>, list: ListKey): Promise<SuppliersTable[]> {
  const rows = await db
    .selectFrom('suppliers')
    .select(['id', 'list', 'position', 'name', 'category', 'offer', 'whatsapp', 'telegram', 'notes'])
    .where('list', '=', list)
    .orderBy('position')
    .execute();
  return rows
    .map((row) => ({ ...row, position: Number(row.position) }))
    .sort((a, b) => categoryOrder.compare(a.category, b.category) || a.position - b.position);
}

export async function getSupplierListMeta(db: Kysely<Database>, list: ListKey): Promise<SupplierListMeta | undefined> {
  const row = await db
    .selectFrom('supplier_list_meta')
    .select(['updated_at', 'count', 'example'])
    .where('list', '=', list)
    .executeTakeFirst();
  return row ? { updatedAt: Number(row.updated_at), count: Number(row.count), example: Number(row.example) === 1 } : undefined;
}
