import { z } from './zod.ts';

/** The import's rules and messages are in server/suppliers/supplier-csv.ts. */
export const SupplierSchema = z.object({
  name: z.string(),
  category: z.string(),
  offer: z.string(),
  whatsapp: z.string().nullable(),
  telegram: z.string().nullable(),
  notes: z.string().nullable(),
});

export type Supplier = z.infer<typeof SupplierSchema>;

/** content/offers.ts says which item opens which list; each is imported and replaced on its own. */
export const LIST_KEYS = ['suppliers', 'recharge'] as const;

export type ListKey = (typeof LIST_KEYS)[number];

export const LIST_SLUGS: Record<ListKey, string> = { suppliers: 'fornecedores', recharge: 'recarga' };

export function parseListKey(value: string): ListKey | undefined {
  const name = value.trim().toLowerCase();
  return LIST_KEYS.find((key) => key === name || LIST_SLUGS[key] === name);
}

export function supplierCsvFileName(list: ListKey): string {
  return list === 'suppliers' ? 'fornecedores.csv' : `fornecedores-${LIST_SLUGS[list]}.csv`;
}
