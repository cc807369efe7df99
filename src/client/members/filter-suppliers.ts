import { collapseWhitespace, stripAccents } from '../../shared/text.ts';
import type { MemberSupplier } from './access-api.ts';

/** "Música " → "musica": what a search compares, so "musica" finds "Música" and the reverse. */
export function normalizeSearchText(text: string): string {
  return collapseWhitespace(stripAccents(text).toLocaleLowerCase('pt-BR'));
}

export interface SearchableSupplier {
  supplier: MemberSupplier;
  /** Name, offer and category, normalised once rather than on every keystroke. */
  haystack: string;
}

export function indexSuppliers(suppliers: readonly MemberSupplier[]): SearchableSupplier[] {
  return suppliers.map((supplier) => ({
    supplier,
    haystack: normalizeSearchText(`${supplier.name} ${supplier.offer} ${supplier.category}`),
  }));
}

/**
 * The suppliers whose name, offer or category contain every word of the query, ignoring case and
 * accents ("disney premium" finds "Disney+ … Premium"). An empty query keeps them all, in order.
 */
export function filterSuppliers(index: readonly SearchableSupplier[], query: string): MemberSupplier[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  if (words.length === 0) return index.map((entry) => entry.supplier);
  return index.filter((entry) => words.every((word) => entry.haystack.includes(word))).map((entry) => entry.supplier);
}

export interface SupplierGroup {
  category: string;
  suppliers: MemberSupplier[];
}

/** Consecutive groups by category, keeping the server's order (category, then the seller's order). */
export function groupByCategory(suppliers: readonly MemberSupplier[]): SupplierGroup[] {
  const groups = new Map<string, SupplierGroup>();
  for (const supplier of suppliers) {
    const group = groups.get(supplier.category);
    if (group) group.suppliers.push(supplier);
    else groups.set(supplier.category, { category: supplier.category, suppliers: [supplier] });
  }
  return [...groups.values()];
}
