import { describe, expect, it } from 'vitest';
import { compareArms, sequentialMultiplier } from './sequential.ts';

describe('confidence sequences', () => {
  it('match gbstats sequential_interval_halfwidth for 300/10,000 against 360/10,000 tuned to 53,276', () => {
    // Reference from gbstats' formula (packages/stats/gbstats/frequentist/tests.py), run with numpy.
    const { absolute, relative } = compareArms(
      { visitors: 10_000, sum: 300, sumSquares: 300 },
      { visitors: 10_000, sum: 360, sumSquares: 360 },
      { alpha: 0.05, tuningVisitors: 53_276 },
    );
    expect(absolute.lower).toBeCloseTo(-0.0019268709341627843, 12);
    expect(absolute.upper).toBeCloseTo(0.013926870934162781, 12);
    expect(sequentialMultiplier(20_000, 53_276, 0.05)).toBeCloseTo(3.138022968525364, 10);
    expect(relative?.estimate).toBeCloseTo(0.2, 12);
    expect(relative!.lower).toBeLessThan(0);
  });

  it('are about 1.55 times as wide as a fixed-horizon 95% interval at the tuned size, wider elsewhere', () => {
    expect(sequentialMultiplier(5000, 5000, 0.05) / 1.959964).toBeCloseTo(1.5486, 3);
    expect(sequentialMultiplier(1000, 5000, 0.05)).toBeGreaterThan(sequentialMultiplier(5000, 5000, 0.05));
    expect(sequentialMultiplier(25_000, 5000, 0.05)).toBeGreaterThan(sequentialMultiplier(5000, 5000, 0.05));
  });

  it('leave the lift undefined when the control has no sales', () => {
    const none = { visitors: 500, sum: 0, sumSquares: 0 };
    expect(compareArms(none, { visitors: 500, sum: 3, sumSquares: 3 }, { alpha: 0.05, tuningVisitors: 1000 }).relative).toBe(undefined);
  });
});
