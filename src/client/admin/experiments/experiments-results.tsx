import { useId, useState } from 'react';
import { experimentsConsole, guardrailWarning, variantLetter, verdictExplanation, verdictLabel } from '../../../content/experiments.ts';
import type { ExperimentArmFigures, ExperimentSummary } from '../../../shared/experiments/experiment-api.ts';
import { isEarlierMetric, metricEvents, type ExperimentMetric } from '../../../shared/experiments/verdict.ts';
import type { Offer } from '../../../shared/offer.ts';
import { applyOfferPatch } from '../../../shared/offer-patch.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { adminApi } from '../admin-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { ExperimentProgressPanel } from './experiment-progress.tsx';
import { formatBRL, formatDate, formatRate } from '../format.ts';
import { OfferDiff } from '../page/page-history.tsx';

const copy = experimentsConsole.results;

/** Wilson's 95% score interval of a proportion: one version's conversion read alone (the verdict uses the sequences). */
export function wilsonInterval(successes: number, trials: number): { low: number; high: number } | null {
  if (trials <= 0) return null;
  const z = 1.959964;
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

const signedPercent = (value: number) => `${value >= 0 ? '+' : '−'}${formatRate(Math.abs(value))}`;

/** Wilson's interval of `count` out of the visitors, as "3,0% (de 2,1% a 4,2%)", or "—" with no visitor yet. */
function rateWithInterval(count: number, visitors: number): string {
  const interval = wilsonInterval(count, visitors);
  return interval ? `${formatRate(count / visitors)} (${copy.interval(formatRate(interval.low), formatRate(interval.high))})` : '—';
}

function ArmFigures({ figures, metric }: { figures: ExperimentArmFigures; metric: ExperimentMetric }) {
  const rows: [string, string][] = [
    [copy.visitors, String(figures.visitors)],
    [copy.checkouts, String(figures.checkoutsBegun)],
    [copy.pixGenerated, String(figures.pixGenerated)],
    [copy.pixPaid, String(figures.pixPaid)],
    // The earlier step the test measures, per visitor, beside the conversion it says nothing about.
    ...(isEarlierMetric(metric)
      ? [
          [
            copy.earlierRate[metric],
            rateWithInterval(metricEvents({ ...figures, conversions: figures.pixPaid }, metric), figures.visitors),
          ] as [string, string],
        ]
      : []),
    [copy.conversion, rateWithInterval(figures.pixPaid, figures.visitors)],
    [copy.revenuePerVisitor, figures.visitors > 0 ? formatBRL(Math.round(figures.revenueCents / figures.visitors)) : '—'],
    [copy.refunds, String(figures.refundRequests)],
    [copy.disputes, String(figures.disputes)],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-400">{label}</dt>
          <dd className="text-right font-semibold text-white tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One test: its versions' figures side by side, the verdict in words, and "Parar" / "Declarar vencedor" while it runs. */
export function ExperimentCard({ test, live, onChanged }: { test: ExperimentSummary; live: Offer; onChanged: (message: string) => void }) {
  const id = useId();
  const { judgement } = test;
  const verdict = judgement.verdict;
  // The selector follows the verdict (read again every 30 s) until the seller picks: its winner, or none.
  const [picked, setPick] = useState<number | null>(null);
  const pick = picked ?? (verdict.kind === 'winner' ? verdict.arm : null);
  const [dialog, setDialog] = useState<'stop' | 'winner' | null>(null);
  const [typed, setTyped] = useState('');
  const proven = verdict.kind === 'winner' && verdict.arm === pick;
  const pickLetter = variantLetter(pick ?? 0);
  const running = test.status === 'running';
  return (
    <article aria-labelledby={`${id}-name`} className="space-y-4 rounded-2xl border border-line bg-ink-850 p-4" data-experiment={test.id}>
      <header>
        <h3 id={`${id}-name`} className="text-base font-extrabold text-white">
          {test.name}
        </h3>
        <p className="mt-1 text-sm text-slate-400">
          {experimentsConsole.pages[test.page]} · {experimentsConsole.metrics[test.metric]} ·{' '}
          {experimentsConsole.period(formatDate(test.startsAt), formatDate(test.endsAt))}
        </p>
        <p className={cn('mt-1 text-sm font-semibold', running ? 'text-brand-300' : 'text-slate-300')}>
          {experimentsConsole.status[test.status]}
          {test.winner !== null ? ` · ${copy.winnerDeclared(variantLetter(test.winner), test.winnerVersion)}` : ''}
          {test.chosen !== null ? ` · ${copy.chosenDeclared(variantLetter(test.chosen), test.winnerVersion)}` : ''}
        </p>
      </header>

      <section aria-label={copy.verdict} className="rounded-xl border border-brand-500/40 bg-brand-500/10 p-3">
        <p className="text-lg font-black text-white first-letter:uppercase" data-verdict={verdict.kind}>
          {verdictLabel(verdict)}
        </p>
        <p className="mt-1 text-sm text-slate-200">{verdictExplanation(verdict, test.metric)}</p>
        {verdict.kind === 'winner'
          ? judgement.guardrailFlags.map((flag) => (
              <p key={`${flag.guardrail}-${flag.against}`} role="note" className="mt-2 text-sm font-bold text-gold-300">
                {guardrailWarning(flag.guardrail, verdict.arm, flag.against)}
              </p>
            ))
          : null}
        {judgement.pairs
          .filter((pair) => pair.relative)
          .map((pair) => (
            <p key={`${pair.control}-${pair.treatment}`} className="mt-1 text-sm text-slate-300">
              {copy.comparison(variantLetter(pair.treatment), variantLetter(pair.control))}:{' '}
              {copy.relative(
                signedPercent(pair.relative!.estimate),
                signedPercent(pair.relative!.lower),
                signedPercent(pair.relative!.upper),
              )}
            </p>
          ))}
      </section>

      <ExperimentProgressPanel test={test} />

      <div className="grid grid-cols-[repeat(auto-fit,minmax(15rem,1fr))] gap-3">
        {test.figures.map((figures, arm) => (
          <section
            key={arm}
            aria-label={copy.variant(variantLetter(arm))}
            className={cn('space-y-2 rounded-xl border p-3', test.winner === arm ? 'border-brand-500' : 'border-line/70')}
          >
            <div>
              <h4 className="font-extrabold text-white">{copy.variant(variantLetter(arm))}</h4>
              <p className="text-xs text-slate-400">{copy.share(test.variants[arm]?.weight ?? 0, arm === 0)}</p>
            </div>
            <ArmFigures figures={figures} metric={test.metric} />
          </section>
        ))}
      </div>

      {test.variants.slice(1).map((variant, index) => (
        <OfferDiff
          key={index}
          live={live}
          draft={applyOfferPatch(live, variant.patch)}
          title={experimentsConsole.form.changes(variantLetter(index + 1))}
        />
      ))}

      {running ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div>
            <label htmlFor={`${id}-winner`} className="block text-sm font-semibold text-slate-200">
              {copy.winnerPick}
            </label>
            <select
              id={`${id}-winner`}
              value={pick ?? ''}
              onChange={(event) => setPick(event.target.value === '' ? null : Number(event.target.value))}
              className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white sm:w-48"
            >
              <option value="" disabled>
                {copy.winnerNone}
              </option>
              {test.variants.map((_, arm) => (
                <option key={arm} value={arm}>
                  {copy.variant(variantLetter(arm))}
                </option>
              ))}
            </select>
          </div>
          <Button disabled={pick === null} onClick={() => setDialog('winner')}>
            {copy.winner}
          </Button>
          <Button variant="danger" onClick={() => setDialog('stop')}>
            {copy.stop}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={dialog === 'stop'}
        onOpenChange={(open) => setDialog(open ? 'stop' : null)}
        title={copy.stopTitle}
        body={copy.stopBody}
        danger
        onConfirm={async () => {
          await adminApi.stopExperiment(test.id);
          onChanged(copy.stopped);
        }}
      />
      <ConfirmDialog
        open={dialog === 'winner'}
        onOpenChange={(open) => {
          setDialog(open ? 'winner' : null);
          setTyped('');
        }}
        title={proven ? copy.winnerTitle(pickLetter) : copy.chosenTitle(pickLetter)}
        body={`${copy.verdictNow(verdictLabel(verdict))} ${copy.evidence(verdict, judgement.pairs, pick ?? 0, test.metric)}`}
        onConfirm={async () => {
          const { number } = await adminApi.declareWinner(test.id, pick ?? 0, proven ? undefined : typed);
          onChanged(proven ? copy.published(number) : copy.chosenPublished(number));
        }}
      >
        <p>{copy.winnerBody(pickLetter)}</p>
        {proven ? null : (
          <label className="block font-semibold text-slate-200">
            {copy.noEvidenceLabel}
            <input
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white"
            />
          </label>
        )}
      </ConfirmDialog>
      <p className="text-xs text-slate-400">{copy.visitorsHint}</p>
      {judgement.sampleRatio.flagged ? <Alert variant="destructive">{copy.sampleRatio(judgement.sampleRatio.pValue)}</Alert> : null}
    </article>
  );
}
