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
      draft.services.included.push({ id: 'max', name: 'Max' });
      draft.services.extras.reverse();
      draft.catalogue.tiers[0]!.label = 'Os campeões';
      draft.howItWorksChat.messages.push({ id: 'liberado', text: 'Liberado! Bom filme.', from: 'supplier' });
      draft.howItWorksChat.paidCents = 300;
    });
    expect(refusals(offer)).toEqual({});
  });

  it('refuses what would break the layout at 390 px, in Portuguese', () => {
    const offer = edited((draft) => {
      draft.topUp.discountBadge = '80% OFF EM TODAS AS RECARGAS';
      draft.services.included[0]!.name = 'Netflix Premium Ultra HD 4K';
      draft.services.extras = Array.from({ length: 7 }, (_item, index) => ({ id: `extra-${index}`, text: `Extra ${index + 1}` }));
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

describe('a price as the seller types it', () => {
  it('is read from "R$ 29,90", "29.90" or "1.990,00", by the same parser as the console’s box', () => {
    const typed = edited((draft) => {
      (draft.product as Record<string, unknown>).priceCents = 'R$ 29,90';
      (draft.bump as Record<string, unknown>).priceCents = '29.90';
      (draft.bump as Record<string, unknown>).afterPaymentPriceCents = '1.990,00';
    });
    const parsed = offerSchema(offerMessages).parse(typed);
    expect([parsed.product.priceCents, parsed.bump.priceCents, parsed.bump.afterPaymentPriceCents]).toEqual([2990, 2990, 199000]);
  });

  it('is refused in plain Portuguese when negative, zero or no amount, never with "Preencha este campo."', () => {
    const price = (value: unknown) =>
      refusals(edited((draft) => ((draft.product as Record<string, unknown>).priceCents = value)))['product.priceCents'];
    expect(price(-500)).toBe('O preço precisa ser maior que zero.');
    expect(price('-5')).toBe('O preço precisa ser maior que zero.');
    expect(price(0)).toBe('O preço precisa ser maior que zero.');
    expect(price('abc')).toBe('Escreva o valor em reais, por exemplo 19,90 ou R$ 1.990,00.');
    expect(price(Number.NaN)).toBe('Escreva o valor em reais, por exemplo 19,90 ou R$ 1.990,00.');
    expect(price(400)).toBe('O preço mínimo aceito pelo provedor de PIX é R$ 5,00.');
    expect(refusals(edited((draft) => (draft.bonuses.items[0]!.valueCents = -100)))['bonuses.items.0.valueCents']).toBe(
      'O valor não pode ser negativo.',
    );
  });
});
