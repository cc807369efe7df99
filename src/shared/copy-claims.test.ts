import { describe, expect, it } from 'vitest';
import { itemPrices } from '../content/item-prices.ts';
import { copyClaimRefusal, offerDefaults } from '../content/offer.ts';
import { copyFindings, sentenceClaims, sentencesOf, shopFactsOf, type ShopFacts } from './copy-claims.ts';

// R$ 9,90 today, honestly "de R$ 19,90" (50 % off), a R$ 4,90 bump, a R$ 47,00 bonus, 7 days of guarantee.
const facts: ShopFacts = {
  amountsCents: [990, 490, 4700, 1480],
  referencePriceCents: 1990,
  priceCents: 990,
  guaranteeDays: 7,
  itemPrices: [],
};
const kinds = (sentence: string, shop = facts) => sentenceClaims(sentence, shop).map((claim) => claim.kind);

describe('amounts in the copy', () => {
  it.each([
    'Por apenas R$ 9,90.',
    'De R$ 19,90 por R$ 9,90',
    'r$9,90 no PIX',
    'Só 9,90 reais',
    'Leve o bônus de R$ 47',
    'Tudo por R$ 14,80',
    'Por {preco} no PIX',
  ])('accepts "%s": a price the buyer pays, the honest reference or an item the page sells', (sentence) =>
    expect(kinds(sentence)).toEqual([]),
  );

  it.each([
    ['De R$ 97,00 por R$ 9,90', 9700],
    ['De R$\u00a097 por apenas R$ 9,90', 9700],
    ['Valia 97,00 reais', 9700],
    ['Vale R$ 1.997,00', 199700],
    ['Hoje por R$9,9', 0],
  ])('refuses "%s"', (sentence, cents) => {
    const claims = sentenceClaims(sentence, { ...facts, amountsCents: cents === 0 ? [] : facts.amountsCents });
    expect(claims[0]).toEqual({ kind: 'amount', cents: cents === 0 ? 990 : cents });
  });

  it('names a reference price only while it is the honest one', () => {
    expect(kinds('De R$ 19,90 por R$ 9,90', { ...facts, referencePriceCents: 0 })).toEqual(['amount']);
  });
});

describe('discounts', () => {
  it.each([
    '-50 %',
    '50% off',
    '50% de desconto',
    'Desconto de 49%',
    '– 51 % hoje',
    '100% online, sem mensalidade',
    'Aprovado por 98% dos alunos',
  ])('accepts "%s"', (sentence) => expect(kinds(sentence)).toEqual([]));

  it.each(['-90 %', '-90%', '90% OFF', '90 % de desconto', 'Economize 90%', 'desconto de até 90 por cento', '−90 %'])(
    'refuses "%s"',
    (sentence) => expect(sentenceClaims(sentence, facts)).toEqual([{ kind: 'discount', percent: 90, honestPercent: 50 }]),
  );

  it('accepts the discount of an item the list sells, against its own official price', () => {
    expect(kinds('Recarga com 80% OFF', { ...facts, itemPrices: [{ fromCents: 10000, toCents: 2000 }] })).toEqual([]);
    expect(kinds('R$ 100 de recarga por R$ 20', { ...facts, itemPrices: [{ fromCents: 10000, toCents: 2000 }] })).toEqual([]);
  });

  it('refuses any discount without a reference price', () => {
    expect(sentenceClaims('50% off', { ...facts, referencePriceCents: 0 })).toEqual([
      { kind: 'discount', percent: 50, honestPercent: null },
    ]);
  });
});

describe('guarantee', () => {
  it.each([
    'Garantia de 7 dias',
    '7 dias de garantia',
    'Garantia de {garantia} dias',
    '{garantia} dias para pedir reembolso',
    'Acesso por 30 dias',
  ])('accepts "%s"', (sentence) => expect(kinds(sentence)).toEqual([]));

  it.each([
    'garantia de 30 dias',
    'Garantia incondicional de 30 dias',
    '30 dias de garantia',
    'GARANTIA DE 30 DIAS',
    '30 dias para pedir o reembolso',
    '30  dias   de\ngarantia',
  ])('refuses "%s"', (sentence) => expect(sentenceClaims(sentence, facts)).toEqual([{ kind: 'guarantee', days: 30, guaranteeDays: 7 }]));
});

describe('the right to regret', () => {
  it.each([
    'não tem reembolso',
    'Produto digital: sem reembolso.',
    'Não devolvemos o dinheiro',
    'Nao aceitamos devolução',
    'Não há devolução',
    'Todas as vendas são finais',
    'Sem direito a arrependimento',
    'NÃO FAZEMOS ESTORNO',
  ])('refuses "%s"', (sentence) => expect(kinds(sentence)).toEqual(['no_regret']));

  it.each(['Reembolso sem burocracia', 'Sem risco: devolvemos seu dinheiro', 'Sem mensalidade', 'Não tem segredo'])(
    'accepts "%s"',
    (sentence) => expect(kinds(sentence)).toEqual([]),
  );
});

describe('copyFindings', () => {
  it("passes the build's own copy", () => {
    expect(copyFindings(offerDefaults, shopFactsOf(offerDefaults, 7, itemPrices))).toEqual([]);
  });

  it('names the field and the sentence as written, with the reason in Portuguese', () => {
    const offer = { ...offerDefaults, hero: { ...offerDefaults.hero, subheadline: 'Aprenda hoje. Garantia de 30 dias! Comece já.' } };
    const [finding, ...rest] = copyFindings(offer, shopFactsOf(offer, 7, itemPrices));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ field: 'hero.subheadline', sentence: 'Garantia de 30 dias!' });
    expect(copyClaimRefusal(finding!)).toBe(
      '"Garantia de 30 dias!": A garantia da loja é de 7 dias, não 30. Use {garantia}, que sempre mostra o prazo configurado.',
    );
  });

  it('splits sentences without cutting a price', () => {
    expect(sentencesOf('Por R$ 1.997,00 à vista. Ou não!\nFim')).toEqual(['Por R$ 1.997,00 à vista.', 'Ou não!', 'Fim']);
  });
});
