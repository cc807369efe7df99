import { useId } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminOverview } from '../../../shared/admin.ts';
import { cn } from '../../ui/cn.ts';
import { formatBRL, formatTime } from '../format.ts';

const text = copy.overview.day;
const dotColour = { ok: 'bg-green-400', untried: 'bg-slate-500', failing: 'bg-gold-400', skipped: 'bg-gold-400' } as const;

/**
 * The day on one phone screen, read with one thumb: today's sales against yesterday's at this hour, the PIX still
 * payable, the refunds waiting for the seller (a tap opens them) and whether each provider takes charges.
 */
export function DaySummary({ overview, onShowRefunds }: { overview: AdminOverview; onShowRefunds: () => void }) {
  const id = useId();
  const { today } = overview.totals;
  const { yesterdaySoFar, pixWaiting, providers } = overview.day;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h2 id={id} className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
        {text.title} · {copy.overview.periods.today}
      </h2>
      <p
        className="mt-1 text-3xl font-black text-white tabular-nums"
        aria-label={`${copy.overview.revenue} ${copy.overview.periods.today}`}
      >
        {formatBRL(today.revenueCents)}
      </p>
      <p className="text-base text-slate-200">{copy.overview.paidOrders(today.paidOrders)}</p>
      <p className="mt-1 text-sm text-slate-400">
        {text.yesterdaySoFar(formatBRL(yesterdaySoFar.revenueCents), copy.overview.paidOrders(yesterdaySoFar.paidOrders))}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2">
        <div className="rounded-xl border border-line px-3 py-2">
          <dt className="text-xs text-slate-400">{text.pixWaiting}</dt>
          <dd className="text-2xl font-black text-white tabular-nums">{pixWaiting}</dd>
        </div>
        <div className={cn('rounded-xl border px-3 py-2', overview.refundRequests > 0 ? 'border-gold-400/60' : 'border-line')}>
          <dt className="text-xs text-slate-400">{text.refundsToDecide}</dt>
          <dd className="text-2xl font-black text-white tabular-nums">
            {overview.refundRequests > 0 ? (
              <a
                href="#pedidos"
                onClick={(event) => {
                  event.preventDefault();
                  onShowRefunds();
                }}
                className="underline underline-offset-4"
              >
                {overview.refundRequests}
              </a>
            ) : (
              0
            )}
          </dd>
        </div>
      </dl>
      <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-400 uppercase">{text.providers}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {providers.map((provider) => (
          <li key={provider.name} className="flex flex-wrap items-baseline gap-x-2">
            <span aria-hidden className={cn('inline-block size-2.5 rounded-full', dotColour[provider.state])} />
            <span className="font-semibold text-white">{provider.name}</span>
            <span
              className={provider.state === 'failing' || provider.state === 'skipped' ? 'font-semibold text-gold-300' : 'text-slate-300'}
            >
              {providerWords(provider)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-slate-400">{text.providersHint}</p>
    </section>
  );
}

function providerWords(provider: AdminOverview['day']['providers'][number]): string {
  if (provider.state === 'skipped' && provider.until !== null) return text.providerSkipped(formatTime(provider.until));
  if (provider.state === 'untried' || provider.since === null) return text.providerUntried;
  return provider.state === 'ok' ? text.providerOk(formatTime(provider.since)) : text.providerFailing(formatTime(provider.since));
}
