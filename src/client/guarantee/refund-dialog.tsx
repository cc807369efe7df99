import { useId, useState, type FormEvent } from 'react';
import { refundPage, refundReasonLabels } from '../../content/refunds.ts';
import { REFUND_NOTE_MAX, REFUND_REASONS, type GuaranteeView, type RefundReason } from '../../shared/refunds.ts';
import { ApiError } from '../lib/api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { requestRefund, type RefundTarget } from './refund-api.ts';

const copy = refundPage.dialog;

/**
 * "Pedir reembolso": an optional reason and note, and one confirmation. Loaded on demand (the
 * guarantee block imports it lazily): most buyers never open it.
 */
export default function RefundDialog({
  open,
  onOpenChange,
  target,
  onRequested,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: RefundTarget;
  /** The guarantee as it stands once the server took the request. */
  onRequested: (guarantee: GuaranteeView) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<RefundReason | undefined>();
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      const trimmed = note.trim();
      onRequested(await requestRefund(target, { reason, note: trimmed || undefined, confirm: true }));
    } catch (failure) {
      // The server's refusals (window closed, already asked, too many tries) are said as they come.
      setError(failure instanceof ApiError && failure.status !== 0 && failure.message ? failure.message : copy.network);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={copy.title} description={copy.description} closeLabel={copy.close} maskInReplays>
      <form onSubmit={submit} className="mt-5">
        <fieldset disabled={sending}>
          <legend className="text-sm font-semibold text-slate-200">{copy.reasonLegend}</legend>
          <div className="mt-2 grid gap-2">
            {REFUND_REASONS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-ink-950 px-3.5 text-sm text-slate-100 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-faint"
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-4 accent-brand-500 scheme-dark"
                />
                {refundReasonLabels[value]}
              </label>
            ))}
          </div>
          <label htmlFor={`${id}-note`} className="mt-5 mb-1.5 block text-sm font-semibold text-slate-200">
            {copy.noteLabel}
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={3}
            maxLength={REFUND_NOTE_MAX}
            placeholder={copy.notePlaceholder}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={`${id}-counter`}
            className="block w-full rounded-xl border border-line bg-ink-950 px-3.5 py-3 text-base text-white placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60"
          />
          <p id={`${id}-counter`} className="mt-1 text-right text-xs text-slate-400">
            {copy.counter(note.length, REFUND_NOTE_MAX)}
          </p>
        </fieldset>
        {error ? (
          <Alert variant="destructive" className="mt-4">
            {error}
          </Alert>
        ) : null}
        <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
          <Button type="submit" block className="sm:w-auto" disabled={sending}>
            {sending ? copy.sending : copy.confirm}
          </Button>
          <Button variant="ghost" block className="sm:w-auto" onClick={() => onOpenChange(false)} disabled={sending}>
            {copy.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
