import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatKilobytes, offerLabels, pageEditor as copy } from '../../../content/offer.ts';
import { offerSectionKeys, type OfferSectionKey } from '../../../shared/offer.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { adminApi } from '../admin-api.ts';
import { pageDrafts as draftsCopy } from '../../../content/page-drafts.ts';
import type { Offer, PageDraftSave, PagePublishConflictBody } from '../../../shared/offer.ts';
import { invalidMessage, useJumpToInvalid } from '../invalid-jump.ts';
import { offerErrors } from './offer-edit.ts';
import { OfferSectionForm } from './offer-form.tsx';
import { PageConflicts } from './page-conflicts.tsx';
import {
  canKeepBoth,
  clearLocalCopy,
  editingFrom,
  onOtherTabCopy,
  pickConflict,
  sameOffer,
  startEditing,
  thisTab,
  withOtherTab,
  writeLocalCopy,
  type ConflictSide,
  type Editing,
  type PendingConflict,
} from './page-drafts.ts';
import { OfferDiff, PageHistory } from './page-history.tsx';
import { PagePreview } from './page-preview.tsx';
import { PageSaves } from './page-saves.tsx';
import { ReferencePriceNote } from './reference-price-note.tsx';
import { useAdminData } from '../use-admin-data.ts';

/** Another editor's publish shows here within this long (and at once when the console tab gets the focus again). */
const POLL_MS = 15_000;
/** A save after the typing stops: the preview, the size and the server's draft follow. */
const AUTOSAVE_MS = 1_000;

/**
 * Página: the seller's texts, one form per section, saved as a draft apart from the live page,
 * previewed as the real page renders it, compared with what is live, then published; and the
 * versions published before, each restorable (docs/editing.md).
 */
export function PageSection({ onSignedOut }: { onSignedOut: () => void }) {
  const { state, reload } = useAdminData(adminApi.page, onSignedOut, { refreshMs: POLL_MS });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [conflicts, setConflicts] = useState<PendingConflict[] | null>(null);
  /** Changes at a reset (discard, publish, a pick): the forms are drawn again, the price box's text included. */
  const [formKey, setFormKey] = useState(0);
  /** The next state loaded starts the editor again (first load, publish, discard, restore); a poll only moves the live version. */
  const resetNext = useRef(true);
  /** The reset after this editor's own publish: typing kept from during it is no news to announce. */
  const ownPublish = useRef(false);
  /** The last offer this tab and the browser's other tabs agreed on: the base when their typing meets. */
  const shared = useRef<Offer | null>(null);
  const [autosave, setAutosave] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [section, setSection] = useState<OfferSectionKey>('hero');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'destructive'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const jumpToInvalid = useJumpToInvalid(setSection);
  const selectId = useId();
  const data = state.kind === 'ready' ? state.data : null;

  const editorKey = data?.editorKey ?? null;
  const unpicked = conflicts?.some((conflict) => conflict.picked === null) ?? false;

  // A fresh state (first load, after a publish, a discard or a restore) starts the editor again from it, with what
  // this browser kept that the server's draft lacks; a poll's keeps the seller's work and moves only the live version.
  useEffect(() => {
    if (!data) return;
    if (resetNext.current) {
      resetNext.current = false;
      const { editing: start, conflicts: pending, restored } = startEditing(data);
      shared.current = start.offer;
      setEditing(start);
      setConflicts(pending && pending.length > 0 ? pending : null);
      setFormKey((key) => key + 1);
      if (restored && !ownPublish.current) setMessage({ kind: 'success', text: draftsCopy.restoredLocal });
      ownPublish.current = false;
      return;
    }
    setEditing((previous) => {
      if (!previous || previous.dirty || previous.saved !== null || sameOffer(previous.offer, data.live.offer)) return previous;
      setFormKey((key) => key + 1);
      return editingFrom(data);
    });
  }, [data]);

  // Another tab of this sign-in typed: its work joins this tab's, and this tab saves the two together.
  useEffect(() => {
    if (!editorKey) return;
    return onOtherTabCopy(editorKey, (incoming) => {
      const base = shared.current;
      shared.current = incoming.offer;
      setEditing((previous) => (previous ? withOtherTab(previous, base ?? previous.offer, incoming.offer) : previous));
      setFormKey((key) => key + 1);
    });
  }, [editorKey]);

  // Back to the console's tab: another editor's publish shows at once.
  useEffect(() => {
    const onFocus = () => void reload();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [reload]);

  // Leaving with typing not yet on the server asks first (the local copy has it, but another device would not).
  const dirty = editing?.dirty ?? false;
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = draftsCopy.leave;
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  const errors = useMemo(() => ({ ...(editing ? offerErrors(editing.offer) : {}), ...fieldErrors }), [editing, fieldErrors]);
  const valid = editing ? Object.keys(offerErrors(editing.offer)).length === 0 : false;

  /** Saves the draft as it is now; typing that came meanwhile stays unsaved (and is saved next). */
  const saveNow = useCallback(async (work: Editing) => {
    const saved = await adminApi.savePageDraft(work.offer, work.baseNumber, thisTab());
    setFieldErrors({});
    setEditing((previous) =>
      previous ? { ...previous, dirty: previous.offer === work.offer ? false : previous.dirty, saved: { ...saved } } : previous,
    );
  }, []);

  // The console draws this section again for its own reasons (new callbacks each time): not a reason to wait longer.
  const signedOut = useRef(onSignedOut);
  const jumpTo = useRef(jumpToInvalid);
  const latest = useRef(editing);
  useEffect(() => {
    signedOut.current = onSignedOut;
    jumpTo.current = jumpToInvalid;
    latest.current = editing;
  });

  // Autosave: a second after the typing stops, when every field is valid and no conflict waits for a pick. Not while a
  // publish (or a save) runs: typing then would be saved on the version before the one being published, and the console
  // would take this editor's own publish for someone else's; it is saved once the publish is done, on its version. Nor
  // while the last autosave is on its way: a slow network could land it after this one, keeping older text.
  useEffect(() => {
    if (!editing?.dirty || !valid || unpicked || busy || autosave === 'saving') return;
    const timer = window.setTimeout(() => {
      setAutosave('saving');
      saveNow(editing).then(
        () => setAutosave('saved'),
        (failure: unknown) => {
          setAutosave('idle');
          if (failure instanceof ApiError && failure.status === 401) signedOut.current();
          else if (failure instanceof ApiError) {
            setFieldErrors(failure.fields);
            jumpTo.current(failure.fields);
          }
        },
      );
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [editing, valid, unpicked, busy, autosave, saveNow]);

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
      if (failure instanceof ApiError && failure.status === 409) onPublishConflict(failure.body);
      else if (failure instanceof ApiError) setFieldErrors(failure.fields);
      setMessage({ kind: 'destructive', text: failure instanceof ApiError && failure.message ? failure.message : copy.invalid });
    } finally {
      setBusy(false);
    }
  };

  /**
   * A 409: fields both changed come back with both texts, the draft laid on the live version with every other
   * field merged; any other 409 (another tab saved this draft again, or a publish came in between) loads the state again.
   */
  function onPublishConflict(body: unknown) {
    const conflict = body as Partial<PagePublishConflictBody> | null;
    if (conflict?.merged && conflict.conflicts && typeof conflict.liveNumber === 'number') {
      const merged = conflict.merged;
      const liveNumber = conflict.liveNumber;
      const pending = conflict.conflicts.map((each): PendingConflict => ({ ...each, picked: null }));
      if (data) writeLocalCopy(data.editorKey, { offer: merged, baseNumber: liveNumber, conflicts: pending });
      setEditing((previous) => (previous ? { ...previous, offer: merged, baseNumber: liveNumber, dirty: true } : previous));
      setConflicts(pending && pending.length > 0 ? pending : null);
      setFormKey((key) => key + 1);
    } else resetNext.current = true;
    void reload();
  }

  const pick = (conflict: PendingConflict, side: ConflictSide) => {
    if (!conflicts) return;
    const picked = pickConflict(editing.offer, conflicts, conflict, side);
    setConflicts(picked.conflicts);
    writeLocalCopy(data.editorKey, { offer: picked.offer, baseNumber: editing.baseNumber, conflicts: picked.conflicts });
    setEditing({ ...editing, offer: picked.offer, dirty: true });
    setFormKey((key) => key + 1);
  };

  const save = () =>
    run(async () => {
      const invalid = offerErrors(editing.offer);
      if (jumpToInvalid(invalid)) throw new ApiError(invalidMessage(invalid), 422);
      await saveNow(editing);
      return copy.draftSaved;
    });
  const publish = () =>
    run(async () => {
      if (!editing.saved) return null;
      const sent = editing.offer;
      const published = await adminApi.publishPage(editing.saved.revision);
      // Typed while the publish ran: kept, on the version just published (this editor's own, not someone else's).
      const typed = latest.current;
      if (typed && !sameOffer(typed.offer, sent)) writeLocalCopy(data.editorKey, { offer: typed.offer, baseNumber: published.number });
      else clearLocalCopy(data.editorKey);
      setEditing((previous) => (previous ? { ...previous, baseNumber: published.number } : previous));
      resetNext.current = true;
      ownPublish.current = true;
      await reload();
      return copy.published(published.number);
    });
  const restore = async (number: number) => {
    const restored = await adminApi.restorePageVersion(number, data.live.number);
    resetNext.current = true;
    await reload();
    setMessage({ kind: 'success', text: copy.history.restored(restored.number) });
  };
  // A save of the last 24 hours back in the form, on the version it was based on (a publish merges what went live
  // since): autosaved a second later like any typing, in the local copy at once; nothing is published.
  const takeBack = (save: PageDraftSave, when: string) => {
    // Another tab merges what it hears onto the last offer the two had: this tab's form first, then the save, so the
    // other tab reads the take-back as this tab's change and follows it (its own typing elsewhere stays).
    writeLocalCopy(data.editorKey, { offer: editing.offer, baseNumber: editing.baseNumber });
    writeLocalCopy(data.editorKey, { offer: save.offer, baseNumber: save.baseNumber });
    shared.current = save.offer;
    setConflicts(null);
    setFieldErrors({});
    setEditing((previous) => (previous ? { ...previous, offer: save.offer, baseNumber: save.baseNumber, dirty: true } : previous));
    setFormKey((key) => key + 1);
    setMessage({ kind: 'success', text: draftsCopy.saves.takenBack(when) });
  };
  // Every field back to the live version, the price box's text included; the server's draft and the local copy gone.
  const discard = () =>
    run(async () => {
      await adminApi.discardPageDraft();
      clearLocalCopy(data.editorKey);
      resetNext.current = true;
      await reload();
      return null;
    });

  const landingBytes = editing.saved?.landingBytes ?? null;
  const overBudget = landingBytes !== null && landingBytes > data.landingBudgetBytes;
  const canPublish = editing.saved !== null && !editing.dirty && !busy && !unpicked;
  const liveMoved = !busy && data.live.number > editing.baseNumber && (editing.dirty || editing.saved !== null);

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-base font-extrabold text-white">{copy.title}</h2>
        <p className="mt-1 text-sm text-slate-400">{copy.intro}</p>
        <p className="mt-2 text-sm font-semibold text-brand-300" data-live-version={data.live.number}>
          {copy.liveVersion(data.live.number)}
        </p>
        {liveMoved && !conflicts ? <p className="mt-1 text-sm text-gold-300">{draftsCopy.liveMoved(data.live.number)}</p> : null}
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

      {conflicts ? (
        <PageConflicts conflicts={conflicts} keepBoth={(conflict) => canKeepBoth(editing.offer, conflict)} onPick={pick} />
      ) : null}

      <OfferSectionForm
        key={`${section}-${formKey}`}
        section={section}
        offer={editing.offer}
        errors={errors}
        locked={data.locked}
        fromEnvironment={data.fromEnvironment}
        onChange={(offer) => {
          setFieldErrors({});
          if (editorKey) writeLocalCopy(editorKey, { offer, baseNumber: editing.baseNumber, conflicts: conflicts ?? undefined });
          setEditing({ ...editing, offer, dirty: true });
        }}
      />

      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
      {editing.dirty ? (
        <p className="text-sm text-gold-300">{autosave === 'saving' ? draftsCopy.autosaving : copy.unsaved}</p>
      ) : autosave === 'saved' ? (
        <p className="text-sm text-slate-300">{draftsCopy.autosaved}</p>
      ) : null}
      {landingBytes !== null ? (
        <p className={cn('text-sm', overBudget ? 'font-bold text-red-300' : 'text-slate-300')} role="status">
          {copy.size(formatKilobytes(landingBytes), formatKilobytes(data.landingBudgetBytes))}
          {overBudget ? ` ${copy.overBudget}` : ''}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={busy} onClick={() => void save()}>
          {busy ? copy.saving : copy.save}
        </Button>
        <Button disabled={!canPublish} onClick={() => void publish()}>
          {busy ? copy.publishing : copy.publish}
        </Button>
        {data.draft || editing.saved || editing.dirty ? (
          <Button variant="ghost" disabled={busy} onClick={() => void discard()}>
            {copy.discard}
          </Button>
        ) : null}
      </div>

      <OfferDiff live={data.live.offer} draft={editing.offer} />
      {editing.saved ? <PagePreview stamp={editing.saved.updatedAt} /> : <p className="text-sm text-slate-400">{copy.preview.none}</p>}
      <PageSaves live={data.live.offer} onTakeBack={takeBack} onSignedOut={onSignedOut} />
      <PageHistory history={data.history} liveNumber={data.live.number} onRestore={restore} />
    </div>
  );
}
