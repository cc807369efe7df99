import { z } from './zod.ts';

/**
 * One supplier of the list: what the seller's CSV import produces (server/suppliers/supplier-csv.ts
 * holds the rules and their messages), what the `suppliers` table stores beside its id and file
 * position, and what buyers get from GET /api/access.
 */
export const SupplierSchema = z.object({
  name: z.string(),
  category: z.string(),
  /** What the supplier sells. */
  offer: z.string(),
  /** Digits with the country code, e.g. 5511987654321, for https://wa.me/<digits>. */
  whatsapp: z.string().nullable(),
  /** A https://t.me/… link. */
  telegram: z.string().nullable(),
  notes: z.string().nullable(),
});

export type Supplier = z.infer<typeof SupplierSchema>;

/**
 * The supplier lists a paid order can open on the member page: the main product's, and the order
 * bump's (content/offers.ts names them and says which item opens which). Each is imported and
 * replaced on its own.
 */
export const LIST_KEYS = ['suppliers', 'recharge'] as const;

export type ListKey = (typeof LIST_KEYS)[number];

/** How the command line and file names call each list (`npm run suppliers:import -- --list recarga`). */
export const LIST_SLUGS: Record<ListKey, string> = { suppliers: 'fornecedores', recharge: 'recarga' };

/** A list named by its key or its slug; undefined for anything else. */
export function parseListKey(value: string): ListKey | undefined {
  const name = value.trim().toLowerCase();
  return LIST_KEYS.find((key) => key === name || LIST_SLUGS[key] === name);
}

/** The console's download of a list: `fornecedores.csv`, `fornecedores-recarga.csv`. */
export function supplierCsvFileName(list: ListKey): string {
  return list === 'suppliers' ? 'fornecedores.csv' : `fornecedores-${LIST_SLUGS[list]}.csv`;
}
