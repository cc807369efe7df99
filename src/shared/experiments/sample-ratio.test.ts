import { describe, expect, it } from 'vitest';
import { checkSampleRatio, logSplitBayesFactor } from './sample-ratio.ts';

/**
 * The Bayes factor by hand, with the prior's concentration 100 (α = 100·θ₀):
 * BF = [Γ(100) / Γ(100 + n)] · Πᵢ Γ(αᵢ + xᵢ) / Γ(αᵢ) / Πᵢ θ₀ᵢ^xᵢ, and Γ(a + x) / Γ(a) = a (a + 1) … (a + x − 1).
 */
describe('the split check (Lindon & Malek 2022)', () => {
  it('computes the Dirichlet–multinomial Bayes factor of small counts exactly', () => {
    // 50/50, one visitor in A and two in B: α = (50, 50); 50 · 50 · 51 / (100 · 101 · 102) over (1/2)³.
    expect(Math.exp(logSplitBayesFactor([1, 2], [1, 1]))).toBeCloseTo((8 * 50 * 50 * 51) / (100 * 101 * 102), 10);
    // 80/20 planned, the 20% version got both visitors: α = (80, 20); 20 · 21 / (100 · 101) over (1/5)².
    expect(Math.exp(logSplitBayesFactor([0, 2], [4, 1]))).toBeCloseTo((25 * 20 * 21) / (100 * 101), 10);
    // Three versions 50/25/25, counts (2, 0, 1): α = (50, 25, 25); 50 · 51 · 25 / (100 · 101 · 102) over (1/2)² (1/4).
    expect(Math.exp(logSplitBayesFactor([2, 0, 1], [2, 1, 1]))).toBeCloseTo((16 * 50 * 51 * 25) / (100 * 101 * 102), 10);
  });

  it('reads an even split as evidence for the planned split and a lopsided one against it', () => {
    expect(checkSampleRatio([1000, 1000], [1, 1]).bayesFactor).toBeLessThan(1);
    expect(checkSampleRatio([1000, 1000], [1, 1]).flagged).toBe(false);
    expect(checkSampleRatio([8000, 2000], [4, 1]).flagged).toBe(false);
  });

  it('holds a 45/55 split of 2,000 visitors planned 50/50, and not a 48/52 one', () => {
    const broken = checkSampleRatio([900, 1100], [1, 1]);
    expect(broken.flagged).toBe(true);
    expect(broken.pValue).toBeCloseTo(1 / broken.bayesFactor, 12);
    expect(checkSampleRatio([960, 1040], [1, 1]).flagged).toBe(false);
  });

  it('waits for visitors in at least two versions', () => {
    expect(checkSampleRatio([0, 0], [1, 1])).toEqual({ bayesFactor: 1, pValue: 1, flagged: false });
  });
});
