import type { EarlierOffer } from '../../../content/experiments.ts';
import type { EarlierMetric } from '../../../shared/experiments/verdict.ts';
import {
  longTestDays,
  planForDays,
  planForLift,
  unmeasuredReturnShares,
  type Plan,
  type PlannerInput,
} from '../../../shared/experiments/planner.ts';

/** The planner's answers for one state of the form; computed in planning-worker.ts, off the typing's thread. */
export interface Planning {
  forLift: Plan | undefined;
  forDays: Plan | undefined;
  /**
   * Where the wanted lift needs more than 60 days, or the end date gives no plan: what 60 days can find, if anything,
   * and what a step before the payment would find (`earlier`), when the shop has such a step to measure.
   */
  sixtyDays: { plan: Plan | undefined; earlier?: EarlierOffer } | undefined;
  /** Without a measure of returns (`redrawnReturns` absent): what the end date finds if that share of visits are returns. */
  ifReturning?: { share: number; lift: number | undefined }[];
}

/**
 * The earlier metric's own plan, by the same planner: the days the wanted lift needs when they fit in 60, else what 60
 * days can find; undefined when even 60 days give it no verdict.
 */
function earlierOffer(earlier: PlannerInput, lift: number): EarlierOffer | undefined {
  const metric = earlier.baseline.metric as EarlierMetric;
  const forLift = lift > 0 ? planForLift(earlier, lift) : undefined;
  if (forLift && forLift.days <= longTestDays && forLift.warnings.length === 0) return { metric, days: forLift.days, lift };
  const sixty = planForDays(earlier, longTestDays);
  return sixty ? { metric, days: longTestDays, lift: sixty.lift } : undefined;
}

export function planning(input: PlannerInput | undefined, lift: number, days: number, earlier?: PlannerInput): Planning {
  if (!input) return { forLift: undefined, forDays: undefined, sixtyDays: undefined };
  const forLift = lift > 0 ? planForLift(input, lift) : undefined;
  const forDays = planForDays(input, days);
  const ifReturning =
    forDays && input.redrawnReturns === undefined
      ? unmeasuredReturnShares.map((share) => ({ share, lift: planForDays({ ...input, redrawnReturns: share }, days)?.lift }))
      : undefined;
  const beyond = (forLift !== undefined && forLift.days > longTestDays) || !forDays;
  const sixty = beyond ? { plan: days === longTestDays ? forDays : planForDays(input, longTestDays) } : undefined;
  // A missing plan for a short end date is answered by a longer one ("Aumente o prazo"), unless 60 days give none either.
  const shown = sixty && (sixty.plan === undefined || (forLift?.days ?? 0) > longTestDays) ? sixty : undefined;
  if (!shown || !earlier) return { forLift, forDays, sixtyDays: shown, ifReturning };
  const offer = earlierOffer(earlier, lift);
  return { forLift, forDays, sixtyDays: offer ? { ...shown, earlier: offer } : shown, ifReturning };
}
