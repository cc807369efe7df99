import { createContext, useContext } from 'react';
import type { IslandOfferData, IslandOfferSection, Offer, OfferSectionKey, OfferWithoutIds } from '../../shared/offer.ts';
import { OFFER_ELEMENT_ID } from '../../shared/offer-pages.ts';
import { applyOfferPatch, type Frozen } from '../../shared/offer-patch.ts';

/**
 * The seller's published offer (docs/editing.md). The server renders the pages with the whole of it;
 * in the browser, a landing page island reads the sections it prints from the page's data block:
 * for each section edited, only its changes from the build's content files (shared/offer-patch.ts).
 * An island section is therefore read through `useIslandOfferSection`, onto the component's defaults.
 */
export type OfferContextValue = Partial<Omit<Offer, IslandOfferSection>> & IslandOfferData;

export const OfferContext = createContext<OfferContextValue>({});

/** A section only the server renders: the whole of it, or nothing when the page is the build's. */
export function useOfferSection<S extends Exclude<OfferSectionKey, IslandOfferSection>>(key: S): Offer[S] | undefined {
  return useContext(OfferContext)[key] as Offer[S] | undefined;
}

/**
 * A section an island renders again in the browser: `defaults` (the component's content, in the
 * section's shape) with the seller's changes. On the server the context holds the whole section,
 * which is a patch replacing every field, so both render through the same path.
 */
export function useIslandOfferSection<S extends IslandOfferSection, T extends Frozen<OfferWithoutIds[S]>>(key: S, defaults: T): T {
  return applyOfferPatch(defaults, useContext(OfferContext)[key]);
}

let pageOffer: IslandOfferData | undefined;

/** The page's data block, read once. */
export function readPageOffer(): IslandOfferData {
  if (pageOffer) return pageOffer;
  const text = typeof document === 'undefined' ? null : document.getElementById(OFFER_ELEMENT_ID)?.textContent;
  pageOffer = text ? (JSON.parse(text) as IslandOfferData) : {};
  return pageOffer;
}
