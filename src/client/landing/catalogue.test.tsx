import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../../content/offer.ts';
import { islandOfferData } from '../../shared/offer.ts';
import { OfferContext, type OfferContextValue } from '../lib/offer.tsx';
import { Catalogue } from './catalogue.tsx';

const catalogueWith = (value: OfferContextValue) =>
  renderToStaticMarkup(
    <OfferContext.Provider value={value}>
      <Catalogue />
    </OfferContext.Provider>,
  );

describe('the catalogue island', () => {
  it('prints the seller’s words from the data block’s patch exactly as the server does from the whole offer', () => {
    const offer = structuredClone(offerDefaults);
    offer.catalogue.title = 'Todos os seus apps por R$ 1,00';
    offer.catalogue.tiers[3]!.label = 'Esporte e TV ao vivo';
    offer.catalogue.tiers[3]!.description = '';
    offer.catalogue.newLabel = 'NOVO!';
    offer.catalogue.supplierLabel = '';
    const patch = JSON.parse(JSON.stringify(islandOfferData(offer, offerDefaults))) as OfferContextValue;

    // A mismatch here would be a hydration error in the browser.
    const html = catalogueWith(patch);
    expect(html).toBe(catalogueWith(offer));
    expect(html).toContain('Todos os seus apps por R$ 1,00');
    expect(html).toContain('Esporte e TV ao vivo');
    expect(html).not.toContain(offerDefaults.catalogue.tiers[3]!.description);
    expect(html).toContain('NOVO!');
    expect(html).not.toContain(`>${offerDefaults.catalogue.supplierLabel}<`);
  });

  it('is the content file’s when nothing was edited', () => {
    expect(catalogueWith({})).toBe(catalogueWith(offerDefaults));
  });
});
