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

describe('lists merge item by item', () => {
  it('lands a question one editor added and an answer the other edited, with no conflict (E5)', () => {
    const theirs = edited((offer) => offer.faq.items.push({ question: 'Tem garantia?', answer: 'Sete dias.' }));
    const mine = edited((offer) => (offer.faq.items[1]!.answer = 'Minha resposta'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.faq.items).toEqual([
      offerDefaults.faq.items[0],
      { ...offerDefaults.faq.items[1], answer: 'Minha resposta' },
      ...offerDefaults.faq.items.slice(2),
      { question: 'Tem garantia?', answer: 'Sete dias.' },
    ]);
  });

  it('keeps an item one side inserted in the middle and an item the other removed', () => {
    const theirs = edited((offer) => offer.faq.items.splice(1, 0, { question: 'No meio?', answer: 'Sim.' }));
    const mine = edited((offer) => offer.faq.items.splice(2, 1));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    const expected = structuredClone(offerDefaults.faq.items);
    expected.splice(2, 1);
    expected.splice(1, 0, { question: 'No meio?', answer: 'Sim.' });
    expect(merged.offer.faq.items).toEqual(expected);
  });

  it('names the one item both changed, at its place in the merged list, when the other side also added one', () => {
    const theirs = edited((offer) => {
      offer.faq.items.unshift({ question: 'Primeira?', answer: 'Sim.' });
      offer.faq.items[2]!.answer = 'Deles';
    });
    const mine = edited((offer) => (offer.faq.items[1]!.answer = 'Meu'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([{ path: 'faq.items.2.answer', theirs: 'Deles', mine: 'Meu' }]);
    expect(merged.offer.faq.items[0]).toEqual({ question: 'Primeira?', answer: 'Sim.' });
    expect(withValueAt(merged.offer, 'faq.items.2.answer', 'Deles').faq.items[2]!.answer).toBe('Deles');
  });

  it('is a conflict of the list when one side removed the item the other edited', () => {
    const theirs = edited((offer) => offer.faq.items.splice(1, 1));
    const mine = edited((offer) => (offer.faq.items[1]!.answer = 'Meu'));
    expect(mergeOffers(offerDefaults, theirs, mine).conflicts.map((conflict) => conflict.path)).toEqual(['faq.items']);
  });
});
