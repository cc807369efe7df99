import { describe, expect, it } from 'vitest';
import { offerDefaults, offerMessages } from '../content/offer.ts';
import { offerFromStored, withoutItemIds, type Offer } from './offer.ts';
import { keptCopyId, mergeOffers, withConflictPicked, withValueAt } from './offer-merge.ts';

function edited(change: (offer: Offer) => void, from: Offer = offerDefaults): Offer {
  const offer = structuredClone(from);
  change(offer);
  return offer;
}

const faq = offerDefaults.faq.items;
const questions = (offer: Offer) => offer.faq.items.map((item) => item.question);

describe('a draft laid on a newer live version, field by field', () => {
  it('keeps both sides’ changes to different fields, with no conflict', () => {
    const theirs = edited((offer) => (offer.hero.headline = 'Título de outra aba'));
    const mine = edited((offer) => (offer.faq.items[0]!.answer = 'Minha resposta'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.hero.headline).toBe('Título de outra aba');
    expect(merged.offer.faq.items[0]!.answer).toBe('Minha resposta');
    expect(merged.offer.faq.items[1]).toEqual(faq[1]);
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
    const theirs = edited((offer) => offer.faq.items.push({ id: 'nova', question: 'Nova?', answer: 'Sim.' }));
    const mine = edited((offer) => (offer.hero.badge = 'Novo selo'));
    expect(mergeOffers(offerDefaults, theirs, mine).offer.faq.items).toHaveLength(faq.length + 1);
    const both = edited((offer) => (offer.hero.badge = 'Novo selo'));
    expect(mergeOffers(offerDefaults, both, mine).conflicts).toEqual([]);
  });
});

describe('lists merge item by item, matched by their ids', () => {
  it('lands a question one editor added and an answer the other edited, with no conflict', () => {
    const theirs = edited((offer) => offer.faq.items.push({ id: 'garantia', question: 'Tem garantia?', answer: 'Sete dias.' }));
    const mine = edited((offer) => (offer.faq.items[1]!.answer = 'Minha resposta'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.faq.items).toEqual([
      faq[0],
      { ...faq[1], answer: 'Minha resposta' },
      ...faq.slice(2),
      { id: 'garantia', question: 'Tem garantia?', answer: 'Sete dias.' },
    ]);
  });

  it('lands a question’s text edited by one and its answer by the other, when the other also removed a question', () => {
    // Matched by text, the edited question 3 could not be paired with the one beside a removal: a conflict of the list.
    const theirs = edited((offer) => (offer.faq.items[2]!.question = 'O acesso é para sempre?'));
    const mine = edited((offer) => {
      offer.faq.items[2]!.answer = 'Sim, sem mensalidade.';
      offer.faq.items.splice(1, 1);
    });
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.faq.items).toEqual([
      faq[0],
      { id: faq[2]!.id, question: 'O acesso é para sempre?', answer: 'Sim, sem mensalidade.' },
      ...faq.slice(3),
    ]);
  });

  it('keeps one side’s new order and the other’s edit of a moved item', () => {
    const theirs = edited((offer) => offer.faq.items.unshift(...offer.faq.items.splice(3, 1)));
    const mine = edited((offer) => (offer.faq.items[3]!.answer = 'Devolvemos o dinheiro.'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.faq.items).toEqual([{ ...faq[3], answer: 'Devolvemos o dinheiro.' }, faq[0], faq[1], faq[2], faq[4], faq[5]]);
  });

  it('lands the items both sides added, theirs before mine where both added at one place', () => {
    const theirs = edited((offer) => offer.faq.items.push({ id: 'deles', question: 'Deles?', answer: 'Sim, deles.' }));
    const mine = edited((offer) => {
      offer.faq.items.push({ id: 'meu', question: 'Minha?', answer: 'Sim, minha.' });
      offer.faq.items.splice(1, 0, { id: 'meio', question: 'No meio?', answer: 'Sim, no meio.' });
    });
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(questions(merged.offer)).toEqual([
      faq[0]!.question,
      'No meio?',
      ...faq.slice(1).map((item) => item.question),
      'Deles?',
      'Minha?',
    ]);
  });

  it('keeps an item one side inserted in the middle and an item the other removed', () => {
    const theirs = edited((offer) => offer.faq.items.splice(1, 0, { id: 'meio', question: 'No meio?', answer: 'Sim.' }));
    const mine = edited((offer) => offer.faq.items.splice(2, 1));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.faq.items).toEqual([faq[0], { id: 'meio', question: 'No meio?', answer: 'Sim.' }, faq[1], ...faq.slice(3)]);
  });

  it('names the one field both changed differently, on its item at its place in the merged list', () => {
    const theirs = edited((offer) => {
      offer.faq.items.unshift({ id: 'primeira', question: 'Primeira?', answer: 'Sim.' });
      offer.faq.items[2]!.answer = 'Deles';
    });
    const mine = edited((offer) => {
      offer.faq.items[1]!.answer = 'Meu';
      offer.faq.items[1]!.question = 'Minha pergunta?';
    });
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts.map(({ path, theirs: their, mine: my }) => ({ path, theirs: their, mine: my }))).toEqual([
      { path: 'faq.items.2.answer', theirs: 'Deles', mine: 'Meu' },
    ]);
    expect(merged.conflicts[0]!.item).toMatchObject({ list: 'faq.items', id: faq[1]!.id });
    expect(merged.offer.faq.items[0]).toEqual({ id: 'primeira', question: 'Primeira?', answer: 'Sim.' });
    expect(merged.offer.faq.items[2]).toEqual({ id: faq[1]!.id, question: 'Minha pergunta?', answer: 'Meu' });
    const picked = withConflictPicked(merged.offer, merged.conflicts[0]!, 'theirs');
    expect(picked.faq.items[2]).toEqual({ id: faq[1]!.id, question: 'Minha pergunta?', answer: 'Deles' });
  });

  it('is a conflict of the item when one side removed the item the other edited, kept until the pick', () => {
    const theirs = edited((offer) => offer.faq.items.splice(1, 1));
    const mine = edited((offer) => (offer.faq.items[1]!.answer = 'Meu'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    const edit = { ...faq[1]!, answer: 'Meu' };
    expect(merged.conflicts.map(({ path, theirs: their, mine: my }) => ({ path, theirs: their, mine: my }))).toEqual([
      { path: 'faq.items.1', theirs: null, mine: edit },
    ]);
    expect(merged.offer.faq.items[1]).toEqual(edit);
    const removed = withConflictPicked(merged.offer, merged.conflicts[0]!, 'theirs');
    expect(removed.faq.items).toEqual(theirs.faq.items);
    expect(withConflictPicked(removed, merged.conflicts[0]!, 'mine').faq.items).toEqual(mine.faq.items);
  });

  it('drops an item one side removed and the other left as it was', () => {
    const theirs = edited((offer) => offer.faq.items.splice(1, 1));
    const mine = edited((offer) => (offer.faq.items[3]!.answer = 'Meu'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.faq.items.map((item) => item.id)).toEqual(theirs.faq.items.map((item) => item.id));
  });

  it('is a conflict of the whole list when both sides moved its items differently', () => {
    const theirs = edited((offer) => offer.faq.items.reverse());
    const mine = edited((offer) => offer.faq.items.push(offer.faq.items.shift()!));
    expect(mergeOffers(offerDefaults, theirs, mine).conflicts.map((conflict) => conflict.path)).toEqual(['faq.items']);
  });

  it('keeps both versions of an item both changed as two items ("manter os dois"), and a later pick takes the copy away', () => {
    const theirs = edited((offer) => (offer.faq.items[4]!.answer = 'Resposta deles.'));
    const mine = edited((offer) => {
      offer.faq.items[4]!.answer = 'Minha resposta.';
      offer.faq.items.push({ id: 'nova', question: 'Nova?', answer: 'Sim.' });
    });
    const merged = mergeOffers(offerDefaults, theirs, mine);
    const [conflict] = merged.conflicts;
    expect(conflict?.path).toBe('faq.items.4.answer');
    const both = withConflictPicked(merged.offer, conflict!, 'both');
    expect(both.faq.items.map((item) => item.answer).slice(4, 6)).toEqual(['Resposta deles.', 'Minha resposta.']);
    expect(both.faq.items.map((item) => item.id)).toEqual([
      ...faq.slice(0, 5).map((item) => item.id),
      keptCopyId(faq[4]!.id),
      faq[5]!.id,
      'nova',
    ]);
    const mineAgain = withConflictPicked(both, conflict!, 'mine');
    expect(mineAgain).toEqual(merged.offer);
    expect(withConflictPicked(mineAgain, conflict!, 'theirs').faq.items[4]!.answer).toBe('Resposta deles.');
  });
});

describe('versions and drafts stored before items had ids', () => {
  it('name each item by its place, as the content files do, so they merge item by item', () => {
    const stored = (offer: Offer) => offerFromStored(withoutItemIds(offer), offerDefaults, offerMessages);
    const base = stored(offerDefaults);
    expect(base).toEqual(offerDefaults);
    const theirs = stored(edited((offer) => (offer.faq.items[2]!.question = 'O acesso é para sempre?')));
    const mine = edited((offer) => (offer.faq.items[2]!.answer = 'Sim, sem mensalidade.'), base);
    const merged = mergeOffers(base, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.faq.items[2]).toEqual({ id: '3', question: 'O acesso é para sempre?', answer: 'Sim, sem mensalidade.' });
  });

  it('renames an id repeated in a list, so each item stays its own', () => {
    const twice = edited((offer) => (offer.faq.items[1]!.id = offer.faq.items[0]!.id));
    const read = offerFromStored(twice, offerDefaults, offerMessages);
    expect(new Set(read.faq.items.map((item) => item.id)).size).toBe(faq.length);
    expect(read.faq.items.map((item) => item.question)).toEqual(questions(offerDefaults));
  });
});
