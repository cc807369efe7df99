import { describe, expect, it } from 'vitest';
import { layoutChangeText, layoutText } from '../content/layout.ts';
import { offerDefaults, offerMessages } from '../content/offer.ts';
import { offerChanges } from './offer-diff.ts';
import { landingSectionIds, shownSections, type OfferLayout } from './offer-layout.ts';
import { mergeOffers, withValueAt } from './offer-merge.ts';
import { offerDifferences, offerFromStored, offerSchema, type Offer } from './offer.ts';

function withLayout(change: (layout: OfferLayout) => void): Offer {
  const offer = structuredClone(offerDefaults);
  change(offer.layout.sections);
  return offer;
}

const swap = (order: OfferLayout['order'], a: string, b: string) => {
  const i = order.indexOf(a as never);
  const j = order.indexOf(b as never);
  [order[i], order[j]] = [order[j]!, order[i]!];
};

const parse = (sections: unknown) => offerSchema(offerMessages).safeParse({ ...offerDefaults, layout: { sections } });
const messagesOf = (result: ReturnType<typeof parse>) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the layout of `/`: which sections show, in what order', () => {
  it('starts as the build’s order with every section shown', () => {
    expect(offerDefaults.layout.sections).toEqual({ order: [...landingSectionIds], hidden: [] });
    expect(shownSections(offerDefaults.layout.sections)).toEqual([...landingSectionIds]);
  });

  it('takes a section hidden and two swapped', () => {
    const offer = withLayout((layout) => {
      layout.hidden.push('faq');
      swap(layout.order, 'benefits', 'topUp');
    });
    const result = offerSchema(offerMessages).safeParse(offer);
    expect(result.success).toBe(true);
    expect(shownSections(result.data!.layout.sections).slice(0, 3)).toEqual(['howItWorks', 'topUp', 'benefits']);
    expect(shownSections(result.data!.layout.sections)).not.toContain('faq');
  });

  it('refuses a section that does not exist, in Portuguese, on the id’s place', () => {
    expect(messagesOf(parse({ order: [...landingSectionIds, 'popup'], hidden: [] }))).toEqual([
      ['layout.sections.order.12', 'A seção “popup” não existe nesta página.'],
    ]);
    expect(messagesOf(parse({ order: [...landingSectionIds], hidden: ['__proto__'] }))).toEqual([
      ['layout.sections.hidden.0', 'A seção “__proto__” não existe nesta página.'],
    ]);
  });

  it('never lets the hero or the checkout be hidden or moved', () => {
    const fixed = 'O topo da página e o checkout ficam sempre no lugar: não podem ser escondidos nem movidos.';
    expect(messagesOf(parse({ order: [...landingSectionIds], hidden: ['hero'] }))).toEqual([['layout.sections.hidden.0', fixed]]);
    expect(messagesOf(parse({ order: [...landingSectionIds], hidden: ['checkout'] }))).toEqual([['layout.sections.hidden.0', fixed]]);
    expect(messagesOf(parse({ order: ['hero', ...landingSectionIds], hidden: [] }))).toEqual([['layout.sections.order.0', fixed]]);
    expect(messagesOf(parse({ order: [...landingSectionIds, 'checkout'], hidden: [] }))).toEqual([['layout.sections.order.12', fixed]]);
  });

  it('refuses a section twice in the order, and a value that is no layout', () => {
    expect(messagesOf(parse({ order: ['faq', ...landingSectionIds], hidden: [] }))[0]).toEqual([
      'layout.sections.order.11',
      'A seção “faq” aparece duas vezes na ordem.',
    ]);
    expect(parse({ order: 'faq', hidden: [] }).success).toBe(false);
    expect(parse({ order: [], hidden: [], extra: 1 }).success).toBe(false);
    expect(parse(null).success).toBe(false);
  });

  it('puts back, at its build place, a section a stored order lacks; a version stored before layouts shows every section', () => {
    const result = parse({ order: landingSectionIds.filter((id) => id !== 'topUp').reverse(), hidden: [] });
    expect(result.success).toBe(true);
    const order = result.data!.layout.sections.order;
    expect(order).toHaveLength(landingSectionIds.length);
    expect(order.indexOf('topUp')).toBe(order.indexOf('benefits') + 1);

    const { layout: _dropped, ...older } = structuredClone(offerDefaults);
    const stored = offerFromStored(
      { ...older, hero: { ...older.hero, headline: 'Um título guardado antes das seções' } },
      offerDefaults,
      offerMessages,
    );
    expect(stored.layout).toEqual(offerDefaults.layout);
    expect(stored.hero.headline).toBe('Um título guardado antes das seções');
  });
});

describe('a layout in the three-way merge', () => {
  it('keeps a section one editor hid and the order the other changed, with no conflict', () => {
    const theirs = withLayout((layout) => swap(layout.order, 'benefits', 'topUp'));
    const mine = withLayout((layout) => layout.hidden.push('faq'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.layout.sections.order).toEqual(theirs.layout.sections.order);
    expect(merged.offer.layout.sections.hidden).toEqual(['faq']);
  });

  it('merges visibility section by section: one hid the FAQ, the other showed again what both had hidden', () => {
    const base = withLayout((layout) => layout.hidden.push('bonuses'));
    const theirs = withLayout((layout) => layout.hidden.push('faq', 'bonuses'));
    const mine = withLayout(() => undefined);
    const merged = mergeOffers(base, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.offer.layout.sections.hidden).toEqual(['faq']);
  });

  it('asks which order to keep when both reordered differently, never mixing them into a repeated section', () => {
    const theirs = withLayout((layout) => {
      swap(layout.order, 'howItWorks', 'benefits');
      layout.hidden.push('scarcity');
    });
    const mine = withLayout((layout) => swap(layout.order, 'benefits', 'topUp'));
    const merged = mergeOffers(offerDefaults, theirs, mine);
    expect(merged.conflicts).toEqual([
      {
        path: 'layout.sections',
        theirs: { order: theirs.layout.sections.order, hidden: ['scarcity'] },
        mine: { order: mine.layout.sections.order, hidden: ['scarcity'] },
      },
    ]);
    expect(merged.offer.layout.sections).toEqual({ order: mine.layout.sections.order, hidden: ['scarcity'] });
    const picked = withValueAt(merged.offer, 'layout.sections', merged.conflicts[0]!.theirs);
    expect(picked.layout.sections).toEqual(theirs.layout.sections);
    expect(new Set(picked.layout.sections.order).size).toBe(landingSectionIds.length);
  });

  it('is no conflict when both made the same new order', () => {
    const theirs = withLayout((layout) => swap(layout.order, 'faq', 'faqGrid'));
    const mine = withLayout((layout) => swap(layout.order, 'faq', 'faqGrid'));
    expect(mergeOffers(offerDefaults, theirs, mine).conflicts).toEqual([]);
  });
});

describe('a layout in the console’s diff and history', () => {
  it('lists a section hidden and two swapped as one change, spelled out in Portuguese', () => {
    const after = withLayout((layout) => {
      layout.hidden.push('faq');
      swap(layout.order, 'benefits', 'topUp');
    });
    const changes = offerChanges(offerDefaults, after);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ section: 'layout', key: 'sections', kind: 'layout', item: null });
    expect(layoutChangeText(offerDefaults.layout.sections, after.layout.sections)).toBe(
      'Perguntas frequentes oculta; ordem: Como funciona, Recarga de celular, Vantagens, Avaliações de clientes, Serviços incluídos, ' +
        'Catálogo de apps, Do PIX à economia, Vagas do mês, Bônus, Grupo VIP do WhatsApp, Mais perguntas (grade)',
    );
    expect(offerDifferences(offerDefaults, after)).toEqual(['layout.sections']);
  });

  it('says a section shown again, and nothing about the order when it did not move', () => {
    const before = withLayout((layout) => layout.hidden.push('bonuses')).layout.sections;
    expect(layoutChangeText(before, offerDefaults.layout.sections)).toBe('Bônus visível');
  });

  it('writes a conflict’s side as the sections in order, then the hidden ones', () => {
    const layout = withLayout((each) => each.hidden.push('faq')).layout.sections;
    const text = layoutText(layout);
    expect(text.split('\n')[0]).toBe('1. Como funciona');
    expect(text).toMatch(/\nOcultas: Perguntas frequentes$/);
  });
});
