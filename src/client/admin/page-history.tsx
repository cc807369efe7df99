import { useState } from 'react';
import { offerLabels, pageEditor } from '../../content/offer.ts';
import { formatBRL } from '../../shared/money.ts';
import { offerDifferences, offerSections, type Offer, type OfferSectionKey, type PageVersionInfo } from '../../shared/offer.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { formatDateTime } from './format.ts';
import { consoleUsers } from '../../content/console-users.ts';
import { changeSummary, VersionFigures } from './version-figures.tsx';

const copy = pageEditor;

/** A field's value as the seller reads it: amounts in reais, choices by their names, a list one item a line. */
function shown(section: OfferSectionKey, field: string, value: unknown): string {
  const kind = (offerSections[section] as Record<string, { kind: string }>)[field]?.kind;
  const choices = offerLabels[section].choices ?? {};
  if ((kind === 'price' || kind === 'amount') && typeof value === 'number') return Number.isFinite(value) ? formatBRL(value) : '—';
  if (Array.isArray(value))
    return (value as Array<Record<string, string | number>>)
      .map((item, index) => {
        const parts = Object.values(item).map((part) => (typeof part === 'number' ? formatBRL(part) : (choices[part] ?? part)));
        return `${index + 1}. ${parts.join(' — ')}`;
      })
      .join('\n');
  return String(value);
}

/** What the draft changes against the live version, field by field: before and after. */
export function OfferDiff({ live, draft }: { live: Offer; draft: Offer }) {
  const changed = offerDifferences(live, draft);
  return (
    <section aria-labelledby="page-diff" className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id="page-diff" className="text-base font-extrabold text-white">
        {copy.diff.title}
      </h3>
      {changed.length === 0 ? <p className="mt-2 text-sm text-slate-400">{copy.diff.none}</p> : null}
      <ul className="mt-3 space-y-3">
        {changed.map((path) => {
          const [section, field] = path.split('.') as [OfferSectionKey, string];
          const before = (live[section] as Record<string, unknown>)[field];
          const after = (draft[section] as Record<string, unknown>)[field];
          return (
            <li key={path} className="rounded-xl border border-line/70 bg-ink-900/60 p-3 text-sm">
              <p className="font-bold text-slate-200">
                {offerLabels[section].title} · {offerLabels[section].fields[field] ?? field}
              </p>
              <p className="mt-1 whitespace-pre-line text-red-200">
                <span className="font-semibold">{copy.diff.before}:</span> {shown(section, field, before)}
              </p>
              <p className="text-brand-200 mt-1 whitespace-pre-line">
                <span className="font-semibold">{copy.diff.after}:</span> {shown(section, field, after)}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Every published version, newest first; "Restaurar" publishes one again as a new version. */
export function PageHistory({
  history,
  liveNumber,
  onRestore,
}: {
  history: readonly PageVersionInfo[];
  liveNumber: number;
  onRestore: (number: number) => Promise<void>;
}) {
  const [restoring, setRestoring] = useState<number | null>(null);
  const label = (number: number) => (number === 0 ? copy.history.original : copy.history.version(number));
  const rows = [
    ...history.map((version) => ({ number: version.number, detail: version })),
    { number: 0, detail: null as PageVersionInfo | null },
  ];
  return (
    <section aria-labelledby="page-history" className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id="page-history" className="text-base font-extrabold text-white">
        {copy.history.title}
      </h3>
      <ul className="mt-3 divide-y divide-line">
        {rows.map(({ number, detail }) => (
          <li key={number} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <span>
              <span className="font-bold text-white">{label(number)}</span>
              {detail ? (
                <>
                  <span className="block text-slate-400">
                    {formatDateTime(detail.publishedAt)} ·{' '}
                    {consoleUsers.history.by(detail.publishedByName ?? consoleUsers.history.unnamedSession)}
                    {detail.restoredFrom !== null ? ` · ${copy.history.restoredFrom(detail.restoredFrom)}` : ''}
                  </span>
                  <span className="block text-slate-300">
                    {consoleUsers.history.changed}: {changeSummary(detail.changes)}
                  </span>
                </>
              ) : null}
            </span>
            {number === liveNumber ? (
              <span className="rounded-full bg-brand-500/15 px-3 py-1 text-xs font-bold text-brand-300">{copy.history.live}</span>
            ) : (
              <Button variant="secondary" aria-label={`${copy.history.restore} ${label(number)}`} onClick={() => setRestoring(number)}>
                {copy.history.restore}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => (open ? undefined : setRestoring(null))}
        title={copy.history.confirmTitle(label(restoring ?? 0))}
        body={copy.history.confirmBody}
        onConfirm={() => onRestore(restoring ?? 0)}
      />
      <div className="mt-4">
        <VersionFigures key={history[0]?.number ?? 0} />
      </div>
    </section>
  );
}
