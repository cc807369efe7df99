import { describe, expect, it } from 'vitest';
import { offerDefaults, offerMessages } from '../content/offer.ts';
import { offerFromStored, offerSchema, type Offer } from './offer.ts';

function edited(change: (offer: Offer) => void): Offer {
  const offer = structuredClone(offerDefaults);
  change(offer);
  return offer;
}

/** The schema's refusals of `offer`, by field path. */
function refusals(offer: Offer): Record<string, string> {
  const issues = offerSchema(offerMessages).safeParse(offer).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the top-up, services, catalogue and example chat sections', () => {
  it('take an edit of each, lists added to and reordered', () => {
    const offer = edited((draft) => {
      draft.topUp.freeCreditClaim = 'R$ 10,00 de crédito grátis';
      draft.services.included.push({ name: 'Max' });
      draft.services.extras.reverse();
      draft.catalogue.tiers[0]!.label = 'Os campeões';
      draft.howItWorksChat.messages.push({ text: 'Liberado! Bom filme.', from: 'supplier' });
      draft.howItWorksChat.paidCents = 300;
    });
    expect(refusals(offer)).toEqual({});
  });

  it('refuses what would break the layout at 390 px, in Portuguese', () => {
    const offer = edited((draft) => {
      draft.topUp.discountBadge = '80% OFF EM TODAS AS RECARGAS';
      draft.services.included[0]!.name = 'Netflix Premium Ultra HD 4K';
      draft.services.extras = Array.from({ length: 7 }, (_item, index) => ({ text: `Extra ${index + 1}` }));
      draft.catalogue.newLabel = 'NOVIDADE DO MÊS';
      draft.catalogue.tiers.pop();
      draft.howItWorksChat.messages[1]!.text = 'Oi! '.repeat(40);
      draft.howItWorksChat.monogram = 'NFLX';
    });
    expect(refusals(offer)).toEqual({
      'topUp.discountBadge': 'Use no máximo 14 caracteres.',
      'services.included.0.name': 'Use no máximo 20 caracteres.',
      'services.extras': 'No máximo 6 itens.',
      'catalogue.newLabel': 'Use no máximo 8 caracteres.',
      'catalogue.tiers': 'Mantenha pelo menos 4 itens.',
      'howItWorksChat.messages.1.text': 'Use no máximo 120 caracteres.',
      'howItWorksChat.monogram': 'Use no máximo 3 caracteres.',
    });
  });

  it('takes only a buyer or the supplier as who sends a message', () => {
    const offer = edited((draft) => ((draft.howItWorksChat.messages[0] as { from: string }).from = 'robot'));
    expect(refusals(offer)).toEqual({ 'howItWorksChat.messages.0.from': 'Preencha este campo.' });
  });
});

describe('a version stored by an earlier build', () => {
  it('reads the sections it lacks as the defaults and keeps its own edits', () => {
    const stored = edited((draft) => (draft.hero.headline = 'Um título de uma versão antiga da página')) as Partial<Offer>;
    delete stored.topUp;
    delete stored.services;
    delete stored.catalogue;
    delete stored.howItWorksChat;
    const offer = offerFromStored(JSON.parse(JSON.stringify(stored)), offerDefaults, offerMessages);
    expect(offer.hero.headline).toBe('Um título de uma versão antiga da página');
    expect(offer.topUp).toEqual(offerDefaults.topUp);
    expect(offer.services).toEqual(offerDefaults.services);
    expect(offer.catalogue).toEqual(offerDefaults.catalogue);
    expect(offer.howItWorksChat).toEqual(offerDefaults.howItWorksChat);
  });
});
