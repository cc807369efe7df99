import { experimentsConsole, plannerText, plannerWarnings } from '../../content/experiments.ts';
import type { ExperimentMetric } from '../../shared/experiments/verdict.ts';
import type { PlannerInputs } from '../../shared/experiments/experiment-api.ts';
import { longTestDays, planForDays, planForLift, type Plan, type PlannerInput } from '../../shared/experiments/planner.ts';
import { formatRate, formatWhole } from './format.ts';

const copy = experimentsConsole.planner;

/** The planner's input from the shop's last 28 days, or undefined while the shop has no visits or sales to plan from. */
export function plannerInput(inputs: PlannerInputs, metric: ExperimentMetric, weights: readonly number[]): PlannerInput | undefined {
  if (inputs.visitorsPerDay <= 0 || inputs.conversionRate <= 0) return undefined;
  const arms = weights.length;
  if (metric === 'conversion')
    return { baseline: { metric, rate: inputs.conversionRate }, visitorsPerDay: inputs.visitorsPerDay, arms, weights };
  if (inputs.revenueMeanCents <= 0) return undefined;
  return {
    baseline: {
      metric,
      meanCents: inputs.revenueMeanCents,
      varianceCents: inputs.revenueVarianceCents,
      conversionRate: inputs.conversionRate,
    },
    visitorsPerDay: inputs.visitorsPerDay,
    arms,
    weights,
  };
}

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

/** The planner's answer before the start: the days the wanted lift needs, the lift the end date allows, and its warnings. */
export function PlannerPanel({
  inputs,
  input,
  plan,
  days,
  metric,
}: {
  inputs: PlannerInputs;
  input: PlannerInput | undefined;
  plan: Planning;
  days: number;
  metric: ExperimentMetric;
}) {
  const warnings = new Set([...(plan.forLift?.warnings ?? []), ...(plan.forDays?.warnings ?? [])]);
  if (!plan.forDays) warnings.delete('few-conversions');
  // The sixty days' sentence says what the long warning says, with the shop's own figures.
  if (plan.sixtyDays && days <= longTestDays) warnings.delete('long');
  const weights = input?.weights ?? [];
  const evenTwo = weights.length === 2 && weights[0] === weights[1];
  return (
    <section aria-label={copy.title} className="space-y-2 rounded-2xl border border-line bg-ink-850 p-4 text-sm text-slate-200">
      <h3 className="text-base font-extrabold text-white">{copy.title}</h3>
      {!input ? (
        <p className="text-gold-300">{copy.noHistory}</p>
      ) : (
        <>
          <p className="text-slate-400">{copy.inputs(formatWhole(inputs.visitorsPerDay), formatRate(inputs.conversionRate))}</p>
          {plan.forLift ? (
            <p className="font-semibold text-white" data-planner="days">
              {Number.isFinite(plan.forLift.days) ? plannerText.daysForLift(plan.forLift.days, plan.forLift.lift) : plannerText.noLiftFits}
            </p>
          ) : null}
          {plan.forLift && Number.isFinite(plan.forLift.medianDays) ? <p>{plannerText.medianDays(plan.forLift.medianDays)}</p> : null}
          {plan.forLift ? <p className="text-slate-400">{copy.visitors(formatWhole(plan.forLift.visitors))}</p> : null}
          {plan.forDays || !plan.sixtyDays ? (
            <p className="font-semibold text-white" data-planner="lift">
              {plan.forDays ? plannerText.liftForDays(days, plan.forDays.lift) : plannerText.noLiftFits}
            </p>
          ) : null}
          {plan.sixtyDays ? (
            <p
              role="note"
              data-planner="sixty-days"
              className="rounded-xl border border-gold-300/50 bg-gold-300/10 px-3 py-2 text-gold-300"
            >
              {plannerText.within60Days(formatWhole(inputs.visitorsPerDay), plan.sixtyDays.plan?.lift, metric, evenTwo)}
            </p>
          ) : null}
          {[...warnings].map((warning) => (
            <p key={warning} role="note" className="rounded-xl border border-gold-300/50 bg-gold-300/10 px-3 py-2 text-gold-300">
              {plannerWarnings[warning]}
            </p>
          ))}
          <p className="text-slate-400">{plannerText.sequentialCost}</p>
        </>
      )}
    </section>
  );
}
