import { useId, useState } from 'react';
import { affiliatesConsole } from '../../../content/affiliates.ts';
import { AFFILIATE_REASON_MAX } from '../../../shared/affiliates.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { LengthNote, overLimit } from '../length-limit.tsx';
import { RestoredNotice, useLocalDraft } from '../local-draft.tsx';

const copy = affiliatesConsole.decide;

type Decision = 'refuse' | 'remove';

/**
 * "Recusar" a request or "Remover" an affiliate, with the reason the seller writes (the refused applicant reads it in
 * the e-mail). The reason is a draft of this browser (local-draft.tsx), per affiliate: closing the dialog (Esc, the X,
 * a tap outside) and opening it again, or a reload, brings it back; "Cancelar" and a sent decision forget it. Required,
 * and kept as typed past its limit with the count's words, as the console's other texts (docs/editing.md).
 */
export function DecisionDialog({
  decision,
  affiliate,
  open,
  onOpenChange,
  onDecide,
}: {
  decision: Decision;
  affiliate: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDecide: (reason: string) => Promise<void>;
}) {
  const words = copy[decision];
  const draft = useLocalDraft(`affiliate-${decision}:${affiliate.id}`, '');
  const reason = draft.value;
  // The "required" words show once "Confirmar" was tapped with nothing written, not while the seller starts typing.
  const [tried, setTried] = useState(false);
  const id = useId();
  const empty = reason.trim() === '';
  const over = overLimit(reason, AFFILIATE_REASON_MAX);
  const missing = tried && empty;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTried(false);
        onOpenChange(next);
      }}
      title={words.title(affiliate.name)}
      body={words.body}
      danger
      onCancel={draft.clear}
      onConfirm={async () => {
        setTried(true);
        if (empty || over) return false;
        await onDecide(reason.trim());
        draft.clear();
      }}
    >
      <div>
        {draft.restored && reason ? <RestoredNotice className="mb-3" /> : null}
        <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-slate-200">
          {words.field}
        </label>
        <textarea
          id={`${id}-reason`}
          required
          rows={4}
          value={reason}
          aria-invalid={missing || over ? true : undefined}
          aria-describedby={`${id}-hint ${id}-length${missing ? ` ${id}-missing` : ''}`}
          onChange={(event) => draft.set(event.target.value)}
          className="mt-1.5 block w-full rounded-xl border border-line bg-ink-900 px-3 py-2 text-white"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {words.hint}
        </p>
        {missing ? (
          <p id={`${id}-missing`} role="alert" className="mt-1 text-sm font-semibold text-red-300">
            {words.required}
          </p>
        ) : null}
        <LengthNote id={`${id}-length`} value={reason} max={AFFILIATE_REASON_MAX} />
      </div>
    </ConfirmDialog>
  );
}
