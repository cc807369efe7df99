import { useContext } from 'react';
import { productSection } from '../../content/site.ts';
import { formatBRL } from '../../shared/money.ts';
import { fillOfferText, type Offer, type OfferWithoutIds } from '../../shared/offer.ts';
import { applyOfferPatch, type Frozen } from '../../shared/offer-patch.ts';
import { OfferContext } from './offer.tsx';

// Apart from offer.tsx, which the landing page's entry imports: formatting a price builds an Intl
// formatter, which no page may do while it starts (docs/landing-page.md).

type TextSection = 'faqGrid' | 'benefits' | 'howToStart';

/** A section whose texts may carry `{garantia}` and `{preco}`, filled in (GUARANTEE_DAYS is itself a prerender token). */
export function useFilledOfferSection<S extends TextSection>(key: S, guaranteeDays: string): Offer[S] | undefined {
  const offer = useContext(OfferContext);
  const section = offer[key];
  if (!section) return undefined;
  return fillTexts(section as Offer[S], fillWith(offer.product, guaranteeDays));
}

/**
 * The FAQ island's section: `defaults` (already filled) with the seller's changes, whose texts are
 * filled here; the server's whole section and the browser's patch fill the same way.
 */
export function useFilledFaq<T extends Frozen<OfferWithoutIds['faq']>>(guaranteeDays: string, defaults: T): T {
  const offer = useContext(OfferContext);
  const patch = offer.faq;
  if (patch === undefined) return defaults;
  return applyOfferPatch(defaults, fillTexts(patch, fillWith(offer.product, guaranteeDays)));
}

/** `product`: the whole section on the server, its changes (or nothing) in the page's data block. */
function fillWith(product: unknown, guaranteeDays: string): (text: string) => string {
  const price = formatBRL(applyOfferPatch(productSection, product).priceCents);
  return (text) => fillOfferText(text, { guaranteeDays, price });
}

function fillTexts<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === 'string') return fill(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillTexts(item, fill)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillTexts(item as unknown, fill)])) as T;
  return value;
}
