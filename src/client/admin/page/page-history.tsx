import { useId, useState } from 'react';
import { offerLabels, pageEditor } from '../../../content/offer.ts';
import type { Offer, PageVersionInfo } from '../../../shared/offer.ts';
import { offerChanges, type OfferChange, type PageVersionReply } from '../../../shared/offer-diff.ts';
import { imageSrc, parseImageRef } from '../../../shared/offer-image.ts';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { formatDateTime, formatDraftAmount } from '../format.ts';
import { consoleUsers } from '../../../content/console-users.ts';
import { changeSummary } from '../overview/version-figures.tsx';
import { layoutChangeText } from '../../../content/layout.ts';
import type { OfferLayout } from '../../../shared/offer-layout.ts';

const copy = pageEditor;

/** A value as the seller reads it: amounts in reais, choices by their names, an image as its thumbnail, an item one field a line. */
export function Shown({ change, value }: { change: OfferChange; value: unknown }) {
  const choices = offerLabels[change.section].choices ?? {};
  if (change.kind === 'image') {
    const image = typeof value === 'string' ? parseImageRef(value) : undefined;
    return image ? (
      <img src={imageSrc(image)} alt="" width={96} height={Math.round((96 * image.height) / image.width)} className="mt-1 rounded-lg" />
    ) : (
      <>{copy.diff.noImage}</>
    );
  }
  if (value === null || value === undefined) return <>—</>;
  if (typeof value === 'number') return <>{formatDraftAmount(value)}</>;
  if (typeof value === 'object')
    return (
      <>
        {Object.entries(value as Record<string, string | number>)
          // An item's id is never shown.
          .flatMap(([key, part]) => (key === 'id' ? [] : [part]))
          .map((part) => (typeof part === 'number' ? formatDraftAmount(part) : (choices[part] ?? part)))
          .join(' — ')}
      </>
    );
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <>{choices[text] ?? text}</>;
}

/** "Perguntas frequentes · Perguntas 3 · Resposta": where the change is. */
export function changeLabel(change: OfferChange): string {
  const labels = offerLabels[change.section];
  const list = labels.fields[change.key] ?? change.key;
  const field =
    change.field === null ? null : (labels.fields[`${change.key}.${change.field}`] ?? labels.fields[change.field] ?? change.field);
  const place = change.item === null ? list : copy.diff.item(list, change.item);
  const moved = change.movedFrom === undefined ? null : copy.diff.movedFrom(change.movedFrom);
  return [labels.title, place, field, moved].filter(Boolean).join(' · ');
}

/** What the draft (or a version to restore) changes against the live version: each field once, before and after. */
export function OfferDiff({ live, draft, title = copy.diff.title }: { live: Offer; draft: Offer; title?: string }) {
  const changes = offerChanges(live, draft);
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id={id} className="text-base font-extrabold text-white">
        {title}
      </h3>
      {changes.length === 0 ? <p className="mt-2 text-sm text-slate-400">{copy.diff.none}</p> : null}
      <ul className="mt-3 space-y-3">
        {changes.map((change) => (
          <li
            key={`${change.section}.${change.key}.${change.id ?? change.item}.${change.field}`}
            className="rounded-xl border border-line/70 bg-ink-900/60 p-3 text-sm"
          >
            <p className="font-bold text-slate-200">{changeLabel(change)}</p>
            {change.kind === 'layout' ? (
              <p className="text-brand-200 mt-1">{layoutChangeText(change.before as OfferLayout, change.after as OfferLayout)}</p>
            ) : change.kind === 'price' || change.kind === 'amount' ? (
              <p className="text-brand-200 mt-1">
                {copy.diff.priceChange(formatDraftAmount(change.before), formatDraftAmount(change.after))}
              </p>
            ) : (
              <>
                <p className="mt-1 whitespace-pre-line text-red-200">
                  <span className="font-semibold">{copy.diff.before}:</span> <Shown change={change} value={change.before} />
                </p>
                <p className="text-brand-200 mt-1 whitespace-pre-line">
                  <span className="font-semibold">{copy.diff.after}:</span> <Shown change={change} value={change.after} />
                </p>
              </>
            )}
          </li>
        ))}
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
  /** The version to restore and the live one, loaded as "Restaurar" is tapped: the dialog shows what would change. */
  const [compared, setCompared] = useState<PageVersionReply | null>(null);
  const ask = (number: number) => {
    setCompared(null);
    setRestoring(number);
    void adminApi
      .pageVersion(number)
      .then(setCompared)
      .catch(() => undefined);
  };
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
              <Button variant="secondary" aria-label={`${copy.history.restore} ${label(number)}`} onClick={() => ask(number)}>
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
      >
        {compared?.number === restoring ? (
          <div className="mt-3 max-h-[50vh] overflow-y-auto">
            <OfferDiff live={compared.live} draft={compared.offer} title={copy.history.confirmDiff} />
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-400">{copy.history.loadingDiff}</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
