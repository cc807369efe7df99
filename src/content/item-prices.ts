// The prices the page may name besides its own: what the list's suppliers charge, the official prices it compares
// against, and the top-up credit (shared/copy-claims.ts reads them; docs/editing.md#what-the-copy-may-promise).
import { catalogueApps, supplierCard } from './catalogue.ts';
import { topUp, topUpCarriers } from './top-up.ts';

/** A price and what it is compared with: both may be named, and the discount between them. */
export interface ItemPrice {
  fromCents: number;
  toCents: number;
}

export const itemPrices: readonly ItemPrice[] = [
  ...catalogueApps.map((app) => ({ fromCents: app.originalPriceCents, toCents: app.offerPriceCents })),
  { fromCents: supplierCard.creditCents, toCents: supplierCard.costCents },
  ...topUpCarriers.flatMap((carrier) =>
    carrier.options.map((option) => ({ fromCents: option.faceValueCents, toCents: option.priceCents })),
  ),
  // Given with the list: its "R$ 8,00 de crédito grátis" is a value, not a price, and no discount.
  { fromCents: topUp.freeCreditCents, toCents: topUp.freeCreditCents },
];
