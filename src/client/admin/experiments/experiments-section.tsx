import { useCallback, useState } from 'react';
import { experimentsApi, experimentsConsole as copy } from '../../../content/experiments.ts';
import type { ExperimentPage } from '../../../shared/experiments/experiment-api.ts';
import { Alert } from '../../ui/alert.tsx';
import { adminApi } from '../admin-api.ts';
import { ExperimentForm } from './experiments-form.tsx';
import { ExperimentCard } from './experiments-results.tsx';
import { useAdminData } from '../use-admin-data.ts';

/** The figures move as visitors come; the verdict is valid at every reading, so reading often costs nothing. */
const REFRESH_MS = 30_000;

const loadAll = async () => {
  const [experiments, page] = await Promise.all([adminApi.experiments(), adminApi.page()]);
  return { ...experiments, page };
};

/** A notification's test (#testes-ab/…) is brought into view. */
const scrollToLinked = (element: HTMLDivElement | null) => element?.scrollIntoView({ block: 'start' });

/**
 * Testes A/B (docs/experiments.md#console): the tests with their figures and verdicts, and a new test with its planner;
 * `experimentId`: the test a notification opened, marked and in view.
 */
export default function ExperimentsSection({
  experimentId = null,
  onSignedOut,
}: {
  experimentId?: string | null;
  onSignedOut: () => void;
}) {
  const { state, reload } = useAdminData(loadAll, onSignedOut, { refreshMs: REFRESH_MS });
  const [message, setMessage] = useState<string | null>(null);
  /** A new form after a start, so the next test starts from the live page again. */
  const [formKey, setFormKey] = useState(0);
  const changed = useCallback(
    (text: string) => {
      setMessage(text);
      setFormKey((key) => key + 1);
      void reload();
    },
    [reload],
  );

  if (state.kind === 'loading') return <p className="text-slate-400">{copy.loading}</p>;
  if (state.kind === 'failed') return <Alert variant="destructive">{state.message || copy.failed}</Alert>;
  const { experiments, planner, page } = state.data;
  const busyPages: ExperimentPage[] = experiments.filter((test) => test.status === 'running').map((test) => test.page);
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-base font-extrabold text-white">{copy.title}</h2>
        <p className="mt-1 text-sm text-slate-400">{copy.intro}</p>
      </div>
      <aside aria-label={copy.neverPriceTitle} className="rounded-2xl border border-gold-300/40 bg-gold-300/5 p-4 text-sm">
        <h3 className="font-extrabold text-gold-300">{copy.neverPriceTitle}</h3>
        <p className="mt-1 text-slate-200">{experimentsApi.priceChanged}</p>
      </aside>
      {message ? <Alert variant="success">{message}</Alert> : null}
      <section aria-label={copy.listTitle} className="space-y-3">
        <h2 className="text-base font-extrabold text-white">{copy.listTitle}</h2>
        {experiments.length === 0 ? <p className="text-sm text-slate-400">{copy.none}</p> : null}
        {experiments.map((test) =>
          test.id === experimentId ? (
            <div key={test.id} ref={scrollToLinked} aria-current="true" className="scroll-mt-32 rounded-2xl ring-2 ring-gold-400">
              <ExperimentCard test={test} live={page.live.offer} onChanged={changed} />
            </div>
          ) : (
            <ExperimentCard key={test.id} test={test} live={page.live.offer} onChanged={changed} />
          ),
        )}
      </section>
      <ExperimentForm
        key={formKey}
        page={page}
        planner={planner}
        busyPages={busyPages}
        onStarted={() => changed(copy.form.started)}
        onSignedOut={onSignedOut}
      />
    </div>
  );
}
