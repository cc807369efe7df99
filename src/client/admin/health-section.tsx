import { useState } from 'react';
import { admin as copy } from '../../content/admin.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { adminApi } from './admin-api.ts';
import { formatDateTime } from './format.ts';
import { useAdminData } from './use-admin-data.ts';

/** Saúde: each check with ✓ or ✗ and, when ✗, one line saying how to fix it. */
export function HealthSection({ onSignedOut }: { onSignedOut: () => void }) {
  const { state, reload } = useAdminData(adminApi.health, onSignedOut);
  const [retried, setRetried] = useState<string | null>(null);
  if (state.kind === 'loading') return <p className="text-slate-400">{copy.loading}</p>;
  if (state.kind === 'failed') return <Alert variant="destructive">{state.message || copy.api.invalid}</Alert>;

  const retry = async (outboxId: string, done: string) => {
    await adminApi.retryEmail(outboxId).catch(() => undefined);
    setRetried(done);
    await reload();
  };

  return (
    <div className="space-y-4">
      <h2 className="text-base font-extrabold text-white">{copy.health.title}</h2>
      <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-ink-850">
        {state.data.checks.map((check) => (
          <li key={check.key} className="flex gap-3 px-4 py-3">
            <span
              aria-label={check.ok ? copy.health.ok : copy.health.problem}
              className={`grid size-7 shrink-0 place-items-center rounded-full text-sm font-black ${check.ok ? 'bg-brand-500/20 text-brand-300' : 'bg-danger/20 text-red-300'}`}
            >
              {check.ok ? '✓' : '✗'}
            </span>
            <div className="min-w-0">
              <p className="font-semibold text-white">{copy.health.checks[check.key]}</p>
              <p className="break-words text-sm text-slate-300">{check.detail}</p>
              {check.fix ? <p className="mt-0.5 text-sm text-gold-300">{check.fix}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      {retried ? <Alert variant="success">{retried}</Alert> : null}
      {state.data.undeliverable.length > 0 ? (
        <section className="rounded-2xl border border-line bg-ink-850 p-4">
          <h3 className="text-sm font-extrabold text-white">{copy.health.undeliverable}</h3>
          <ul className="mt-2 space-y-2">
            {state.data.undeliverable.map((message) => (
              <li key={message.id} className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
                <span className="break-all text-slate-300">
                  {message.orderId}: {message.lastError}
                </span>
                <Button variant="secondary" onClick={() => void retry(message.id, copy.health.retried)}>{copy.health.retry}</Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {state.data.failingDeliveries.length > 0 ? (
        <section className="rounded-2xl border border-line bg-ink-850 p-4">
          <h3 className="text-sm font-extrabold text-white">{copy.health.failingDeliveries}</h3>
          <ul className="mt-2 space-y-3">
            {state.data.failingDeliveries.map((delivery) => (
              <li key={delivery.id} className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
                <span className="min-w-0 break-words text-slate-300">
                  <span className="block font-semibold text-white">{copy.health.deliveryKinds[delivery.kind] ?? delivery.kind}</span>
                  <span className="block">
                    {delivery.orderId} · {copy.health.deliveryState(delivery.attempts, delivery.nextAttemptAt === null ? null : formatDateTime(delivery.nextAttemptAt))}
                  </span>
                  <span className="block break-all text-slate-400">{delivery.lastError}</span>
                </span>
                <Button variant="secondary" onClick={() => void retry(delivery.id, copy.health.retriedDelivery)}>{copy.health.retry}</Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
