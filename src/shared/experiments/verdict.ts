import { checkSampleRatio, type SampleRatioCheck } from './sample-ratio.ts';
import { compareArms, type ArmComparison, type ArmSums } from './sequential.ts';

/**
 * What a test measures per visitor: revenue (centavos), or whether the visitor paid (`conversion`), began the checkout
 * (`checkout`) or generated a PIX (`pix`). The last two are earlier steps of the same sale: more of them, so a test
 * answers sooner, but a version that sends more people to the checkout may not sell more.
 */
export const EXPERIMENT_METRICS = ['revenue', 'conversion', 'checkout', 'pix'] as const;
export type ExperimentMetric = (typeof EXPERIMENT_METRICS)[number];
/** The metrics that are 0 or 1 per visitor. */
export type RateMetric = Exclude<ExperimentMetric, 'revenue'>;
/** The steps before the payment, offered when a sale is too rare to test in 60 days. */
export const EARLIER_METRICS = ['checkout', 'pix'] as const satisfies readonly RateMetric[];
export type EarlierMetric = (typeof EARLIER_METRICS)[number];

export function isEarlierMetric(metric: ExperimentMetric): metric is EarlierMetric {
  return (EARLIER_METRICS as readonly string[]).includes(metric);
}

/**
 * One variant's counts; `conversions` are visitors who paid, revenue is in centavos per visitor; `checkoutsBegun` and
 * `pixGenerated` the visitors who began the checkout and generated a PIX (read only by those metrics).
 */
export interface ArmResult {
  /** Visitor-days: a person counts once a day. */
  visitors: number;
  /** The visitor-days the consented cookie kept in an earlier day's version (none when not recorded). */
  keptVisitors?: number;
  conversions: number;
  checkoutsBegun?: number;
  pixGenerated?: number;
  revenueCents: number;
  revenueSquaresCents: number;
  refundRequests: number;
  disputes: number;
}

export interface ExperimentSettings {
  metric: ExperimentMetric;
  /** The visitors expected by the end date, all arms together: the sequences' tuning, stored when the test starts. */
  plannedVisitors: number;
  weights: readonly number[];
  /** The relative lift the plan was made to find; a sequence inside ±it means "no difference". */
  plannedLift: number;
  alpha?: number;
}

export type Verdict =
  | { kind: 'continue'; reason: 'few-conversions' | 'undecided' }
  | { kind: 'winner'; arm: number }
  | { kind: 'no-difference' }
  | { kind: 'inconclusive' }
  | { kind: 'held' };

export type Guardrail = 'refunds' | 'disputes';

export interface PairResult extends ArmComparison {
  control: number;
  treatment: number;
}

export interface Judgement {
  verdict: Verdict;
  sampleRatio: SampleRatioCheck;
  pairs: PairResult[];
  guardrailFlags: { guardrail: Guardrail; against: number }[];
}

export const minimumConversionsPerArm = 100;
const guardrailAlpha = 0.05;

/**
 * The visitors who did what a rate metric counts; the sales for revenue, whose minimum gates its verdict too. A count
 * is never above the visitors: each visitor is one value of 0 or 1.
 */
export function metricEvents(arm: ArmResult, metric: ExperimentMetric): number {
  const count = metric === 'checkout' ? (arm.checkoutsBegun ?? 0) : metric === 'pix' ? (arm.pixGenerated ?? 0) : arm.conversions;
  return Math.min(count, arm.visitors);
}

function metricSums(arm: ArmResult, metric: ExperimentMetric): ArmSums {
  if (metric === 'revenue') return { visitors: arm.visitors, sum: arm.revenueCents, sumSquares: arm.revenueSquaresCents };
  const events = metricEvents(arm, metric);
  return { visitors: arm.visitors, sum: events, sumSquares: events };
}

/** Every pair is one comparison of the Bonferroni split; its tuning is the pair's share of the plan. */
function comparePairs(arms: readonly ArmResult[], settings: ExperimentSettings, alpha: number): PairResult[] {
  const pairCount = (arms.length * (arms.length - 1)) / 2;
  const weightSum = settings.weights.reduce((sum, w) => sum + w, 0);
  const pairs: PairResult[] = [];
  for (let control = 0; control < arms.length; control++) {
    for (let treatment = control + 1; treatment < arms.length; treatment++) {
      const share = ((settings.weights[control] ?? 0) + (settings.weights[treatment] ?? 0)) / weightSum;
      const comparison = compareArms(metricSums(arms[control]!, settings.metric), metricSums(arms[treatment]!, settings.metric), {
        alpha: alpha / pairCount,
        tuningVisitors: settings.plannedVisitors * share,
      });
      pairs.push({ control, treatment, ...comparison });
    }
  }
  return pairs;
}

function beatsEveryOther(arm: number, pairs: readonly PairResult[]): boolean {
  return pairs.every(({ control, treatment, absolute }) => {
    if (control === arm) return absolute.upper < 0;
    if (treatment === arm) return absolute.lower > 0;
    return true;
  });
}

/**
 * The sales a guardrail's sequence is tuned to: a fixed number (never the data's), about where a small shop's test
 * ends; the sequence holds at every other count too, only a little wider.
 */
const guardrailTuningSales = 1000;

/**
 * Whether the winner's rate per sale (refund requests, disputes) is higher than the other's, read as the verdict is:
 * a confidence sequence on the difference of the rates, so refreshing the console never raises the false-alarm rate.
 * One-sided at 5% (the two-sided sequence at 10%): more sensitive than the verdict on purpose.
 */
function worseRate(winnerCount: number, winnerSales: number, otherCount: number, otherSales: number): boolean {
  if (winnerSales < 2 || otherSales < 2) return false;
  const { absolute } = compareArms(
    { visitors: otherSales, sum: otherCount, sumSquares: otherCount },
    { visitors: winnerSales, sum: winnerCount, sumSquares: winnerCount },
    { alpha: 2 * guardrailAlpha, tuningVisitors: guardrailTuningSales },
  );
  return absolute.lower > 0;
}

function guardrailFlags(arms: readonly ArmResult[], winner: number): Judgement['guardrailFlags'] {
  const best = arms[winner]!;
  const flags: Judgement['guardrailFlags'] = [];
  arms.forEach((other, against) => {
    if (against === winner) return;
    if (worseRate(best.refundRequests, best.conversions, other.refundRequests, other.conversions)) {
      flags.push({ guardrail: 'refunds', against });
    }
    if (worseRate(best.disputes, best.conversions, other.disputes, other.conversions)) {
      flags.push({ guardrail: 'disputes', against });
    }
  });
  return flags;
}

/**
 * The split check on the visitor-days the day's hash assigned: each is an independent draw of the planned split,
 * whoever comes back. Those the cookie kept are left out: one person's days fall together in one version, so counting
 * them would spread the counts wider than a multinomial's and hold healthy tests (docs/experiments.md#the-split-check).
 */
export function splitCheck(arms: readonly Pick<ArmResult, 'visitors' | 'keptVisitors'>[], weights: readonly number[]): SampleRatioCheck {
  return checkSampleRatio(
    arms.map((arm) => arm.visitors - (arm.keptVisitors ?? 0)),
    weights,
  );
}

/** The verdict on a test's current counts; `ended` once its end date has passed. */
export function judgeExperiment(arms: readonly ArmResult[], settings: ExperimentSettings, ended: boolean): Judgement {
  const alpha = settings.alpha ?? 0.05;
  const sampleRatio = splitCheck(arms, settings.weights);
  const judgement = (verdict: Verdict, pairs: PairResult[] = []): Judgement => ({
    verdict,
    sampleRatio,
    pairs,
    guardrailFlags: verdict.kind === 'winner' ? guardrailFlags(arms, verdict.arm) : [],
  });
  if (sampleRatio.flagged) return judgement({ kind: 'held' });
  const undecided: Verdict = ended ? { kind: 'inconclusive' } : { kind: 'continue', reason: 'undecided' };
  // At least 100 of what the metric counts per version (sales for revenue and conversion): no verdict before.
  if (arms.some((arm) => metricEvents(arm, settings.metric) < minimumConversionsPerArm)) {
    return judgement(ended ? undecided : { kind: 'continue', reason: 'few-conversions' });
  }
  const pairs = comparePairs(arms, settings, alpha);
  const winner = arms.findIndex((_, arm) => beatsEveryOther(arm, pairs));
  if (winner >= 0) return judgement({ kind: 'winner', arm: winner }, pairs);
  const lift = settings.plannedLift;
  const allClose = pairs.every(({ relative }) => relative && relative.lower > -lift && relative.upper < lift);
  return judgement(allClose ? { kind: 'no-difference' } : undecided, pairs);
}
