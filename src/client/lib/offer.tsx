import { createContext, useContext } from 'react';
import { site } from '../../content/site.ts';
import { formatBRL } from '../../shared/money.ts';
import { fillOfferText, OFFER_ELEMENT_ID, type Offer, type OfferSectionKey } from '../../shared/offer.ts';

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

type TextSection = 'faq' | 'faqGrid' | 'benefits' | 'howToStart';

/** A section whose texts may carry `{garantia}` and `{preco}`, filled in (GUARANTEE_DAYS is itself a prerender token). */
export function useFilledOfferSection<S extends TextSection>(key: S, guaranteeDays: string): Offer[S] | undefined {
  const offer = useContext(OfferContext);
  const section = offer[key];
  if (!section) return undefined;
  const price = formatBRL(offer.product?.priceCents ?? site.priceCents);
  return fillTexts(section, (text) => fillOfferText(text, { guaranteeDays, price }));
}

function fillTexts<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === 'string') return fill(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillTexts(item, fill)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillTexts(item as unknown, fill)])) as T;
  return value;
}
