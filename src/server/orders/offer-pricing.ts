import type { Offer } from '../../shared/offer.ts';

/** What a version of the seller's page sells: the names and prices the checkout charges under it (docs/editing.md#prices). */
export interface OfferPrices {
  /** The page's version (0: the build's content files). */
  version: number;
  product: Offer['product'];
  bump: Offer['bump'];
}

/** The seller's published prices, read by the checkout (offer/offer-prices.ts makes it; the core imports no feature). */
export interface OfferPricing {
  /** The live version's, from the database: a publish on another instance applies to the very next checkout. */
  live(): Promise<OfferPrices>;
  /** A version's; undefined for one never published. */
  ofVersion(number: number): Promise<OfferPrices | undefined>;
}
