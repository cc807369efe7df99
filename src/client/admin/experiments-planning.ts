import { longTestDays, planForDays, planForLift, type Plan, type PlannerInput } from '../../shared/experiments/planner.ts';

/** The planner's answers for one state of the form; computed in planning-worker.ts, off the typing's thread. */
export interface Planning {
  forLift: Plan | undefined;
  forDays: Plan | undefined;
  /** Where the wanted lift needs more than 60 days, or the end date gives no plan: what 60 days can find, if anything. */
  sixtyDays: { plan: Plan | undefined } | undefined;
}

export function planning(input: PlannerInput | undefined, lift: number, days: number): Planning {
  if (!input) return { forLift: undefined, forDays: undefined, sixtyDays: undefined };
  const forLift = lift > 0 ? planForLift(input, lift) : undefined;
  const forDays = planForDays(input, days);
  const beyond = (forLift !== undefined && forLift.days > longTestDays) || !forDays;
  const sixty = beyond ? { plan: days === longTestDays ? forDays : planForDays(input, longTestDays) } : undefined;
  // A missing plan for a short end date is answered by a longer one ("Aumente o prazo"), unless 60 days give none either.
  return { forLift, forDays, sixtyDays: sixty && (sixty.plan === undefined || (forLift?.days ?? 0) > longTestDays) ? sixty : undefined };
}
