import { describe, expect, it } from 'vitest';
import { formatBRL } from '../shared/money.ts';
import { fillOfferText, offerSchema } from '../shared/offer.ts';
import { faqAccordion } from './faq.ts';
import { offerDefaults, offerLabels, offerMessages } from './offer.ts';
import { site } from './site.ts';

describe('the offer as the content files ship it', () => {
  it('is a version the editor accepts as it is', () => {
    expect(offerSchema(offerMessages).safeParse(offerDefaults).error?.issues ?? []).toEqual([]);
  });

  it('prints the content files’ FAQ once its tokens are filled in', () => {
    const filled = offerDefaults.faq.items.map((item) =>
      fillOfferText(item.answer, { guaranteeDays: '7', price: formatBRL(site.priceCents) }),
    );
    expect(filled).toEqual(faqAccordion('7').items.map((item) => item.answer));
  });

  it('names every field of every section in Portuguese', () => {
    for (const [section, labels] of Object.entries(offerLabels)) {
      const fields = Object.entries(offerDefaults[section as keyof typeof offerDefaults]).flatMap(([key, value]) =>
        // An item's id is never shown: it has no label.
        Array.isArray(value)
          ? [key, ...Object.keys((value[0] ?? {}) as object).flatMap((item) => (item === 'id' ? [] : [[key, item] as const]))]
          : [key],
      );
      for (const field of fields) {
        const label = typeof field === 'string' ? labels.fields[field] : (labels.fields[field.join('.')] ?? labels.fields[field[1]]);
        expect(label, `${section}.${String(field)}`).toBeTruthy();
      }
    }
  });

  it('names the price in the description and link preview by {preco}, so a new price shows in them', () => {
    const { landingDescription, presellDescription } = offerDefaults.meta;
    expect(landingDescription).toContain('{preco}');
    for (const text of [landingDescription, presellDescription]) expect(text).not.toMatch(/19,90/);
    expect(fillOfferText(landingDescription, { guaranteeDays: '7', price: formatBRL(2490) })).toContain(
      `Pagamento único de ${formatBRL(2490)} via PIX.`,
    );
  });
});
