import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { faqAccordion } from '../../content/faq.ts';
import { offerDefaults } from '../../content/offer.ts';
import { site } from '../../content/site.ts';
import { formatBRL } from '../../shared/money.ts';
import { islandOfferData, withoutItemIds, type Offer } from '../../shared/offer.ts';
import { OfferContext, type OfferContextValue } from './offer.tsx';
import { useFilledFaq } from './offer-text.ts';

function FaqAsJson() {
  return <>{JSON.stringify(useFilledFaq('7', faqAccordion('7')))}</>;
}

function faqWith(value: OfferContextValue) {
  return JSON.parse(
    renderToStaticMarkup(
      <OfferContext.Provider value={value}>
        <FaqAsJson />
      </OfferContext.Provider>,
    ).replaceAll('&quot;', '"'),
  ) as Offer['faq'];
}

describe('the FAQ island’s texts', () => {
  it('are the same from the data block’s patch as from the whole offer the server renders, tokens filled', () => {
    const offer = structuredClone(offerDefaults);
    offer.faq.items[0]!.answer = 'O link chega em minutos, com {garantia} dias de garantia.';
    offer.faq.items[3]!.question = 'Quanto custa? {preco}';
    const patch = JSON.parse(JSON.stringify(islandOfferData(offer, offerDefaults))) as OfferContextValue;

    const fromPatch = faqWith(patch);
    // The server's whole section has its items' ids, which no island prints.
    expect(fromPatch).toEqual(withoutItemIds(faqWith(offer)));
    expect(fromPatch.items[0]!.answer).toBe('O link chega em minutos, com 7 dias de garantia.');
    expect(fromPatch.items[3]!.question).toBe(`Quanto custa? ${formatBRL(site.priceCents)}`);
    expect(fromPatch.items[1]).toEqual(faqAccordion('7').items[1]);
  });

  it('are the content file’s when nothing was edited', () => {
    expect(faqWith({})).toEqual(faqAccordion('7'));
  });
});
