import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { experimentsConsole, variantLetter } from '../../../content/experiments.ts';
import { offerLabels } from '../../../content/offer.ts';
import { consoleForms } from '../../../content/console-forms.ts';
import { businessDay, businessDayStart } from '../../../shared/time.ts';
import {
  EXPERIMENT_NAME_MAX,
  EXPERIMENT_PAGES,
  MAX_EXPERIMENT_DAYS,
  MAX_VARIANTS,
  type ExperimentPage,
  type PlannerInputs,
} from '../../../shared/experiments/experiment-api.ts';
import { EXPERIMENT_METRICS, type ExperimentMetric } from '../../../shared/experiments/verdict.ts';
import type { AdminPageState, Offer, OfferSectionKey } from '../../../shared/offer.ts';
import { offerPatch } from '../../../shared/offer-patch.ts';
import { mergeOffers } from '../../../shared/offer-merge.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { plannedSettings } from '../../../shared/experiments/planner.ts';
import { earlierInput, PlannerPanel, plannerInput } from './experiments-planner.tsx';
import { offerErrors } from '../page/offer-edit.ts';
import { OfferSectionForm } from '../page/offer-form.tsx';
import { OfferDiff } from '../page/page-history.tsx';
import { usePlanning } from './use-planning.ts';
import { LengthNote, overLimit } from '../length-limit.tsx';
import { RestoredNotice, useLocalDraft } from '../local-draft.tsx';
import { sameOffer } from '../page/page-drafts.ts';

const copy = experimentsConsole.form;
const nameTooLong = `${copy.name}: ${consoleForms.overLimit(EXPERIMENT_NAME_MAX)}`;
const DAY = 86_400_000;
/** Without the shop's own history the test is tuned to this many visitors, all versions together. */
const UNPLANNED_VISITORS = 20_000;
const MAX_PLANNED_VISITORS = 100_000_000;

/** The editor's sections a test of each page may change: texts, images and the order of `/`'s sections, never the seller, product or bump. */
const TESTED_SECTIONS: Record<ExperimentPage, OfferSectionKey[]> = {
  '/': [
    'hero',
    'faq',
    'layout',
    'howItWorks',
    'howItWorksChat',
    'benefits',
    'topUp',
    'services',
    'catalogue',
    'howToStart',
    'stickyBar',
    'faqGrid',
    'scarcity',
    'whatsappGroup',
    'footer',
  ],
  '/presell': ['presell'],
};

interface Variant {
  weight: number;
  offer: Offer;
  section: OfferSectionKey;
}

/** The form as typed, kept in this browser until the test starts (local-draft.tsx). */
interface FormDraft {
  /** The live page the versions were typed over. */
  base: Offer;
  page: ExperimentPage;
  name: string;
  controlWeight: number;
  variants: Variant[];
  endDay: string;
  metric: ExperimentMetric;
  liftPercent: string;
}

const inputClass = 'mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white';
const labelClass = 'block text-sm font-semibold text-slate-200';

/** A control under its label. */
function Labelled({ htmlFor, label, children }: { htmlFor: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

const equalWeights = (count: number) => Array.from({ length: count }, (_, i) => Math.floor(100 / count) + (i < 100 % count ? 1 : 0));

/** The end date's last minute in the shop's time zone (America/Sao_Paulo). */
const endOfDay = (day: string) => businessDayStart(day, 1) - 60_000;

/** "Novo teste": the page, the versions as the editor's forms over the live page, the split, the end date, the metric and the planner. */
export function ExperimentForm({
  page: pageState,
  planner: planners,
  busyPages,
  onStarted,
  onSignedOut,
}: {
  page: AdminPageState;
  /** For a test of each page: its own traffic and sales. */
  planner: Record<ExperimentPage, PlannerInputs>;
  busyPages: readonly ExperimentPage[];
  onStarted: () => void;
  onSignedOut: () => void;
}) {
  const id = useId();
  const live = pageState.live.offer;
  const firstPage = EXPERIMENT_PAGES.find((each) => !busyPages.includes(each)) ?? '/';
  // What the seller types is kept in this browser until the test starts (a reload brings it back), with the live page
  // it was typed over: a version typed before another publish keeps that publish's changes where it did not type.
  const draft = useLocalDraft<FormDraft>('experiment-new', () => ({
    base: live,
    page: firstPage,
    name: '',
    controlWeight: 50,
    variants: [{ weight: 50, offer: live, section: TESTED_SECTIONS[firstPage][0]! }],
    endDay: businessDay(Date.now() + 28 * DAY),
    metric: 'revenue',
    liftPercent: '20',
  }));
  const { page, name, controlWeight, variants, endDay, metric, liftPercent } = draft.value;
  const edit = (next: Partial<FormDraft>) => draft.set((previous) => ({ ...previous, ...next }));
  const setName = (value: string) => edit({ name: value });
  const setControlWeight = (value: number) => edit({ controlWeight: value });
  const setEndDay = (value: string) => edit({ endDay: value });
  const setMetric = (value: ExperimentMetric) => edit({ metric: value });
  const setLiftPercent = (value: string) => edit({ liftPercent: value });
  const setVariants = (next: (previous: Variant[]) => Variant[]) =>
    draft.set((previous) => ({ ...previous, variants: next(previous.variants) }));
  const setPage = (value: ExperimentPage) => edit({ page: value });
  const setDraft = draft.set;
  useEffect(() => {
    if (!sameOffer(draft.value.base, live))
      setDraft((previous) => ({
        ...previous,
        base: live,
        variants: previous.variants.map((variant) => ({ ...variant, offer: mergeOffers(previous.base, live, variant.offer).offer })),
      }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the live page moving matters, not each keystroke
  }, [live, setDraft]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'destructive'; text: string } | null>(null);

  // When the form opened: the days left to the end date, counted once (a test is planned in days, not minutes).
  const [now] = useState(() => Date.now());
  const endsAt = endOfDay(endDay);
  const days = Math.max(1, Math.ceil((endsAt - now) / DAY));
  const lift = Number(liftPercent.replace(',', '.')) / 100;
  const weights = [controlWeight, ...variants.map((variant) => variant.weight)];
  const weightsValid = weights.every((weight) => Number.isInteger(weight) && weight >= 1 && weight <= 100);
  const split = weights.join(',');
  // The planner's input for the chosen page and metric, and the step before the payment it may offer instead.
  const planner = planners[page];
  const { input, earlier } = useMemo(() => {
    const planned = split.split(',').map((weight) => (weightsValid ? Number(weight) : 1));
    return { input: plannerInput(planner, metric, planned), earlier: earlierInput(planner, metric, planned) };
  }, [planner, metric, split, weightsValid]);
  const { plan, pending } = usePlanning(input, Number.isFinite(lift) ? lift : 0, days, earlier);
  const errors = variants.map((variant) => offerErrors(variant.offer));
  const busyPage = busyPages.includes(page);

  /** Each page's versions as the seller left them: another page and back brings the typing back, not the live texts. */
  const typedFor = useRef<Partial<Record<ExperimentPage, Pick<Variant, 'offer' | 'section'>[]>>>({});
  const choosePage = (next: ExperimentPage) => {
    typedFor.current[page] = variants.map(({ offer, section }) => ({ offer, section }));
    const kept = typedFor.current[next];
    setPage(next);
    // A version patches one page only (the server refuses a field of the other): the other page's starts from the live texts.
    setVariants((previous) =>
      previous.map((variant, index) => ({ ...variant, ...(kept?.[index] ?? { offer: live, section: TESTED_SECTIONS[next][0]! }) })),
    );
  };
  const resize = (count: number) => {
    const split = equalWeights(count + 1);
    setControlWeight(split[0]!);
    setVariants((previous) => {
      const next = previous.slice(0, count);
      while (next.length < count) next.push({ weight: 0, offer: live, section: TESTED_SECTIONS[page][0]! });
      return next.map((variant, index) => ({ ...variant, weight: split[index + 1]! }));
    });
  };
  const update = (index: number, change: Partial<Variant>) =>
    setVariants((previous) => previous.map((variant, i) => (i === index ? { ...variant, ...change } : variant)));

  const start = async () => {
    setMessage(null);
    if (errors.some((each) => Object.keys(each).length > 0) || !weightsValid || overLimit(name, EXPERIMENT_NAME_MAX)) {
      setMessage({
        kind: 'destructive',
        text: !weightsValid ? copy.splitInvalid : overLimit(name, EXPERIMENT_NAME_MAX) ? nameTooLong : copy.fixErrors,
      });
      return;
    }
    const planned = plannedSettings(input, lift, days, UNPLANNED_VISITORS);
    setBusy(true);
    try {
      await adminApi.createExperiment({
        page,
        name: name.trim() || copy.namePlaceholder,
        variants: [
          { weight: controlWeight, patch: {} },
          ...variants.map((variant) => ({
            weight: variant.weight,
            patch: (offerPatch(variant.offer, live) ?? {}) as Record<string, unknown>,
          })),
        ],
        metric,
        plannedLift: planned.plannedLift,
        plannedVisitors: Math.min(MAX_PLANNED_VISITORS, planned.plannedVisitors),
        endsAt,
      });
      draft.clear();
      setMessage({ kind: 'success', text: copy.started });
      onStarted();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) onSignedOut();
      // The server's refusal names the version and the reason (a price, a field of the other page, the budget).
      else setMessage({ kind: 'destructive', text: failure instanceof ApiError ? failure.message : copy.fixErrors });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} className="text-base font-extrabold text-white">
        {copy.title}
      </h3>
      {draft.restored ? <RestoredNotice /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Labelled htmlFor={`${id}-page`} label={copy.page}>
          <select
            id={`${id}-page`}
            value={page}
            onChange={(event) => choosePage(event.target.value as ExperimentPage)}
            className={inputClass}
          >
            {EXPERIMENT_PAGES.map((each) => (
              <option key={each} value={each}>
                {experimentsConsole.pages[each]}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled htmlFor={`${id}-name`} label={copy.name}>
          <input
            id={`${id}-name`}
            value={name}
            placeholder={copy.namePlaceholder}
            aria-invalid={overLimit(name, EXPERIMENT_NAME_MAX) ? true : undefined}
            aria-describedby={`${id}-name-length`}
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
          <LengthNote id={`${id}-name-length`} value={name} max={EXPERIMENT_NAME_MAX} />
        </Labelled>
      </div>
      {busyPage ? <Alert variant="destructive">{copy.pageBusy(page)}</Alert> : null}

      <p className="rounded-xl border border-line/70 bg-ink-900/60 p-3 text-sm text-slate-300">{copy.control}</p>
      {variants.map((variant, index) => {
        const letter = variantLetter(index + 1);
        const sections = TESTED_SECTIONS[page];
        return (
          <section
            key={index}
            aria-label={copy.variant(letter)}
            className="space-y-3 rounded-2xl border border-brand-500/40 bg-ink-900/40 p-3"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="text-base font-extrabold text-brand-300">{copy.variant(letter)}</h4>
              {variants.length > 1 ? (
                <Button variant="ghost" onClick={() => resize(variants.length - 1)} disabled={index !== variants.length - 1}>
                  {copy.remove(letter)}
                </Button>
              ) : null}
            </div>
            {sections.length > 1 ? (
              <Labelled htmlFor={`${id}-section-${index}`} label={copy.section}>
                <select
                  id={`${id}-section-${index}`}
                  value={variant.section}
                  onChange={(event) => update(index, { section: event.target.value as OfferSectionKey })}
                  className={inputClass}
                >
                  {sections.map((key) => (
                    <option key={key} value={key}>
                      {offerLabels[key].title}
                    </option>
                  ))}
                </select>
              </Labelled>
            ) : null}
            <OfferSectionForm
              section={variant.section}
              offer={variant.offer}
              errors={errors[index] ?? {}}
              locked={pageState.locked}
              fromEnvironment={pageState.fromEnvironment}
              onChange={(offer) => update(index, { offer })}
            />
            {offerPatch(variant.offer, live) === undefined ? (
              <p className="text-sm text-gold-300">{copy.unchanged(letter)}</p>
            ) : (
              <OfferDiff live={live} draft={variant.offer} title={copy.changes(letter)} />
            )}
          </section>
        );
      })}
      {variants.length + 1 < MAX_VARIANTS ? (
        <Button variant="secondary" onClick={() => resize(variants.length + 1)}>
          {copy.add}
        </Button>
      ) : null}

      <fieldset className="space-y-2 rounded-2xl border border-line bg-ink-850 p-4">
        <legend className="px-1 text-sm font-extrabold text-white">{copy.split}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {weights.map((weight, index) => (
            <Labelled key={index} htmlFor={`${id}-weight-${index}`} label={copy.share(variantLetter(index))}>
              <input
                id={`${id}-weight-${index}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                // An emptied box stays empty (the split reads invalid until a share is typed), never a 0 the seller did not type.
                value={Number.isNaN(weight) ? '' : weight}
                onChange={(event) => {
                  const value = event.target.value === '' ? Number.NaN : Math.round(Number(event.target.value));
                  if (index === 0) setControlWeight(value);
                  else update(index - 1, { weight: value });
                }}
                className={inputClass}
              />
            </Labelled>
          ))}
        </div>
        <p className={weightsValid ? 'text-sm text-slate-400' : 'text-sm font-bold text-red-300'}>
          {weightsValid ? copy.splitSum(weights.reduce((sum, weight) => sum + weight, 0)) : copy.splitInvalid}
        </p>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <Labelled htmlFor={`${id}-end`} label={copy.endDate}>
          <input
            id={`${id}-end`}
            type="date"
            value={endDay}
            min={businessDay(now + DAY)}
            max={businessDay(now + MAX_EXPERIMENT_DAYS * DAY)}
            onChange={(event) => event.target.value && setEndDay(event.target.value)}
            className={inputClass}
          />
        </Labelled>
        <Labelled htmlFor={`${id}-metric`} label={copy.metric}>
          <select
            id={`${id}-metric`}
            value={metric}
            onChange={(event) => setMetric(event.target.value as ExperimentMetric)}
            className={inputClass}
            aria-describedby={`${id}-metric-hint`}
          >
            {EXPERIMENT_METRICS.map((each) => (
              <option key={each} value={each}>
                {experimentsConsole.metrics[each]}
              </option>
            ))}
          </select>
          <p id={`${id}-metric-hint`} className="mt-1 text-xs text-slate-400">
            {copy.metricHint}
          </p>
        </Labelled>
        <Labelled htmlFor={`${id}-lift`} label={copy.lift}>
          <input
            id={`${id}-lift`}
            inputMode="decimal"
            value={liftPercent}
            onChange={(event) => setLiftPercent(event.target.value)}
            className={inputClass}
          />
        </Labelled>
      </div>

      <PlannerPanel
        page={page}
        inputs={planner}
        input={input}
        plan={plan}
        pending={pending}
        days={days}
        metric={metric}
        onMetric={setMetric}
      />

      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
      <Button disabled={busy || busyPage} onClick={() => void start()}>
        {busy ? copy.starting : copy.start}
      </Button>
    </section>
  );
}
