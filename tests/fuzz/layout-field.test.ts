import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerDefaults, offerMessages } from '../../src/content/offer.ts';
import { landingSectionIds } from '../../src/shared/offer-layout.ts';
import { offerSchema } from '../../src/shared/offer.ts';
import { announceSeed, cpuMs, FUZZ_SEED, runs } from './fuzz-kit.ts';
import { hostileString, PROTOTYPE_KEYS } from './hostile-input.ts';

/**
 * The layout of `/` comes from the console's draft body: whatever ids and shapes arrive, the schema answers at once,
 * never throws, and what it accepts is every known section once, the hidden ones among them, never the hero or the
 * checkout (which the page composes apart, so an accepted value cannot drop them).
 */

const params = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: runs(numRuns) });

const anId = fc.oneof(
  fc.constantFrom(...landingSectionIds),
  fc.constantFrom(...landingSectionIds),
  fc.constantFrom('hero', 'checkout', ...PROTOTYPE_KEYS),
  hostileString,
);
const ids = fc.oneof(
  fc.array(anId, { maxLength: 30 }),
  fc.shuffledSubarray([...landingSectionIds]),
  fc.constantFrom<unknown>(null, {}, 'faq', 3, { __proto__: ['faq'] }),
);
const layout = fc.oneof(
  fc.record({ order: ids, hidden: ids }),
  fc.record({ order: ids, hidden: ids, constructor: fc.constant({}) }),
  fc.constantFrom<unknown>(null, [], 'faq', JSON.parse('{"__proto__":{"order":[]},"order":[],"hidden":[]}')),
);

beforeAll(() => announceSeed('layout-field'));

describe('the layout field in the offer schema', () => {
  it('accepts only every known section once, in some order, with known hidden ones; hostile and prototype keys included', () => {
    const schema = offerSchema(offerMessages);
    fc.assert(
      fc.property(layout, (sections) => {
        const offer = { ...structuredClone(offerDefaults), layout: { sections } };
        let result: ReturnType<typeof schema.safeParse> | undefined;
        expect(cpuMs(() => (result = schema.safeParse(offer)), 50)).toBeLessThanOrEqual(50);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        if (!result?.success) return;
        const { order, hidden } = result.data.layout.sections;
        expect([...order].sort()).toEqual([...landingSectionIds].sort());
        for (const id of hidden) expect(landingSectionIds).toContain(id);
        expect(new Set(hidden).size).toBe(hidden.length);
      }),
      params(500),
    );
  });
});
