import { useEffect, useId, useState } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import { disputeChannelLabels, disputesApi, disputesConsole as text } from '../../../content/disputes.ts';
import type { AdminDispute } from '../../../shared/disputes.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { disputeActions, isOpenDispute } from './dispute-view.ts';
import { formatDateTime } from '../format.ts';
import { CopyValue } from '../orders/manual-refund-steps.tsx';

/**
 * A dispute's defence: the text "Enviar defesa" sends (read for this dispute alone, while it is open), the one press
 * (then disabled), the provider's 409 or 422 in the server's words, and for a provider without a defence API, the PDF
 * and the text to paste.
 */
export function DisputeDefence({
  dispute,
  now,
  onSent,
  onSignedOut,
}: {
  dispute: AdminDispute;
  now: number;
  /** Re-reads the list: after a send, and after a refusal that may mean the defence was sent before. */
  onSent: () => Promise<void>;
  onSignedOut: () => void;
}) {
  const actions = disputeActions(dispute, now);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [defenceText, setDefenceText] = useState<string | null>(null);
  const id = useId();
  const open = isOpenDispute(dispute.state);
  useEffect(() => {
    if (!open) return;
    let current = true;
    adminApi.disputeDefence(dispute.id).then(
      (reply) => {
        if (current) setDefenceText(reply.text);
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) onSignedOut();
        else setFailure(error instanceof ApiError && error.message ? error.message : copy.api.invalid);
      },
    );
    return () => {
      current = false;
    };
  }, [dispute.id, open, onSignedOut]);
  // A closed dispute's defence is history: the list keeps its outcome only.
  if (!open) return null;

  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await adminApi.sendDefence(dispute.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onSignedOut();
      setFailure(error instanceof ApiError && error.message ? error.message : copy.api.invalid);
    } finally {
      setBusy(false);
    }
    await onSent();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-xl border border-line bg-ink-900 px-3.5 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h4 id={`${id}-title`} className="font-extrabold text-white">
          {text.defenceTitle}
        </h4>
        <span className="text-xs text-slate-400">{disputeChannelLabels[dispute.defenceChannel]}</span>
      </div>
      <p className="mt-0.5 text-xs text-slate-400">{text.defenceHint}</p>
      {/* Read-only, not a paragraph: it scrolls by keyboard and selects whole for a paste into the provider's panel. */}
      <textarea
        readOnly
        rows={8}
        aria-labelledby={`${id}-title`}
        value={defenceText ?? ''}
        placeholder={defenceText === null ? text.defenceLoading : undefined}
        className="mt-2 block w-full resize-y rounded-lg border border-line bg-ink-950 px-3 py-2 text-sm text-slate-200"
      />
      {dispute.defenceChannel === 'panel' && !actions.panelFiles && !actions.late ? (
        <p className="mt-2 text-xs text-slate-400">{text.panelSend}</p>
      ) : null}
      {/* Announced once the list is read again after the press. */}
      <div aria-live="polite">
        {dispute.defenceSentAt !== null ? (
          <p className="mt-2 font-semibold text-brand-300">{text.defenceSent(formatDateTime(dispute.defenceSentAt))}</p>
        ) : null}
      </div>
      {actions.panelFiles ? (
        <div className="mt-2 space-y-2">
          <p className="text-slate-300">{text.panelHint}</p>
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={adminApi.defencePdfUrl(dispute.id)}
              download
              className="inline-flex min-h-11 items-center rounded-xl border border-line bg-ink-800 px-4 font-semibold text-slate-100 hover:bg-ink-700"
            >
              {text.downloadPdf}
            </a>
            <CopyValue value={defenceText ?? ''} what={text.copyText} />
          </div>
        </div>
      ) : null}
      {/* The card's deadline, ticking: past it the provider takes no defence, so the button is off and says why. */}
      {actions.late && !failure ? <p className="mt-3 text-sm font-semibold text-red-200">{disputesApi.tooLate}</p> : null}
      {failure ? (
        <Alert variant="destructive" className="mt-3">
          {failure}
        </Alert>
      ) : null}
      {/* Kept once sent, disabled: a defence goes at most once. */}
      <Button variant="cta" block className="mt-3 sm:w-auto" disabled={busy || !actions.sendDefence} onClick={() => void send()}>
        {busy ? text.sending : text.sendDefence}
      </Button>
    </section>
  );
}
