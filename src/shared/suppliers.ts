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
