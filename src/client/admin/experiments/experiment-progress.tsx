import { experimentsConsole, variantLetter } from '../../../content/experiments.ts';
import type { ExperimentSummary } from '../../../shared/experiments/experiment-api.ts';
import { metricEvents, minimumConversionsPerArm } from '../../../shared/experiments/verdict.ts';
import { formatDate, formatWhole } from '../format.ts';

const copy = experimentsConsole.results;

/** What the days-left line says: the days at today's pace, the plan reached, or no traffic yet to read a pace from. */
function daysLeftText(progress: NonNullable<ExperimentSummary['progress']>): string {
  if (progress.daysLeft === 0) return copy.planReached;
  if (progress.daysLeft === null || progress.visitorsPerDay === null) return copy.noTrafficYet;
  return copy.daysLeft(progress.daysLeft, formatWhole(progress.visitorsPerDay));
}

/** A running test against its plan: each version's visitors and sales (or earlier steps) so far, and the days left at today's pace. */
export function ExperimentProgressPanel({ test }: { test: ExperimentSummary }) {
  const { progress } = test;
  if (!progress) return null;
  return (
    <section aria-label={copy.progress} className="space-y-3 rounded-xl border border-line/70 p-3">
      <h4 className="font-extrabold text-white">{copy.progress}</h4>
      <ul className="space-y-2 text-sm">
        {test.figures.map((figures, arm) => {
          const planned = progress.plannedVisitors[arm] ?? 0;
          const letter = variantLetter(arm);
          // What the verdict waits for: the sales, or the earlier step the test measures.
          const events = metricEvents({ ...figures, conversions: figures.pixPaid }, test.metric);
          return (
            <li key={arm} className="space-y-1">
              <p className="font-semibold text-slate-200">{copy.variant(letter)}</p>
              <progress
                value={Math.min(figures.visitors, planned)}
                max={Math.max(1, planned)}
                aria-label={copy.variant(letter)}
                className="block h-2 w-full accent-brand-500"
              />
              <p className="text-slate-300">{copy.progressVisitors(formatWhole(figures.visitors), formatWhole(planned))}</p>
              <p className="text-slate-300">{copy.progressSales(formatWhole(events), events >= minimumConversionsPerArm, test.metric)}</p>
            </li>
          );
        })}
      </ul>
      <p className="text-sm font-semibold text-white" data-days-left={progress.daysLeft ?? 'none'}>
        {daysLeftText(progress)}
      </p>
      {progress.pastEnd ? <p className="text-sm font-semibold text-gold-300">{copy.pastEnd(formatDate(test.endsAt))}</p> : null}
    </section>
  );
}
