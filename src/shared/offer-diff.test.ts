import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../content/offer.ts';
import { offerChanges } from './offer-diff.ts';
import type { Offer } from './offer.ts';

function edited(change: (offer: Offer) => void): Offer {
  const offer = structuredClone(offerDefaults);
  change(offer);
  return offer;
}

describe('the console’s diff', () => {
  it('lists one changed FAQ answer once, by its place, not the whole list', () => {
    const after = edited((offer) => (offer.faq.items[2]!.answer = 'Sim: o acesso não expira.'));
    expect(offerChanges(offerDefaults, after)).toEqual([
      {
        section: 'faq',
        key: 'items',
        item: 2,
        id: offerDefaults.faq.items[2]!.id,
        field: 'answer',
        kind: 'lines',
        before: offerDefaults.faq.items[2]!.answer,
        after: 'Sim: o acesso não expira.',
      },
    ]);
  });

  it('lists a question added as one item, an image and the price as fields of their kind', () => {
    const after = edited((offer) => {
      offer.faq.items.push({ id: 'nota', question: 'Tem nota fiscal?', answer: 'Sim, enviada por e-mail.' });
      offer.hero.image = 'ab5be7a59e84cf2d3118.1200x900';
      offer.product.priceCents = 2990;
    });
    const changes = offerChanges(offerDefaults, after);
    expect(changes.map(({ section, key, item, field, kind }) => [section, key, item, field, kind])).toEqual([
      ['hero', 'image', null, null, 'image'],
      ['faq', 'items', offerDefaults.faq.items.length, null, null],
      ['product', 'priceCents', null, null, 'price'],
    ]);
    expect(changes[1]!.before).toBeNull();
  });

  it('pairs items by id: a question moved and edited is one edit, one only moved says where it was, one removed is one item', () => {
    const faq = offerDefaults.faq.items;
    const after = edited((offer) => {
      offer.faq.items.unshift(...offer.faq.items.splice(3, 1));
      offer.faq.items[0]!.answer = 'Devolvemos o dinheiro.';
      offer.faq.items.splice(2, 1);
    });
    const changes = offerChanges(offerDefaults, after);
    expect(changes.map(({ item, id, field, movedFrom }) => ({ item, id, field, movedFrom }))).toEqual([
      { item: 0, id: faq[3]!.id, field: 'answer', movedFrom: undefined },
      { item: 1, id: faq[1]!.id, field: null, movedFrom: undefined },
    ]);
    expect(changes[1]).toMatchObject({ before: faq[1], after: null });
    const moved = edited((offer) => offer.faq.items.unshift(...offer.faq.items.splice(3, 1)));
    expect(offerChanges(offerDefaults, moved)).toEqual([
      { section: 'faq', key: 'items', item: 0, id: faq[3]!.id, field: null, kind: null, before: faq[3], after: faq[3], movedFrom: 3 },
    ]);
  });

  it('is empty for the same offer', () => {
    expect(offerChanges(offerDefaults, structuredClone(offerDefaults))).toEqual([]);
  });
});
