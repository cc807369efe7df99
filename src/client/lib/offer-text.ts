import { useContext } from 'react';
import { site } from '../../content/site.ts';
import { formatBRL } from '../../shared/money.ts';
import { fillOfferText, type Offer } from '../../shared/offer.ts';
import { OfferContext } from './offer.tsx';

// Apart from offer.tsx, which the landing page's entry imports: formatting a price builds an Intl
// formatter, which no page may do while it starts (docs/landing-page.md).

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
