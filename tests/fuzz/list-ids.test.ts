import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerDefaults, offerMessages } from '../../src/content/offer.ts';
import { ITEM_ID_PATTERN, offerSchema, type Offer } from '../../src/shared/offer.ts';
import { mergeOffers } from '../../src/shared/offer-merge.ts';
import { announceSeed, FUZZ_SEED, runs } from './fuzz-kit.ts';
import { hostileString, PROTOTYPE_KEYS } from './hostile-input.ts';

/**
 * List items' ids come from the console's draft body and from versions stored before ids: whatever arrives, the
 * schema never throws, and what it accepts names every item once, in the seller's order. Two editors' random edits
 * of one list merge so that nothing only one of them did is lost.
 */

const params = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: runs(numRuns) });

const anId = fc.oneof(
  fc.constantFrom<unknown>(undefined, '1', '2', 'n0a1b2c3', '', 3, null, {}, ['1'], ...PROTOTYPE_KEYS),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
  hostileString,
);

beforeAll(() => announceSeed('list-ids'));

describe('list items’ ids in the offer schema', () => {
  it('never throws, and an accepted list names each item once with a valid id, in the order sent', () => {
    const schema = offerSchema(offerMessages);
    fc.assert(
      fc.property(fc.array(anId, { minLength: 1, maxLength: 10 }), (ids) => {
        const items = ids.map((id, index) => ({
          ...(id === undefined ? {} : { id }),
          question: `Pergunta número ${index + 1}?`,
          answer: `Resposta número ${index + 1}.`,
        }));
        const result = schema.safeParse({ ...structuredClone(offerDefaults), faq: { ...offerDefaults.faq, items } });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        if (!result.success) return;
        const named = result.data.faq.items;
        expect(named.map((item) => item.question)).toEqual(items.map((item) => item.question));
        for (const item of named) expect(item.id).toMatch(ITEM_ID_PATTERN);
        expect(new Set(named.map((item) => item.id)).size).toBe(named.length);
      }),
      params(500),
    );
  });
});

type Edit =
  | { kind: 'edit'; at: number; field: 'question' | 'answer'; text: string }
  | { kind: 'add'; at: number; text: string }
  | { kind: 'remove'; at: number }
  | { kind: 'move'; at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    at: fc.nat(9),
    field: fc.constantFrom('question' as const, 'answer' as const),
    text: fc.string({ minLength: 5, maxLength: 20 }),
  }),
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(9), text: fc.string({ minLength: 5, maxLength: 20 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(9) }),
);

/** One editor's edits of the FAQ, each new item with an id of its side. */
function applied(edits: Edit[], side: string): Offer {
  const offer = structuredClone(offerDefaults);
  const items = offer.faq.items;
  edits.forEach((change, step) => {
    const at = change.at % Math.max(items.length, 1);
    if (change.kind === 'add') items.splice(at, 0, { id: `${side}${step}`, question: `${side} ${change.text}`, answer: change.text });
    else if (items.length === 0) return;
    else if (change.kind === 'edit') items[at]![change.field] = `${side} ${change.text}`;
    else if (change.kind === 'remove') items.splice(at, 1);
    else if (at > 0) items.splice(at - 1, 0, ...items.splice(at, 1));
  });
  return offer;
}

describe('two editors’ random edits of one list', () => {
  it('lose nothing only one of them did: each new item lands, each field one side alone changed has its text', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), fc.array(edit, { maxLength: 6 }), (theirEdits, myEdits) => {
        const theirs = applied(theirEdits, 'ana');
        const mine = applied(myEdits, 'bruno');
        const { offer, conflicts } = mergeOffers(offerDefaults, theirs, mine);
        if (conflicts.some((conflict) => conflict.path === 'faq.items')) return;
        const merged = new Map(offer.faq.items.map((item) => [item.id, item]));
        expect(merged.size).toBe(offer.faq.items.length);
        const base = new Map(offerDefaults.faq.items.map((item) => [item.id, item]));
        for (const [side, other] of [
          [theirs, mine],
          [mine, theirs],
        ] as const) {
          const others = new Map(other.faq.items.map((item) => [item.id, item]));
          for (const item of side.faq.items) {
            const was = base.get(item.id);
            if (!was) {
              expect(merged.get(item.id)).toEqual(item);
              continue;
            }
            const theirItem = others.get(item.id);
            for (const field of ['question', 'answer'] as const)
              if (item[field] !== was[field] && theirItem?.[field] === was[field]) expect(merged.get(item.id)?.[field]).toBe(item[field]);
          }
        }
      }),
      params(500),
    );
  });
});
