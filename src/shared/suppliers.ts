import { z } from './zod.ts';

/** The import's rules and messages are in server/suppliers/supplier-csv.ts. */
export const SupplierSchema = z.object({
  name: z.string(),
  category: z.string(),
  offer: z.string(),
  /** Digits with the country code, e.g. 5511987654321, for https://wa.me/<digits>. */
  whatsapp: z.string().nullable(),
  /** A https://t.me/… link. */
  telegram: z.string().nullable(),
  notes: z.string().nullable(),
});

export type Supplier = z.infer<typeof SupplierSchema>;

/** content/offers.ts says which item opens which list; each is imported and replaced on its own. */
export const LIST_KEYS = ['suppliers', 'recharge'] as const;

export type ListKey = (typeof LIST_KEYS)[number];

/** How the command line and file names call each list (`npm run suppliers:import -- --list recarga`). */
export const LIST_SLUGS: Record<ListKey, string> = { suppliers: 'fornecedores', recharge: 'recarga' };

export function parseListKey(value: string): ListKey | undefined {
  const name = value.trim().toLowerCase();
  return LIST_KEYS.find((key) => key === name || LIST_SLUGS[key] === name);
}

/** The console's download of a list: `fornecedores.csv`, `fornecedores-recarga.csv`. */
export function supplierCsvFileName(list: ListKey): string {
  return list === 'suppliers' ? 'fornecedores.csv' : `fornecedores-${LIST_SLUGS[list]}.csv`;
}
