import { useId, useState } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import { disputesConsole as text } from '../../../content/disputes.ts';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';

/** Saúde's "Verificar contestações agora": the providers' disputes read at once, not at the next poll (DISPUTES_POLL_SECONDS). */
export function DisputePoll({ onSignedOut }: { onSignedOut: () => void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string[] } | null>(null);
  const id = useId();
  const poll = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const reply = await adminApi.pollDisputes();
      setMessage({ ok: reply.ok, text: reply.providers.length > 0 ? reply.providers.map((entry) => entry.message) : [text.polled] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onSignedOut();
      setMessage({ ok: false, text: [error instanceof ApiError && error.message ? error.message : copy.api.invalid] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id={id} className="text-sm font-extrabold text-white">
        {text.title}
      </h3>
      <Button variant="secondary" disabled={busy} onClick={() => void poll()}>
        {text.pollNow}
      </Button>
      {message ? (
        <Alert variant={message.ok ? 'success' : 'destructive'}>
          {message.text.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Alert>
      ) : null}
    </section>
  );
}
