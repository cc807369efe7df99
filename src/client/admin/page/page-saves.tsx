import { useId, useState } from 'react';
import { consoleUsers } from '../../../content/console-users.ts';
import { pageDrafts } from '../../../content/page-drafts.ts';
import type { Offer, PageDraftSave } from '../../../shared/offer.ts';
import { offerChanges } from '../../../shared/offer-diff.ts';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { formatDateTime } from '../format.ts';
import { thisTab } from './page-drafts.ts';
import { changeLabel, Shown } from './page-history.tsx';

const copy = pageDrafts.saves;
/** The changes an entry lists before "e mais N campos". */
const CHANGES_SHOWN = 4;

/** Where a save came from, as the seller tells their tabs and people apart. */
function savedBy(save: PageDraftSave): string {
  if (save.thisSession) return save.tab === thisTab() ? copy.thisTab : copy.otherTab;
  return consoleUsers.history.by(save.byName ?? consoleUsers.history.unnamedSession);
}

/** What a save changes against the live page, a few fields with their text; the rest counted. */
function SaveChanges({ live, offer }: { live: Offer; offer: Offer }) {
  const changes = offerChanges(live, offer);
  if (changes.length === 0) return <p className="text-slate-400">{copy.noChanges}</p>;
  const rest = changes.length - CHANGES_SHOWN;
  return (
    <>
      <p className="text-slate-400">{copy.changes}:</p>
      <ul className="mt-1 space-y-1">
        {changes.slice(0, CHANGES_SHOWN).map((change) => (
          <li key={`${change.section}.${change.key}.${change.item}.${change.field}`} className="break-words text-slate-200">
            <span className="font-semibold">{changeLabel(change)}:</span> <Shown change={change} value={change.after} />
          </li>
        ))}
      </ul>
      {rest > 0 ? <p className="mt-1 text-slate-400">{copy.more(rest)}</p> : null}
    </>
  );
}

/**
 * "Rascunhos salvos nas últimas 24 horas": every draft save this editor may see, from this tab, another tab or another
 * device, newest first; one tap puts one back in the form (then autosaved, never published).
 */
export function PageSaves({
  live,
  onTakeBack,
  onSignedOut,
}: {
  live: Offer;
  onTakeBack: (save: PageDraftSave, when: string) => void;
  onSignedOut: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [saves, setSaves] = useState<PageDraftSave[] | 'loading' | 'failed'>('loading');
  const listId = useId();
  const load = () => {
    setSaves('loading');
    adminApi.pageSaves().then(
      (reply) => setSaves(reply.saves),
      (failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 401) onSignedOut();
        else setSaves('failed');
      },
    );
  };
  const toggle = () => {
    if (!open) load();
    setOpen(!open);
  };
  return (
    <section className="rounded-2xl border border-line bg-ink-850 p-4">
      <Button variant="secondary" aria-expanded={open} aria-controls={listId} onClick={toggle}>
        {copy.open}
      </Button>
      {open ? (
        <div id={listId} role="region" aria-label={copy.open} className="mt-3 space-y-3 text-sm">
          <p className="text-slate-400">{copy.intro}</p>
          {saves === 'loading' ? <p className="text-slate-400">{copy.loading}</p> : null}
          {saves === 'failed' ? <p className="text-red-300">{copy.failed}</p> : null}
          {Array.isArray(saves) && saves.length === 0 ? <p className="text-slate-400">{copy.none}</p> : null}
          {Array.isArray(saves) ? (
            <ul className="divide-y divide-line">
              {saves.map((save) => {
                const when = formatDateTime(save.savedAt);
                return (
                  <li key={save.id} className="space-y-2 py-3">
                    <p>
                      <span className="font-bold text-white">{when}</span>
                      <span className="text-slate-400"> · {savedBy(save)}</span>
                    </p>
                    <SaveChanges live={live} offer={save.offer} />
                    <Button variant="secondary" aria-label={copy.takeBackLabel(when)} onClick={() => onTakeBack(save, when)}>
                      {copy.takeBack}
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
