import { useState } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import { pushHealth } from '../../../content/notifications.ts';
import type { PushHealth } from '../../../shared/push.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { adminApi } from '../admin-api.ts';
import { DisputePoll } from '../disputes/dispute-poll.tsx';
import { formatDateTime } from '../format.ts';
import { ProviderHealthList } from './provider-health.tsx';
import { useAdminData } from '../use-admin-data.ts';

/** Saúde: each PIX provider's state, then each check with ✓ or ✗ and, when ✗, one line saying how to fix it. */
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
      {/* First: whether the shop can take a PIX now, which no ✓ below says once a provider fails. */}
      <ProviderHealthList providers={state.data.providers} now={state.data.now} />
      <DisputePoll onSignedOut={onSignedOut} />
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
              <p className="text-sm break-words text-slate-300">{check.detail}</p>
              {check.fix ? <p className="mt-0.5 text-sm text-gold-300">{check.fix}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      {state.data.push ? <PushHealthLine push={state.data.push} /> : null}
      {retried ? <Alert variant="success">{retried}</Alert> : null}
      <RetryList
        title={copy.health.undeliverable}
        items={state.data.undeliverable.map((message) => ({ id: message.id, text: `${message.orderId}: ${message.lastError ?? ''}` }))}
        onRetry={(id) => void retry(id, copy.health.retried)}
      />
      <RetryList
        title={copy.health.failingDeliveries}
        items={state.data.failingDeliveries.map((delivery) => ({
          id: delivery.id,
          title: copy.health.deliveryKinds[delivery.kind] ?? delivery.kind,
          text: `${delivery.orderId} · ${copy.health.deliveryState(delivery.attempts, delivery.nextAttemptAt === null ? null : formatDateTime(delivery.nextAttemptAt))}`,
          detail: delivery.lastError,
        }))}
        onRetry={(id) => void retry(id, copy.health.retriedDelivery)}
      />
    </div>
  );
}

function PushHealthLine({ push }: { push: PushHealth }) {
  const when = (at: number | null) => (at === null ? pushHealth.none : formatDateTime(at));
  return (
    <section className="rounded-2xl border border-line bg-ink-850 p-4 text-sm text-slate-300">
      <h3 className="font-extrabold text-white">
        {pushHealth.title} · {pushHealth.devices(push.devices)}
      </h3>
      <p className="mt-1">
        {pushHealth.lastSent}: {when(push.lastSentAt)}
      </p>
      <p>
        {pushHealth.lastFailure}: {when(push.lastFailureAt)}
        {push.lastFailure ? ` · ${push.lastFailure}` : ''}
      </p>
    </section>
  );
}

interface RetryItem {
  id: string;
  title?: string;
  text: string;
  detail?: string | null;
}

/** Outbox rows that did not go out (e-mails, webhooks, conversions), each with "Tentar de novo". */
function RetryList({ title, items, onRetry }: { title: string; items: RetryItem[]; onRetry: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <section className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 className="text-sm font-extrabold text-white">{title}</h3>
      <ul className="mt-2 space-y-3">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0 break-all text-slate-300">
              {item.title ? <span className="block font-semibold text-white">{item.title}</span> : null}
              <span className="block">{item.text}</span>
              {item.detail ? <span className="block text-slate-400">{item.detail}</span> : null}
            </span>
            <Button variant="secondary" onClick={() => onRetry(item.id)}>
              {copy.health.retry}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
