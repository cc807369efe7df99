import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../../../content/offer.ts';
import type { Offer } from '../../../shared/offer.ts';
import { mergeOffers } from '../../../shared/offer-merge.ts';
import { canKeepBoth, conflictText, pickConflict, type PendingConflict } from './page-drafts.ts';

function edited(change: (offer: Offer) => void): Offer {
  const offer = structuredClone(offerDefaults);
  change(offer);
  return offer;
}

const pending = (base: Offer, theirs: Offer, mine: Offer) => {
  const merged = mergeOffers(base, theirs, mine);
  return { offer: merged.offer, conflicts: merged.conflicts.map((conflict): PendingConflict => ({ ...conflict, picked: null })) };
};

describe('the conflict panel’s picks', () => {
  it('"Manter os dois" answers every field of the item at once; a pick after it asks for the item’s other field again', () => {
    const theirs = edited((offer) => {
      offer.faq.items[1]!.question = 'Pergunta deles?';
      offer.faq.items[1]!.answer = 'Resposta deles.';
    });
    const mine = edited((offer) => {
      offer.faq.items[1]!.question = 'Minha pergunta?';
      offer.faq.items[1]!.answer = 'Minha resposta.';
    });
    const start = pending(offerDefaults, theirs, mine);
    expect(start.conflicts.map((conflict) => conflict.path)).toEqual(['faq.items.1.question', 'faq.items.1.answer']);
    expect(canKeepBoth(start.offer, start.conflicts[0]!)).toBe(true);

    const both = pickConflict(start.offer, start.conflicts, start.conflicts[0]!, 'both');
    expect(both.conflicts.map((conflict) => conflict.picked)).toEqual(['both', 'both']);
    expect(both.offer.faq.items.slice(1, 3).map(({ question, answer }) => [question, answer])).toEqual([
      ['Pergunta deles?', 'Resposta deles.'],
      ['Minha pergunta?', 'Minha resposta.'],
    ]);

    const again = pickConflict(both.offer, both.conflicts, both.conflicts[1]!, 'theirs');
    expect(again.conflicts.map((conflict) => conflict.picked)).toEqual([null, 'theirs']);
    expect(again.offer.faq.items).toHaveLength(offerDefaults.faq.items.length);
    expect(again.offer.faq.items[1]).toMatchObject({ question: 'Minha pergunta?', answer: 'Resposta deles.' });
  });

  it('offers no "Manter os dois" in a list of a fixed length, nor for an item one side removed', () => {
    const theirs = edited((offer) => (offer.howItWorks.steps[0]!.title = 'Passo deles'));
    const mine = edited((offer) => (offer.howItWorks.steps[0]!.title = 'Meu passo'));
    const steps = pending(offerDefaults, theirs, mine);
    expect(steps.conflicts).toHaveLength(1);
    expect(canKeepBoth(steps.offer, steps.conflicts[0]!)).toBe(false);

    const removed = pending(
      offerDefaults,
      edited((offer) => offer.faq.items.splice(1, 1)),
      edited((offer) => (offer.faq.items[1]!.answer = 'Minha resposta.')),
    );
    expect(canKeepBoth(removed.offer, removed.conflicts[0]!)).toBe(false);
    expect(conflictText(removed.conflicts[0]!.path, removed.conflicts[0]!.theirs)).toBe('(removido)');
    expect(conflictText(removed.conflicts[0]!.path, removed.conflicts[0]!.mine)).toBe(
      `${offerDefaults.faq.items[1]!.question} — Minha resposta.`,
    );
  });
});
