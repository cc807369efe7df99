import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../../content/offer.ts';
import { OfferContext } from '../lib/offer.tsx';
import { PreviewContext } from '../lib/preview.tsx';
import { FaqAccordion } from './faq-accordion.tsx';

describe('a FAQ answer on the page', () => {
  it('keeps a FAQ answer’s line break and link on the page (the preview opens it)', () => {
    const offer = structuredClone(offerDefaults);
    offer.faq.items[0]!.answer = 'Primeira linha.\nVeja o [grupo](https://chat.whatsapp.com/abc).';
    const html = renderToStaticMarkup(
      <OfferContext.Provider value={offer}>
        <PreviewContext.Provider value>
          <FaqAccordion guaranteeDays="7" />
        </PreviewContext.Provider>
      </OfferContext.Provider>,
    );
    expect(html).toContain('Primeira linha.<br/>Veja o <a href="https://chat.whatsapp.com/abc"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
