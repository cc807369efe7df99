import { logGamma } from './distributions.ts';

/**
 * The split check holds a test once the Bayes factor against the planned split passes 1/α. Being a nonnegative
 * martingale under the planned split, the factor passes 1/α at some refresh with probability at most α (Ville's
 * inequality), however often the console is read. It is fed the visitor-days the day's hash assigned (verdict.ts
 * `splitCheck`), independent draws of the split whoever comes back; the days the consented cookie kept in an earlier
 * day's version fall together per person and are left out. α = 1/3,000 is far under the 1% a healthy test may be held:
 * it keeps false holds rare (at most 0.1% in the simulation, with or without returning visitors) while a 45/55 split
 * of 2,000 visitors is still held.
 */
export const sampleRatioAlpha = 1 / 3000;

/**
 * The Dirichlet prior's concentration k, the prior being Dirichlet(k·θ₀) centred on the planned split θ₀ (Lindon &
 * Malek's default, 100): its spread, about ±5 points on a 50/50 split, is the size of mismatch a cached page or a
 * link usually makes, so such a split is caught within a few thousand visitors.
 */
const priorConcentration = 100;

export interface SampleRatioCheck {
  /** The Bayes factor against the planned split; its inverse is an anytime-valid p-value. */
  bayesFactor: number;
  pValue: number;
  flagged: boolean;
}

/**
 * ln of the Bayes factor of the visitors each arm got against the split the seller chose: Lindon & Malek (2022),
 * "Anytime-Valid Inference for Multinomial Count Data", NeurIPS 2022 (arXiv:2011.03567), the Dirichlet–multinomial
 * Bayes factor of their sequential multinomial test,
 *
 *   BF(x) = [Γ(Σα) / Γ(Σα + n)] · Πᵢ [Γ(αᵢ + xᵢ) / Γ(αᵢ)] / Πᵢ θ₀ᵢ^xᵢ,   α = k·θ₀, n = Σxᵢ,
 *
 * the marginal likelihood of the counts under the Dirichlet prior over the likelihood under the planned split θ₀.
 */
export function logSplitBayesFactor(visitors: readonly number[], weights: readonly number[]): number {
  const total = visitors.reduce((sum, n) => sum + n, 0);
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  let logFactor = logGamma(priorConcentration) - logGamma(priorConcentration + total);
  visitors.forEach((count, arm) => {
    const share = (weights[arm] ?? 0) / weightSum;
    const prior = priorConcentration * share;
    logFactor += logGamma(prior + count) - logGamma(prior) - count * Math.log(share);
  });
  return logFactor;
}

/** The sequential test of the split: it may be re-run at every refresh of a running test. */
export function checkSampleRatio(visitors: readonly number[], weights: readonly number[]): SampleRatioCheck {
  const total = visitors.reduce((sum, n) => sum + n, 0);
  if (total === 0 || visitors.length < 2) return { bayesFactor: 1, pValue: 1, flagged: false };
  const logFactor = logSplitBayesFactor(visitors, weights);
  return {
    bayesFactor: Math.exp(logFactor),
    pValue: Math.min(1, Math.exp(-logFactor)),
    flagged: logFactor >= Math.log(1 / sampleRatioAlpha),
  };
}
