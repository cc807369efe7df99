import { useCallback, useId, useState } from 'react';
import { admin } from '../../../content/admin.ts';
import type { AdminWhatsappMessage } from '../../../shared/whatsapp.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { formatDateTime } from '../format.ts';
import { useAdminData } from '../use-admin-data.ts';

const copy = admin.detail.whatsapp;

/**
 * The order's WhatsApp (docs/whatsapp.md#the-console): whether the buyer asked for it, why it is
 * not possible, each message with its status, and on a pending order the "Cobrar no WhatsApp" button.
 */
export function OrderWhatsapp({ orderId, pending, onSignedOut }: { orderId: string; pending: boolean; onSignedOut: () => void }) {
  const load = useCallback(() => adminApi.orderWhatsapp(orderId), [orderId]);
  const { state, reload } = useAdminData(load, onSignedOut);
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4 text-sm">
      <h3 id={id} className="text-base font-extrabold text-white">
        {copy.title}
      </h3>
      {pending ? <ChargeButton orderId={orderId} onCharged={reload} /> : null}
      {state.kind === 'failed' ? (
        <Alert variant="destructive" className="mt-2">
          {state.message || copy.failed}
        </Alert>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <p className="mt-2 text-slate-300">
            {state.data.consent ? copy.consentYes(formatDateTime(state.data.consent.at)) : copy.consentNo}
          </p>
          {state.data.optedOutAt !== null ? (
            <p className="mt-1 text-slate-300">{copy.optedOut(formatDateTime(state.data.optedOutAt))}</p>
          ) : null}
          {state.data.unavailable ? (
            <>
              <p className="mt-1 font-semibold text-gold-300">{copy.unavailable(state.data.unavailable.reason)}</p>
              <p className="mt-0.5 text-xs text-slate-300">{copy.fallback}</p>
            </>
          ) : null}
          {state.data.messages.length === 0 ? (
            <p className="mt-2 text-slate-400">{copy.none}</p>
          ) : (
            <ul className="mt-2 divide-y divide-line border-t border-line">
              {state.data.messages.map((message) => (
                <MessageLine key={message.id} message={message} shownReason={state.data.unavailable?.reason ?? null} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}

/** `shownReason`: the reason already given above the list, not repeated on the message it came from. */
function MessageLine({ message, shownReason }: { message: AdminWhatsappMessage; shownReason: string | null }) {
  const status = message.mode === 'simulated' ? copy.simulated : copy.status[message.status];
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
      <span className="font-semibold text-white">{copy.kind[message.kind]}</span>
      <span className="text-slate-300">{status}</span>
      <span className="w-full text-xs text-slate-400 tabular-nums sm:w-auto">{formatDateTime(message.sentAt ?? message.createdAt)}</span>
      {message.errorReason && message.errorReason !== shownReason ? (
        <span className="w-full text-xs text-gold-300">{copy.unavailable(message.errorReason)}</span>
      ) : null}
    </li>
  );
}

/**
 * The window opens on the click itself, before the request: a window opened after an await is no
 * longer the click's and popup blockers stop it. It gets WhatsApp's address only once the server
 * recorded the use; a refusal closes it and says why.
 */
function ChargeButton({ orderId, onCharged }: { orderId: string; onCharged: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const charge = async () => {
    setError(null);
    const tab = window.open('about:blank', '_blank');
    // The new tab must not reach back into the console (what `noopener` does, set by hand
    // because a window opened with it cannot be given an address afterwards).
    if (tab) tab.opener = null;
    try {
      const { url } = await adminApi.chargeOnWhatsapp(orderId);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      await onCharged();
    } catch (failure) {
      tab?.close();
      setError(failure instanceof ApiError && failure.message ? failure.message : copy.chargeFailed);
    }
  };
  return (
    <div className="mt-2">
      <Button variant="secondary" onClick={() => void charge()}>
        {copy.charge}
      </Button>
      <p className="mt-1 text-xs text-slate-400">{copy.chargeHint}</p>
      {error ? (
        <Alert variant="destructive" className="mt-2">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
