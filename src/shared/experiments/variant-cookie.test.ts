import { describe, expect, it } from 'vitest';
import { keptVariants, keptVariantsValue, parseMark } from './variant-cookie.ts';

describe('the A/B test variant cookie', () => {
  it('reads the kept variants among other cookies, and writes the served one first', () => {
    expect(keptVariants('vitrine_consent=1; vitrine_ab=exp_AbC-12_x.2~exp_presell.1; _ga=GA1.1')).toEqual([
      { experimentId: 'exp_AbC-12_x', variant: 2 },
      { experimentId: 'exp_presell', variant: 1 },
    ]);
    const kept = keptVariants('vitrine_ab=exp_old.1~exp_presell.0');
    expect(keptVariantsValue(kept, { experimentId: 'exp_presell', variant: 1 })).toBe('exp_presell.1~exp_old.1');
    expect(keptVariantsValue([], { experimentId: 'exp_new', variant: 0 })).toBe('exp_new.0');
    expect(parseMark('exp_a.3')).toEqual({ experimentId: 'exp_a', variant: 3 });
  });

  it('keeps nothing from a hostile or malformed value', () => {
    for (const header of [
      undefined,
      '',
      'vitrine_ab=',
      'vitrine_ab=exp_a',
      'vitrine_ab=exp_a.4',
      'vitrine_ab=exp_a.1.1',
      'vitrine_ab=exp a.1',
      'vitrine_ab="exp_a.1"',
      'vitrine_ab=exp_a.1~exp_b.0~exp_c.1',
      `vitrine_ab=${'a'.repeat(41)}.1`,
      `vitrine_ab=exp_a.1~${'b'.repeat(200)}`,
      'xvitrine_ab=exp_a.1',
    ])
      expect(keptVariants(header), String(header)).toEqual([]);
    // A quadratic regex would take seconds on this; the parser reads at most 100 characters of the value.
    const started = performance.now();
    expect(keptVariants(`vitrine_ab=${'a-'.repeat(50_000)}.1`)).toEqual([]);
    expect(parseMark(`${'a'.repeat(100_000)}!`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('reads prototype keys as plain test ids that no running test has', () => {
    const kept = keptVariants('vitrine_ab=__proto__.1~constructor.0');
    expect(kept).toEqual([
      { experimentId: '__proto__', variant: 1 },
      { experimentId: 'constructor', variant: 0 },
    ]);
    expect(Object.getPrototypeOf(kept[0])).toBe(Object.prototype);
    expect(Object.prototype).not.toHaveProperty('variant');
    expect(Object.prototype).not.toHaveProperty('experimentId');
  });
});
