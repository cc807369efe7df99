import { normalQuantile } from './distributions.ts';
import { sequentialMultiplier } from './sequential.ts';
import { minimumConversionsPerArm } from './verdict.ts';

/** The shop's last 28 days for the chosen metric, per visitor: a conversion rate, or revenue's mean and variance. */
export type Baseline =
  { metric: 'conversion'; rate: number } | { metric: 'revenue'; meanCents: number; varianceCents: number; conversionRate: number };

export interface PlannerInput {
  baseline: Baseline;
  visitorsPerDay: number;
  arms?: number;
  weights?: readonly number[];
  alpha?: number;
  power?: number;
  /** How many visitors (all arms) between two readings of the verdict. */
  lookEvery?: number;
}

export type PlanWarning = 'long' | 'few-conversions';

export interface Plan {
  lift: number;
  /** All arms together; the verdict's tuning. */
  visitors: number;
  days: number;
  fixedHorizonVisitors: number;
  /** The sequence's half-width at the planned size over a fixed-horizon z interval's. */
  widthInflation: number;
  /** When half the tests with this true lift reach their verdict. */
  medianVisitors: number;
  medianDays: number;
  warnings: PlanWarning[];
}

export const longTestDays = 60;
const maximumLooks = 400;

interface Design {
  arms: number;
  /** The visitors an uneven split needs over an even one: its thinnest pair's variance against an even pair's. */
  splitCost: number;
  pairAlpha: number;
  zBeta: number;
  sequentialZ: number;
  fixedZ: number;
}

function design(input: PlannerInput): Design {
  const arms = input.arms ?? 2;
  const pairAlpha = (input.alpha ?? 0.05) / ((arms * (arms - 1)) / 2);
  const weights = input.weights?.length === arms ? input.weights : Array.from({ length: arms }, () => 1);
  const total = weights.reduce((sum, w) => sum + w, 0);
  let splitCost = 1;
  for (let i = 0; i < arms; i++)
    for (let j = i + 1; j < arms; j++) splitCost = Math.max(splitCost, (total / weights[i]! + total / weights[j]!) / (2 * arms));
  return {
    arms,
    splitCost,
    pairAlpha,
    zBeta: normalQuantile(input.power ?? 0.8),
    sequentialZ: sequentialMultiplier(1, 1, pairAlpha),
    fixedZ: normalQuantile(1 - pairAlpha / 2),
  };
}

function baselineMoments(baseline: Baseline, lift: number): { mean: number; varianceSum: number } {
  if (baseline.metric === 'revenue') return { mean: baseline.meanCents, varianceSum: 2 * baseline.varianceCents };
  const treated = baseline.rate * (1 + lift);
  return { mean: baseline.rate, varianceSum: baseline.rate * (1 - baseline.rate) + treated * (1 - treated) };
}

function visitorsPerArm(baseline: Baseline, lift: number, z: number): number {
  const { mean, varianceSum } = baselineMoments(baseline, lift);
  return (z ** 2 * varianceSum) / (mean * lift) ** 2;
}

function conversionRate(baseline: Baseline): number {
  return baseline.metric === 'conversion' ? baseline.rate : baseline.conversionRate;
}

function maximumLift(baseline: Baseline): number {
  return baseline.metric === 'conversion' ? 1 / baseline.rate - 1 : 100;
}

/**
 * The share of the plan at which half the tests whose true lift is the planned one have stopped: a
 * Gaussian random walk S(t) = θt + W(t) in information time, read at the verdict's looks, stops once
 * |S(t)| reaches the sequence's boundary k(t)·√t. Its density is carried look to look on a grid.
 */
function medianStoppingShare(drift: number, firstShare: number, lookShare: number, alpha: number): number {
  const step = Math.max(lookShare, (1 - firstShare) / maximumLooks);
  const looks: number[] = [];
  for (let t = Math.min(firstShare, 1); t <= 1 + 1e-9; t += step) looks.push(t);
  const bounds = looks.map((t) => sequentialMultiplier(t, 1, alpha) * Math.sqrt(t));
  const outer = Math.max(...bounds);
  const h = Math.sqrt(step) / 4;
  const size = Math.ceil((2 * outer) / h) + 1;
  const grid = Float64Array.from({ length: size }, (_, i) => -outer + i * h);
  const gauss = (x: number, mean: number, variance: number) =>
    Math.exp(-((x - mean) ** 2) / (2 * variance)) / Math.sqrt(2 * Math.PI * variance);
  const t0 = looks[0]!;
  let density = grid.map((s) => (Math.abs(s) < bounds[0]! ? gauss(s, drift * t0, t0) : 0));
  let surviving = density.reduce((sum, d) => sum + d * h, 0);
  if (surviving <= 0.5) return t0;
  const reach = Math.ceil((5 * Math.sqrt(step)) / h);
  const kernel = Float64Array.from({ length: 2 * reach + 1 }, (_, j) => gauss((j - reach) * h, drift * step, step) * h);
  for (let look = 1; look < looks.length; look++) {
    const bound = bounds[look]!;
    const next = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      if (density[i] === 0) continue;
      const from = Math.max(0, i - reach);
      const to = Math.min(size - 1, i + reach);
      for (let j = from; j <= to; j++) next[j]! += density[i]! * kernel[j - i + reach]!;
    }
    for (let j = 0; j < size; j++) if (Math.abs(grid[j]!) >= bound) next[j] = 0;
    const remaining = next.reduce((sum, d) => sum + d * h, 0);
    if (remaining <= 0.5) {
      const t = looks[look]!;
      return t - step * ((0.5 - remaining) / (surviving - remaining));
    }
    surviving = remaining;
    density = next;
  }
  return Number.POSITIVE_INFINITY;
}

function plan(input: PlannerInput, lift: number, d: Design, perArm: number, days?: number): Plan {
  const visitors = Math.ceil(perArm * d.arms * d.splitCost);
  days ??= Math.ceil(visitors / input.visitorsPerDay);
  const rate = conversionRate(input.baseline);
  const firstShare = minimumConversionsPerArm / rate / perArm;
  const lookShare = (input.lookEvery ?? 100) / visitors;
  const share = medianStoppingShare(d.sequentialZ + d.zBeta, firstShare, lookShare, d.pairAlpha);
  const medianVisitors = share * visitors;
  const warnings: PlanWarning[] = [];
  if (days > longTestDays) warnings.push('long');
  if (firstShare > 1) warnings.push('few-conversions');
  return {
    lift,
    visitors,
    days,
    fixedHorizonVisitors: Math.ceil(visitorsPerArm(input.baseline, lift, d.fixedZ + d.zBeta) * d.arms * d.splitCost),
    widthInflation: d.sequentialZ / d.fixedZ,
    medianVisitors,
    medianDays: medianVisitors / input.visitorsPerDay,
    warnings,
  };
}

/** The visitors and days a test needs to find `lift` (0.2 for +20%) with the planned power. */
export function planForLift(input: PlannerInput, lift: number): Plan {
  const d = design(input);
  return plan(input, lift, d, visitorsPerArm(input.baseline, lift, d.sequentialZ + d.zBeta));
}

/** The smallest lift a test of `days` can find with the planned power; `undefined` without 100 sales per arm by then. */
export function planForDays(input: PlannerInput, days: number): Plan | undefined {
  const d = design(input);
  const perArm = (days * input.visitorsPerDay) / d.arms / d.splitCost;
  const z = d.sequentialZ + d.zBeta;
  let low = 0;
  let high = maximumLift(input.baseline);
  if (perArm * conversionRate(input.baseline) < minimumConversionsPerArm) return undefined;
  if (visitorsPerArm(input.baseline, high, z) > perArm) return undefined;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (visitorsPerArm(input.baseline, mid, z) > perArm) low = mid;
    else high = mid;
  }
  return plan(input, high, d, perArm, days);
}
