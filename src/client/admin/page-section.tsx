import { useEffect, useId, useMemo, useState } from 'react';
import { formatKilobytes, offerLabels, pageEditor as copy } from '../../content/offer.ts';
import { offerSectionKeys, type AdminPageState, type Offer, type OfferSectionKey } from '../../shared/offer.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { adminApi } from './admin-api.ts';
import { offerErrors } from './offer-edit.ts';
import { OfferSectionForm } from './offer-form.tsx';
import { OfferDiff, PageHistory } from './page-history.tsx';
import { PagePreview } from './page-preview.tsx';
import { ReferencePriceNote } from './reference-price-note.tsx';
import { useAdminData } from './use-admin-data.ts';

interface Editing {
  offer: Offer;
  /** The live version the editor opened: a publish after another one answers 409. */
  baseNumber: number;
  dirty: boolean;
  /** The saved draft's stamp (the preview's address) and the size of its `/`. */
  saved: { updatedAt: number; landingBytes: number | null } | null;
}

function editingFrom(data: AdminPageState): Editing {
  return data.draft
    ? {
        offer: data.draft.offer,
        baseNumber: data.draft.baseNumber,
        dirty: false,
        saved: { updatedAt: data.draft.updatedAt, landingBytes: null },
      }
    : { offer: data.live.offer, baseNumber: data.live.number, dirty: false, saved: null };
}

/**
 * Página: the seller's texts, one form per section, saved as a draft apart from the live page,
 * previewed as the real page renders it, compared with what is live, then published; and the
 * versions published before, each restorable (docs/editing.md).
 */
export function PageSection({ onSignedOut }: { onSignedOut: () => void }) {
  const { state, reload } = useAdminData(adminApi.page, onSignedOut);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [section, setSection] = useState<OfferSectionKey>('hero');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'destructive'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const selectId = useId();
  const data = state.kind === 'ready' ? state.data : null;

  // A fresh state (first load, after a publish or a restore) starts the editor again from it.
  useEffect(() => {
    if (data) setEditing(editingFrom(data));
  }, [data]);
  const errors = useMemo(() => ({ ...(editing ? offerErrors(editing.offer) : {}), ...fieldErrors }), [editing, fieldErrors]);

  if (state.kind === 'failed') return <Alert variant="destructive">{state.message || copy.invalid}</Alert>;
  if (!editing || !data) return <p className="text-slate-400">{copy.title}…</p>;

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setMessage(null);
    try {
      const done = await action();
      if (done) setMessage({ kind: 'success', text: done });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) return onSignedOut();
      if (failure instanceof ApiError) setFieldErrors(failure.fields);
      setMessage({ kind: 'destructive', text: failure instanceof ApiError && failure.message ? failure.message : copy.invalid });
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(async () => {
      if (Object.keys(offerErrors(editing.offer)).length > 0) throw new ApiError(copy.invalid, 422);
      const saved = await adminApi.savePageDraft(editing.offer, editing.baseNumber);
      setFieldErrors({});
      setEditing({ ...editing, dirty: false, saved });
      return copy.draftSaved;
    });
  const publish = () =>
    run(async () => {
      const published = await adminApi.publishPage(editing.baseNumber);
      await reload();
      return copy.published(published.number);
    });
  const restore = async (number: number) => {
    const restored = await adminApi.restorePageVersion(number, data.live.number);
    await reload();
    setMessage({ kind: 'success', text: copy.history.restored(restored.number) });
  };
  const discard = () =>
    run(async () => {
      await adminApi.discardPageDraft();
      await reload();
      return null;
    });

  const landingBytes = editing.saved?.landingBytes ?? null;
  const overBudget = landingBytes !== null && landingBytes > data.landingBudgetBytes;
  const canPublish = editing.saved !== null && !editing.dirty && !busy;

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-base font-extrabold text-white">{copy.title}</h2>
        <p className="mt-1 text-sm text-slate-400">{copy.intro}</p>
        <p className="mt-2 text-sm font-semibold text-brand-300">{copy.liveVersion(data.live.number)}</p>
      </div>
      <ReferencePriceNote reference={data.referencePrice} />

      <div>
        <label htmlFor={selectId} className="block text-sm font-semibold text-slate-200">
          {copy.sectionLabel}
        </label>
        <select
          id={selectId}
          value={section}
          onChange={(event) => setSection(event.target.value as OfferSectionKey)}
          className="mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink-900 px-3 text-white"
        >
          {offerSectionKeys.map((key) => (
            <option key={key} value={key}>
              {offerLabels[key].title}
            </option>
          ))}
        </select>
      </div>

      <OfferSectionForm
        key={section}
        section={section}
        offer={editing.offer}
        errors={errors}
        locked={data.locked}
        fromEnvironment={data.fromEnvironment}
        onChange={(offer) => {
          setFieldErrors({});
          setEditing({ ...editing, offer, dirty: true });
        }}
      />

      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
      {editing.dirty ? <p className="text-sm text-gold-300">{copy.unsaved}</p> : null}
      {landingBytes !== null ? (
        <p className={cn('text-sm', overBudget ? 'font-bold text-red-300' : 'text-slate-300')} role="status">
          {copy.size(formatKilobytes(landingBytes), formatKilobytes(data.landingBudgetBytes))}
          {overBudget ? ` ${copy.overBudget}` : ''}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={busy || !editing.dirty} onClick={() => void save()}>
          {busy ? copy.saving : copy.save}
        </Button>
        <Button disabled={!canPublish} onClick={() => void publish()}>
          {busy ? copy.publishing : copy.publish}
        </Button>
        {data.draft ? (
          <Button variant="ghost" disabled={busy} onClick={() => void discard()}>
            {copy.discard}
          </Button>
        ) : null}
      </div>

      <OfferDiff live={data.live.offer} draft={editing.offer} />
      {editing.saved ? <PagePreview stamp={editing.saved.updatedAt} /> : <p className="text-sm text-slate-400">{copy.preview.none}</p>}
      <PageHistory history={data.history} liveNumber={data.live.number} onRestore={restore} />
    </div>
  );
}
