import { useId } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminProviderHealth } from '../../../shared/admin.ts';
import { formatDateTime, formatTime } from '../format.ts';
import { badge } from '../orders/order-badges.tsx';

const text = copy.health.providers;

export type ProviderState = 'ok' | 'error' | 'skipped' | 'idle';

/**
 * What the provider's badge says: skipped while new charges pass it by; otherwise whichever of its
 * last charge and its last error is the newer; "sem uso" before either.
 */
export function providerState(provider: Pick<AdminProviderHealth, 'lastSuccessAt' | 'lastError' | 'skippedUntil'>): ProviderState {
  if (provider.skippedUntil !== null) return 'skipped';
  if (provider.lastError && (provider.lastSuccessAt === null || provider.lastError.at >= provider.lastSuccessAt)) return 'error';
  return provider.lastSuccessAt === null ? 'idle' : 'ok';
}

const tone = { ok: 'success', error: 'danger', skipped: 'warning', idle: 'neutral' } as const;

/** Saúde's "Provedores de PIX": one row per provider, in the seller's order, as this server process saw them. */
export function ProviderHealthList({ providers, now }: { providers: AdminProviderHealth[]; now: number }) {
  const id = useId();
  const ago = (at: number) => copy.time.ago(Math.floor((now - at) / 60_000));
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h3 id={id} className="text-sm font-extrabold text-white">
        {text.title}
      </h3>
      <p className="mt-0.5 text-xs text-slate-400">{text.scope}</p>
      <ul className="mt-1 divide-y divide-line">
        {providers.map((provider) => {
          const state = providerState(provider);
          return (
            <li key={provider.id} className="py-3 text-sm last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="font-semibold text-white">{provider.name}</span>
                <span className={badge({ tone: provider.retired ? 'neutral' : tone[state] })}>
                  {provider.retired
                    ? text.retired
                    : state === 'skipped'
                      ? text.state.skipped(formatTime(provider.skippedUntil!))
                      : text.state[state]}
                </span>
              </div>
              {provider.retired ? (
                <p className="mt-1 text-slate-300">{text.retiredHint}</p>
              ) : (
                <p className="mt-1 text-slate-300">
                  {provider.lastSuccessAt === null ? text.never : text.lastSuccess(ago(provider.lastSuccessAt))}
                </p>
              )}
              {provider.unsettledOrders > 0 ? <p className="mt-0.5 text-slate-300">{text.unsettled(provider.unsettledOrders)}</p> : null}
              {provider.invalidSignatures ? (
                <p className="mt-0.5 break-words text-red-200">
                  {text.invalidSignatures(
                    provider.invalidSignatures.count,
                    ago(provider.invalidSignatures.lastAt),
                    formatDateTime(provider.invalidSignatures.lastAt),
                  )}
                </p>
              ) : null}
              {provider.lastError ? (
                <p className="mt-0.5 break-words text-slate-400">
                  {text.lastError(ago(provider.lastError.at), formatDateTime(provider.lastError.at))}{' '}
                  <span className="text-red-200">{provider.lastError.message}</span>
                </p>
              ) : null}
              {state === 'skipped' ? <p className="mt-0.5 text-xs text-gold-300">{text.skippedHint}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
