import type { Kysely } from 'kysely';
import { offerDefaults } from '../../content/offer.ts';
import type { Offer } from '../../shared/offer.ts';
import type { Database } from '../db/schema.ts';
import type { OfferPrices, OfferPricing } from '../orders/offer-pricing.ts';
import { findVersion, liveVersionNumber, parseStoredOffer } from './offer-repository.ts';

const pricesOf = (version: number, offer: Offer): OfferPrices => ({ version, product: offer.product, bump: offer.bump });

/** A version's names and prices; undefined for a number never published. */
export async function pricesOfVersion(db: Kysely<Database>, number: number): Promise<OfferPrices | undefined> {
  if (number === 0) return pricesOf(0, offerDefaults);
  const version = await findVersion(db, number);
  return version ? pricesOf(number, parseStoredOffer(version.content)) : undefined;
}

/** Read from the database at each checkout, so a publish through another instance applies at once. */
export function createOfferPricing(db: Kysely<Database>): OfferPricing {
  // A version never changes once published: each is parsed once.
  const known = new Map<number, OfferPrices>();
  const ofVersion = async (number: number) => {
    const cached = known.get(number);
    if (cached) return cached;
    const prices = await pricesOfVersion(db, number);
    if (prices) known.set(number, prices);
    return prices;
  };
  return {
    ofVersion,
    live: async () => (await ofVersion(await liveVersionNumber(db))) ?? pricesOf(0, offerDefaults),
  };
}
