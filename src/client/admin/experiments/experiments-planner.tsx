import { experimentsConsole, plannerText, plannerWarning } from '../../../content/experiments.ts';
import { EARLIER_METRICS, isEarlierMetric, type ExperimentMetric, type RateMetric } from '../../../shared/experiments/verdict.ts';
import type { ExperimentPage, PlannerInputs } from '../../../shared/experiments/experiment-api.ts';
import { longTestDays, type PlannerInput } from '../../../shared/experiments/planner.ts';
import type { Planning } from './experiments-planning.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { formatRate, formatWhole } from '../format.ts';

const copy = experimentsConsole.planner;

/** The planner's input from the shop's last 28 days, or undefined while the shop has no visits or sales to plan from. */
export function plannerInput(inputs: PlannerInputs, metric: ExperimentMetric, weights: readonly number[]): PlannerInput | undefined {
  if (inputs.visitorsPerDay <= 0 || inputs.conversionRate <= 0) return undefined;
  const arms = weights.length;
  // An unmeasured share stays absent: the plan then also says what returns would cost (experiments-planning.ts).
  const returns = inputs.returnsMeasured ? { redrawnReturns: inputs.redrawnReturns } : {};
  if (metric !== 'revenue') {
    const rate = rateOf(inputs, metric);
    return rate > 0 ? { baseline: { metric, rate }, visitorsPerDay: inputs.visitorsPerDay, arms, weights, ...returns } : undefined;
  }
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
    ...returns,
  };
}

function rateOf(inputs: PlannerInputs, metric: RateMetric): number {
  // A rate is a share of visitors: a step counted more often than the visitors (a tap twice) cannot pass 1.
  return Math.min(1, metric === 'checkout' ? inputs.checkoutRate : metric === 'pix' ? inputs.pixRate : inputs.conversionRate);
}

/**
 * The step before the payment the planner offers when the chosen metric needs more than 60 days: the checkout (the
 * most frequent step, so the shortest test), else the PIX generated; only a step the shop's visitors take more often
 * than the chosen metric's own (a rarer one would not answer sooner); none when the metric is already the checkout.
 */
export function earlierInput(inputs: PlannerInputs, metric: ExperimentMetric, weights: readonly number[]): PlannerInput | undefined {
  const current = rateOf(inputs, metric === 'revenue' ? 'conversion' : metric);
  for (const earlier of EARLIER_METRICS) {
    if (earlier === metric || rateOf(inputs, earlier) <= current) continue;
    const input = plannerInput(inputs, earlier, weights);
    if (input) return input;
  }
  return undefined;
}

/** The planner's answer before the start: the days the wanted lift needs, the lift the end date allows, and its warnings. */
export function PlannerPanel({
  page,
  inputs,
  input,
  plan,
  pending,
  days,
  metric,
  onMetric,
}: {
  /** The page under test: the inputs are its own. */
  page: ExperimentPage;
  inputs: PlannerInputs;
  input: PlannerInput | undefined;
  plan: Planning | undefined;
  pending: boolean;
  days: number;
  metric: ExperimentMetric;
  /** Switches the form's metric: the sixty days' note offers a step before the payment. */
  onMetric: (metric: ExperimentMetric) => void;
}) {
  return (
    <section aria-label={copy.title} className="space-y-2 rounded-2xl border border-line bg-ink-850 p-4 text-sm text-slate-200">
      <h3 className="text-base font-extrabold text-white">{copy.title}</h3>
      {!input ? (
        <p className="text-gold-300">{copy.noHistory(page)}</p>
      ) : (
        <>
          <p className="text-slate-400">
            {copy.inputs(
              page,
              formatWhole(inputs.visitorsPerDay),
              formatRate(inputs.conversionRate),
              isEarlierMetric(metric) ? { metric, rate: formatRate(rateOf(inputs, metric)) } : undefined,
            )}
          </p>
          {inputs.redrawnReturns > 0 ? <p className="text-slate-400">{copy.returns(formatRate(inputs.redrawnReturns))}</p> : null}
          {inputs.returnsMeasured || plan?.ifReturning ? null : <p className="text-slate-400">{copy.returnsUnmeasured()}</p>}
          {pending ? (
            <p role="status" className="font-semibold text-gold-300">
              {copy.calculating}
            </p>
          ) : null}
          {/* The previous answer stays, dimmed, until the new one arrives: the panel does not jump while the seller types. */}
          {plan ? (
            <div aria-busy={pending} className={cn('space-y-2 transition-opacity', pending && 'opacity-50')}>
              <PlanAnswers inputs={inputs} input={input} plan={plan} days={days} metric={metric} onMetric={onMetric} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function PlanAnswers({
  inputs,
  input,
  plan,
  days,
  metric,
  onMetric,
}: {
  inputs: PlannerInputs;
  input: PlannerInput;
  plan: Planning;
  days: number;
  metric: ExperimentMetric;
  onMetric: (metric: ExperimentMetric) => void;
}) {
  const warnings = new Set([...(plan.forLift?.warnings ?? []), ...(plan.forDays?.warnings ?? [])]);
  if (!plan.forDays) warnings.delete('few-conversions');
  // The sixty days' sentence says what the long warning says, with the shop's own figures.
  if (plan.sixtyDays && days <= longTestDays) warnings.delete('long');
  const weights = input.weights ?? [];
  const evenTwo = weights.length === 2 && weights[0] === weights[1];
  return (
    <>
      {plan.forLift ? (
        <p className="font-semibold text-white" data-planner="days">
          {Number.isFinite(plan.forLift.days)
            ? plannerText.daysForLift(plan.forLift.days, plan.forLift.lift)
            : plannerText.noLiftFits(metric)}
        </p>
      ) : null}
      {plan.forLift && Number.isFinite(plan.forLift.medianDays) ? <p>{plannerText.medianDays(plan.forLift.medianDays)}</p> : null}
      {plan.forLift ? <p className="text-slate-400">{copy.visitors(formatWhole(plan.forLift.visitors))}</p> : null}
      {plan.forDays || !plan.sixtyDays ? (
        <p className="font-semibold text-white" data-planner="lift">
          {plan.forDays ? plannerText.liftForDays(days, plan.forDays.lift) : plannerText.noLiftFits(metric)}
        </p>
      ) : null}
      {plan.ifReturning ? (
        <p className="text-slate-400" data-planner="returns-unmeasured">
          {copy.returnsUnmeasured(days, plan.ifReturning)}
        </p>
      ) : null}
      {plan.sixtyDays ? (
        <SixtyDays inputs={inputs} sixtyDays={plan.sixtyDays} metric={metric} evenTwo={evenTwo} onMetric={onMetric} />
      ) : null}
      {[...warnings].map((warning) => (
        <p key={warning} role="note" className="rounded-xl border border-gold-300/50 bg-gold-300/10 px-3 py-2 text-gold-300">
          {plannerWarning(warning, metric)}
        </p>
      ))}
      <p className="text-slate-400">{plannerText.sequentialCost}</p>
    </>
  );
}

/** What 60 days can find, and the one tap to a step before the payment when the planner offers one. */
function SixtyDays({
  inputs,
  sixtyDays,
  metric,
  evenTwo,
  onMetric,
}: {
  inputs: PlannerInputs;
  sixtyDays: NonNullable<Planning['sixtyDays']>;
  metric: ExperimentMetric;
  evenTwo: boolean;
  onMetric: (metric: ExperimentMetric) => void;
}) {
  const { earlier } = sixtyDays;
  return (
    <div
      role="note"
      data-planner="sixty-days"
      className="space-y-2 rounded-xl border border-gold-300/50 bg-gold-300/10 px-3 py-2 text-gold-300"
    >
      <p>{plannerText.within60Days(formatWhole(inputs.visitorsPerDay), sixtyDays.plan?.lift, metric, evenTwo, earlier)}</p>
      {earlier ? (
        <Button type="button" variant="secondary" onClick={() => onMetric(earlier.metric)}>
          {plannerText.switchMetric(earlier.metric)}
        </Button>
      ) : null}
    </div>
  );
}
