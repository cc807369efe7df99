import { normalQuantile, seededNormals } from './distributions.ts';
import { sequentialMultiplier } from './sequential.ts';
import { minimumConversionsPerArm, type RateMetric } from './verdict.ts';

/**
 * The shop's last 28 days for the chosen metric, per visitor: the rate of a 0-or-1 metric (paid, began the checkout,
 * generated a PIX), or revenue's mean and variance. A rate metric's verdict waits for 100 of its own events per version.
 */
export type Baseline =
  { metric: RateMetric; rate: number } | { metric: 'revenue'; meanCents: number; varianceCents: number; conversionRate: number };

export interface PlannerInput {
  baseline: Baseline;
  visitorsPerDay: number;
  arms?: number;
  weights?: readonly number[];
  alpha?: number;
  power?: number;
  /**
   * The share of visitor-days that are people coming back on another day without the variant cookie, whose version
   * the day's hash drew again (`redrawnReturns`, from the shop's own figures): their sales dilute the lift the
   * visitor-days show. 0 or absent where it cannot be measured.
   */
  redrawnReturns?: number;
}

export type PlanWarning = 'long' | 'few-conversions';

export interface Plan {
  lift: number;
  /** All arms together by the planned end; the verdict's tuning (`plannedVisitors`). */
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

/**
 * The plan's power is computed, not approximated: the verdict is a race of the winner's pairs against their sequences'
 * boundaries, read many times, and no closed form covers 3–4 versions, an uneven split and the 100-sales minimum at
 * once. Each arm's running mean is a Brownian motion in information time (the share of the planned visitors), drawn
 * once from a fixed seed, so a plan is the same on every screen and on every reading.
 */
const simulatedPaths = 2000;
const looksPerPlan = 100;
const plannerSeed = 20_230_901;

interface Design {
  arms: number;
  /** Each arm's share of the visitors. */
  shares: number[];
  /** The version assumed to carry the lift: the thinnest variant, the hardest to prove. */
  lifted: number;
  pairAlpha: number;
  power: number;
  /** The sequence's multiplier at each look (a share `t` of the planned visitors, tuned to the whole plan). */
  boundary: Float64Array;
}

const designs = new Map<string, Design>();

function design(input: PlannerInput): Design {
  const arms = input.arms ?? input.weights?.length ?? 2;
  const alpha = input.alpha ?? 0.05;
  const weights = input.weights?.length === arms ? input.weights : Array.from({ length: arms }, () => 1);
  const key = `${weights.join(',')}|${alpha}|${input.power ?? 0.8}`;
  const known = designs.get(key);
  if (known) return known;
  const total = weights.reduce((sum, w) => sum + w, 0);
  const shares = weights.map((w) => w / total);
  let lifted = 1;
  for (let arm = 2; arm < arms; arm++) if (shares[arm]! < shares[lifted]!) lifted = arm;
  // The verdict's Bonferroni split: every pair is one comparison (verdict.ts comparePairs).
  const pairAlpha = alpha / ((arms * (arms - 1)) / 2);
  // A pair's visitors over its tuning are the plan's share t, whatever the pair's share of the traffic.
  const boundary = Float64Array.from({ length: looksPerPlan }, (_, look) => sequentialMultiplier((look + 1) / looksPerPlan, 1, pairAlpha));
  const made = { arms, shares, lifted, pairAlpha, power: input.power ?? 0.8, boundary };
  designs.set(key, made);
  return made;
}

/** Per-visitor mean and variance of each arm when the lifted version's mean is `1 + lift` times the others'. */
function armMoments(baseline: Baseline, d: Design, lift: number): { delta: number; variances: number[] } {
  const [mean, second] =
    baseline.metric === 'revenue' ? [baseline.meanCents, baseline.varianceCents + baseline.meanCents ** 2] : [baseline.rate, baseline.rate];
  // A lift comes from more buyers buying what buyers buy: the mean and the second moment both grow by 1 + lift, so
  // the lifted arm keeps its own variance (p(1 − p) at its own p for conversion).
  const variance = (scale: number) => Math.max(second * scale - (mean * scale) ** 2, 1e-12);
  const variances = d.shares.map((_, arm) => variance(arm === d.lifted ? 1 + lift : 1));
  return { delta: mean * lift, variances };
}

/** The rate of the events that gate the verdict: the metric's own, the sales for revenue. */
function conversionRate(baseline: Baseline): number {
  return baseline.metric === 'revenue' ? baseline.conversionRate : baseline.rate;
}

function maximumLift(baseline: Baseline): number {
  return baseline.metric === 'revenue' ? 100 : 1 / baseline.rate - 1;
}

interface Paths {
  /** Per path, the smallest √visitors at which some look, past every arm's 100th sale, names the lifted version. */
  earliestRoot: Float64Array;
  /** Per path, the share of the plan at which it names the winner at the plan's √visitors, or Infinity. */
  stopShare: Float64Array;
}

/**
 * Walks every path through its looks for a plan of `visitors`. At look t (a share of the plan), pair (b, j) reads
 * z(t) = θ·δ·√t / s_j + (σ_b·W_b/√w_b − σ_j·W_j/√w_j) / (s_j·√t) with θ = √visitors, and the winner needs z ≥ k(t)
 * against every other arm at the same look, once every arm has 100 sales: the sales of arm a are
 * p_a·w_a·t·N + √(p_a(1 − p_a)·w_a·N)·W_a(t) on the same path, so a gate that is only just met on average is missed
 * as often as the verdict would miss it.
 */
function walkPaths(d: Design, baseline: Baseline, lift: number, visitors: number, untilFound = false): Paths {
  const { delta, variances } = armMoments(baseline, d, lift);
  const noise = seededNormals(plannerSeed, simulatedPaths * looksPerPlan * d.arms);
  const b = d.lifted;
  const rate = conversionRate(baseline);
  const rates = d.shares.map((_, arm) => Math.min(1, arm === b ? rate * (1 + lift) : rate));
  const salesMean = rates.map((p, arm) => p * d.shares[arm]! * visitors);
  const salesSd = rates.map((p, arm) => Math.sqrt(p * (1 - p) * d.shares[arm]! * visitors));
  const scale = d.shares.map((share, arm) => Math.sqrt(variances[arm]! / share));
  const pairSd = d.shares.map((_, arm) => Math.hypot(scale[b]!, scale[arm]!));
  const root = Math.sqrt(visitors);
  const earliestRoot = new Float64Array(simulatedPaths).fill(Number.POSITIVE_INFINITY);
  const stopShare = new Float64Array(simulatedPaths).fill(Number.POSITIVE_INFINITY);
  const walk = new Float64Array(d.arms);
  const step = Math.sqrt(1 / looksPerPlan);
  for (let path = 0; path < simulatedPaths; path++) {
    walk.fill(0);
    for (let look = 0; look < looksPerPlan; look++) {
      const t = (look + 1) / looksPerPlan;
      const offset = (path * looksPerPlan + look) * d.arms;
      let gated = true;
      for (let arm = 0; arm < d.arms; arm++) {
        walk[arm]! += step * noise[offset + arm]!;
        if (salesMean[arm]! * t + salesSd[arm]! * walk[arm]! < minimumConversionsPerArm) gated = false;
      }
      if (!gated) continue;
      const rootT = Math.sqrt(t);
      let needed = 0;
      for (let arm = 0; arm < d.arms; arm++) {
        if (arm === b) continue;
        const s = pairSd[arm]!;
        const z = (scale[b]! * walk[b]! - scale[arm]! * walk[arm]!) / (s * rootT);
        needed = Math.max(needed, ((d.boundary[look]! - z) * s) / (delta * rootT));
      }
      earliestRoot[path] = Math.min(earliestRoot[path]!, needed);
      if (needed <= root && stopShare[path] === Number.POSITIVE_INFINITY) {
        stopShare[path] = t;
        // Enough for the power; the earliest root then stays partial.
        if (untilFound) break;
      }
    }
  }
  return { earliestRoot, stopShare };
}

/** The share of paths that name the lifted version by the plan's end. */
function powerOf(paths: Paths): number {
  return paths.stopShare.filter(Number.isFinite).length / simulatedPaths;
}

/** The √visitors by which the planned share of paths names its winner (the gate held where it was walked). */
function rootForPower(d: Design, paths: Paths): number {
  const sorted = paths.earliestRoot.toSorted();
  return sorted[Math.ceil(d.power * simulatedPaths) - 1]!;
}

/** Whether every arm's expected sales reach 100 by the plan's end at all. */
function salesSuffice(d: Design, baseline: Baseline, visitors: number): boolean {
  return conversionRate(baseline) * Math.min(...d.shares) * visitors >= minimumConversionsPerArm;
}

/** A fixed-horizon z test of the thinnest pair, read once: the sequential method's cost is measured against it. */
function fixedHorizonVisitors(d: Design, baseline: Baseline, lift: number): number {
  const { delta, variances } = armMoments(baseline, d, lift);
  const z = normalQuantile(1 - d.pairAlpha / 2) + normalQuantile(d.power);
  let worst = 0;
  d.shares.forEach((share, arm) => {
    if (arm !== d.lifted) worst = Math.max(worst, variances[d.lifted]! / d.shares[d.lifted]! + variances[arm]! / share);
  });
  return Math.ceil((z ** 2 * worst) / delta ** 2);
}

function plan(input: PlannerInput, d: Design, lift: number, visitors: number, paths: Paths, days?: number): Plan {
  days ??= Math.ceil(visitors / input.visitorsPerDay);
  const warnings: PlanWarning[] = [];
  if (days > longTestDays) warnings.push('long');
  if (!salesSuffice(d, input.baseline, visitors)) warnings.push('few-conversions');
  const medianVisitors = paths.stopShare.toSorted()[Math.floor(simulatedPaths / 2)]! * visitors;
  return {
    lift,
    visitors,
    days,
    fixedHorizonVisitors: fixedHorizonVisitors(d, input.baseline, lift),
    widthInflation: d.boundary[looksPerPlan - 1]! / normalQuantile(1 - d.pairAlpha / 2),
    medianVisitors,
    medianDays: medianVisitors / input.visitorsPerDay,
    warnings,
  };
}

/**
 * The share of visitor-days that are returns the hash drew again, from what the shop's figures measure: `kept`, the
 * share of the tests' visitor-days the consented cookie kept, and `consented`, the share of buyers who accepted the
 * cookie. If people who accept return as often as those who do not, returns are kept / consented of all visitor-days,
 * and the rest of them were drawn again. 0 where either is unmeasured; never more than 0.9.
 */
export function redrawnReturns(kept: number, consented: number): number {
  if (!(kept > 0) || !(consented > 0)) return 0;
  return Math.min(0.9, (kept * (1 - Math.min(1, consented))) / Math.min(1, consented));
}

/**
 * The lift the visitor-days show when a share `r` of them are returns whose version was drawn again: a person is won
 * by the version they first saw and may pay on any of their visit-days, so a sale on a day drawn again counts for a
 * version picked at random by the split. The lifted version's rate becomes (1 − r)(1 + lift) + r(1 + w·lift), the
 * others' (1 − r) + r(1 + w·lift), w its share: the shown lift is (1 − r)·lift / (1 + r·w·lift).
 */
function shownLift(lift: number, r: number, share: number): number {
  return ((1 - r) * lift) / (1 + r * share * lift);
}

/** The inverse of `shownLift`: the people's lift behind a lift the visitor-days show; Infinity where none would show it. */
function peopleLift(shown: number, r: number, share: number): number {
  const room = 1 - r - r * share * shown;
  return room > 0 ? shown / room : Number.POSITIVE_INFINITY;
}

/**
 * Where returns cannot be measured, the end date's plan is also given for 20% and 40% of the visitor-days being
 * returns drawn again: 1.5 and 2 visit-days a person within a 28-day test come to about 21% and 37%
 * (docs/experiments.md#returning-visitors-and-power).
 */
export const unmeasuredReturnShares = [0.2, 0.4] as const;

const dilution = (input: PlannerInput) => Math.min(0.9, Math.max(0, input.redrawnReturns ?? 0));

/**
 * The visitors and days a test needs to find `lift` (0.2 for +20%) with the planned power, its sequences tuned to
 * end there (GrowthBook's n* rule: ρ chosen for the planned sample size). With returns drawn again (`redrawnReturns`)
 * the plan is made for the smaller lift the visitor-days will show.
 */
export function planForLift(input: PlannerInput, wanted: number): Plan {
  const d = design(input);
  const lift = shownLift(wanted, dilution(input), d.shares[d.lifted]!);
  // The fixed-horizon size brackets the answer: the sequence costs 1.5–4 times it, the sales gate can cost more.
  const start = Math.max(200, fixedHorizonVisitors(d, input.baseline, lift));
  let low = start;
  let high = 2 * start;
  while (powerOf(walkPaths(d, input.baseline, lift, high, true)) < d.power && high < 1e12) {
    low = high;
    high *= 2;
  }
  // To half a percent of the visitors.
  while (high > 1.005 * low) {
    const mid = Math.sqrt(low * high);
    if (powerOf(walkPaths(d, input.baseline, lift, mid, true)) >= d.power) high = mid;
    else low = mid;
  }
  const visitors = Math.ceil(high);
  return { ...plan(input, d, lift, visitors, walkPaths(d, input.baseline, lift, visitors)), lift: wanted };
}

/**
 * The smallest lift a test of `days` finds with the planned power, its sequences tuned to the visitors expected by
 * then; `undefined` without 100 sales per arm by then, or when no lift would do. With returns drawn again
 * (`redrawnReturns`), the lift is the people's, larger than the one the visitor-days will show.
 */
export function planForDays(input: PlannerInput, days: number): Plan | undefined {
  const shown = planShownForDays(input, days);
  if (!shown) return undefined;
  const d = design(input);
  const lift = peopleLift(shown.lift, dilution(input), d.shares[d.lifted]!);
  return Number.isFinite(lift) ? { ...shown, lift } : undefined;
}

function planShownForDays(input: PlannerInput, days: number): Plan | undefined {
  const d = design(input);
  const visitors = Math.round(days * input.visitorsPerDay);
  if (!salesSuffice(d, input.baseline, visitors)) return undefined;
  const highest = Math.min(maximumLift(input.baseline), 20);
  const root = Math.sqrt(visitors);
  if (rootForPower(d, walkPaths(d, input.baseline, highest, visitors)) > root) return undefined;
  // The root needed falls about as 1/lift (the difference grows with it, the noise barely moves): a few rescalings
  // converge, each one checked against the paths walked at its own lift.
  let lift = Math.min(highest, 0.2);
  for (let i = 0; i < 8; i++) {
    const next = Math.min(highest, (lift * rootForPower(d, walkPaths(d, input.baseline, lift, visitors))) / root);
    const settled = Math.abs(next - lift) < 0.0005 * lift;
    lift = next;
    if (settled) break;
  }
  let paths = walkPaths(d, input.baseline, lift, visitors);
  // Never promise a lift the paths do not find: nudge it up to the first that reaches the planned power.
  while (powerOf(paths) < d.power && lift < highest) {
    lift = Math.min(highest, lift * 1.002);
    paths = walkPaths(d, input.baseline, lift, visitors);
  }
  return plan(input, d, lift, visitors, paths, days);
}

/**
 * What a test started now stores: the tuning, the visitors expected by its end date (so "em N dias… 80%" is what it delivers), and the
 * "sem diferença" margin, the wanted lift as the visitor-days will show it (`shownLift`: smaller with returns drawn again).
 */
export function plannedSettings(input: PlannerInput | undefined, wantedLift: number, days: number, unplannedVisitors: number) {
  const wanted = Math.min(5, Math.max(0.01, Number.isFinite(wantedLift) && wantedLift > 0 ? wantedLift : 0.2));
  const d = input ? design(input) : undefined;
  return {
    plannedVisitors: input ? Math.max(200, Math.round(days * input.visitorsPerDay)) : unplannedVisitors,
    plannedLift: input && d ? Math.max(0.01, shownLift(wanted, dilution(input), d.shares[d.lifted]!)) : wanted,
  };
}
