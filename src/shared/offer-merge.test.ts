import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../content/offer.ts';
import type { Offer } from './offer.ts';
import { mergeOffers, withValueAt } from './offer-merge.ts';

function edited(change: (offer: Offer) => void): Offer {
  const offer = structuredClone(offerDefaults);
  change(offer);
  return offer;
}

describe('a draft laid on a newer live version, field by field', () => {
  it('keeps both sides’ changes to different fields, with no conflict', () => {
    const theirs = edited((offer) => (offer.hero.headline = 'Título de outra aba'));
    const mine = edited((offer) => (offer.faq.items[0]!.answer = 'Minha resposta'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.hero.headline).toBe('Título de outra aba');
    expect(merged.offer.faq.items[0]!.answer).toBe('Minha resposta');
    expect(merged.offer.faq.items[1]).toEqual(offerDefaults.faq.items[1]);
  });

  it('names only the field both changed, with both texts, and keeps the draft’s until a pick', () => {
    const theirs = edited((offer) => {
      offer.hero.headline = 'Deles';
      offer.product.priceCents = 2490;
    });
    const mine = edited((offer) => {
      offer.hero.headline = 'Meu';
      offer.hero.subheadline = 'Minha linha';
    });
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([{ path: 'hero.headline', theirs: 'Deles', mine: 'Meu' }]);
    expect(merged.offer.hero.headline).toBe('Meu');
    expect(merged.offer.hero.subheadline).toBe('Minha linha');
    expect(merged.offer.product.priceCents).toBe(2490);
    expect(withValueAt(merged.offer, 'hero.headline', 'Deles').hero.headline).toBe('Deles');
  });

  it('takes a list one side lengthened whole, and the same change on both sides is no conflict', () => {
    const theirs = edited((offer) => offer.faq.items.push({ question: 'Nova?', answer: 'Sim.' }));
    const mine = edited((offer) => (offer.hero.badge = 'Novo selo'));
    expect(mergeOffers(offerDefaults, theirs, mine).offer.faq.items).toHaveLength(offerDefaults.faq.items.length + 1);
    const both = edited((offer) => (offer.hero.badge = 'Novo selo'));
    expect(mergeOffers(offerDefaults, both, mine).conflicts).toEqual([]);
  });
});
