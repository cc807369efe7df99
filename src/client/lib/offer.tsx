import { createContext, useContext } from 'react';
import type { Offer, OfferSectionKey } from '../../shared/offer.ts';
import { OFFER_ELEMENT_ID } from '../../shared/offer-pages.ts';

/**
 * The seller's published offer (docs/editing.md). The server renders the pages with the whole of it;
 * in the browser, a landing page island reads the sections it prints from the page's data block,
 * present only when they differ from the build's content files. A section absent here is the
 * component's own default from `content/`.
 */
export const OfferContext = createContext<Partial<Offer>>({});

export function useOfferSection<S extends OfferSectionKey>(key: S): Offer[S] | undefined {
  return useContext(OfferContext)[key];
}

let pageOffer: Partial<Offer> | undefined;

/** The page's data block, read once. */
export function readPageOffer(): Partial<Offer> {
  if (pageOffer) return pageOffer;
  const text = typeof document === 'undefined' ? null : document.getElementById(OFFER_ELEMENT_ID)?.textContent;
  pageOffer = text ? (JSON.parse(text) as Partial<Offer>) : {};
  return pageOffer;
}
