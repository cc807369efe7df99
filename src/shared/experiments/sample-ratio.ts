import { chiSquareSurvival } from './distributions.ts';

export const sampleRatioAlpha = 0.001;

export interface SampleRatioCheck {
  pValue: number;
  flagged: boolean;
}

/** Pearson's chi-square of the visitors each arm got against the split the seller chose. */
export function checkSampleRatio(visitors: readonly number[], weights: readonly number[]): SampleRatioCheck {
  const total = visitors.reduce((sum, n) => sum + n, 0);
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0 || visitors.length < 2) return { pValue: 1, flagged: false };
  let chiSquare = 0;
  visitors.forEach((observed, arm) => {
    const expected = (total * (weights[arm] ?? 0)) / weightSum;
    chiSquare += (observed - expected) ** 2 / expected;
  });
  const pValue = chiSquareSurvival(chiSquare, visitors.length - 1);
  return { pValue, flagged: pValue < sampleRatioAlpha };
}
