import { describe, expect, it } from 'vitest';
import { offerDefaults } from '../content/offer.ts';
import { islandOfferData, islandOfferSections, offerDataBlock, withoutItemIds, type Offer } from './offer.ts';
import { applyOfferPatch, offerPatch } from './offer-patch.ts';

const NEW_ANSWER = 'O link chega no seu e-mail em poucos minutos depois do PIX, com {garantia} dias de garantia.';

function edited(change: (offer: Offer) => void): Offer {
  const offer = structuredClone(offerDefaults);
  change(offer);
  return offer;
}

/** What the browser does: the block's JSON, parsed, applied onto the defaults (its content files, no items' ids). */
function throughTheBlock(offer: Offer) {
  const block = offerDataBlock(islandOfferData(offer, offerDefaults));
  const data = block === '' ? {} : (JSON.parse(block.replace(/^<script[^>]*>|<\/script>$/g, '')) as Record<string, unknown>);
  return Object.fromEntries(islandOfferSections.map((key) => [key, applyOfferPatch(withoutItemIds(offerDefaults[key]), data[key])]));
}

function islandSections(offer: Offer) {
  return Object.fromEntries(islandOfferSections.map((key) => [key, withoutItemIds(offer[key])]));
}

describe('the landing page’s data block: only the changes from the defaults', () => {
  it('is empty for the build’s own content', () => {
    expect(islandOfferData(offerDefaults, offerDefaults)).toEqual({});
    expect(offerDataBlock(islandOfferData(offerDefaults, offerDefaults))).toBe('');
  });

  it('carries one FAQ answer by its index, tokens as the seller wrote them', () => {
    const offer = edited((draft) => {
      draft.faq.items[0]!.answer = NEW_ANSWER;
      draft.hero.headline = 'Netflix, Disney+ e +30 apps por R$ 1,00: a lista de 2027';
    });
    // The hero is rendered by the server only: it never travels.
    expect(islandOfferData(offer, offerDefaults)).toEqual({ faq: { items: { 0: { answer: NEW_ANSWER } } } });
    expect(throughTheBlock(offer)).toEqual(islandSections(offer));
  });

  it('gives back the seller’s FAQ whole when questions are added, removed or reordered', () => {
    const added = edited((draft) =>
      draft.faq.items.push({ id: 'tv', question: 'Funciona na TV?', answer: 'Sim, em {garantia} dias por {preco}.' }),
    );
    expect(islandOfferData(added, offerDefaults)).toEqual({ faq: { items: withoutItemIds(added.faq.items) } });
    const removed = edited((draft) => draft.faq.items.splice(1, 2));
    expect(islandOfferData(removed, offerDefaults)).toEqual({ faq: { items: withoutItemIds(removed.faq.items) } });
    const reordered = edited((draft) => draft.faq.items.reverse());
    for (const offer of [added, removed, reordered]) expect(throughTheBlock(offer)).toEqual(islandSections(offer));
  });

  it('never carries a list item’s id: a question added, the list reordered, only the words travel', () => {
    const offer = edited((draft) => {
      draft.faq.items.reverse();
      draft.faq.items.push({ id: 'nunca-impresso', question: 'Funciona na TV?', answer: 'Sim.' });
    });
    const block = offerDataBlock(islandOfferData(offer, offerDefaults));
    expect(block).toContain('Funciona na TV?');
    expect(block).not.toContain('nunca-impresso');
    expect(block).not.toContain('"id"');
  });

  it('round-trips every island section edited at once, lists included', () => {
    const offer = edited((draft) => {
      draft.stickyBar.cta = 'QUERO A MINHA';
      draft.faq.title = 'Dúvidas frequentes';
      draft.faq.items[2]!.question = 'E se eu não gostar em {garantia} dias?';
      draft.scarcity.eyebrow = 'Poucas vagas';
      draft.whatsappGroup.perks[1]!.text = 'Avisos de novidades';
      draft.whatsappGroup.perks.pop();
      draft.footer.disclaimer = 'As marcas citadas pertencem aos seus donos.';
      draft.catalogue.tiers[2]!.description = 'Animes, música e jogos por R$ 1,00.';
      draft.catalogue.cta = 'VER A LISTA';
    });
    const data = islandOfferData(offer, offerDefaults);
    expect(data.stickyBar).toEqual({ cta: 'QUERO A MINHA' });
    // The catalogue is an island: its changed words travel, by the tier's index.
    expect(data.catalogue).toEqual({ tiers: { 2: { description: 'Animes, música e jogos por R$ 1,00.' } }, cta: 'VER A LISTA' });
    expect(data.whatsappGroup).toEqual({ perks: withoutItemIds(offer.whatsappGroup.perks) });
    expect(throughTheBlock(offer)).toEqual(islandSections(offer));
  });

  it('escapes `<` so no text closes the block', () => {
    const offer = edited((draft) => {
      draft.footer.disclaimer = 'Marcas </script><script>alert(1)</script>';
      draft.catalogue.title = 'Apps </script><script>alert(2)</script>';
    });
    const block = offerDataBlock(islandOfferData(offer, offerDefaults));
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(throughTheBlock(offer).footer).toEqual(offer.footer);
    expect(throughTheBlock(offer).catalogue).toEqual(withoutItemIds(offer.catalogue));
  });
});

describe('a patch', () => {
  it('changes list items by index and keeps what it does not name', () => {
    const base = {
      title: 'a',
      items: [
        { q: '1', a: 'x' },
        { q: '2', a: 'y' },
      ],
      extra: 'kept',
    };
    const value = {
      title: 'a',
      items: [
        { q: '1', a: 'x' },
        { q: '2', a: 'z' },
      ],
    };
    const patch = offerPatch(value, base);
    expect(patch).toEqual({ items: { 1: { a: 'z' } } });
    expect(applyOfferPatch(base, patch)).toEqual({ ...value, extra: 'kept' });
    expect(base.items[1]!.a).toBe('y');
  });

  it('is nothing when nothing changed, and a whole value replaces every field', () => {
    expect(offerPatch({ a: [1, 2] }, { a: [1, 2] })).toBeUndefined();
    expect(applyOfferPatch({ a: 'x', b: 'y' }, undefined)).toEqual({ a: 'x', b: 'y' });
    expect(applyOfferPatch({ a: 'x', b: [{ c: '1' }] }, { a: 'p', b: [{ c: '2' }, { c: '3' }] })).toEqual({
      a: 'p',
      b: [{ c: '2' }, { c: '3' }],
    });
  });
});
