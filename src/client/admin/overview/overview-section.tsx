import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminOverview, OrderFilterStatus } from '../../../shared/admin.ts';
import { Alert } from '../../ui/alert.tsx';
import { adminApi } from '../admin-api.ts';
import { BumpFiguresTable } from './bump-figures-table.tsx';
import { DaySummary } from './day-summary.tsx';
import { OpenDisputes } from '../disputes/open-disputes.tsx';
import { PayWaysTable } from './pay-ways-table.tsx';
import { RecoveryTable } from './recovery-table.tsx';
import { formatBRL, formatDateTime, formatRate } from '../format.ts';
import { useAdminData } from '../use-admin-data.ts';
import { VersionFigures } from './version-figures.tsx';

// The chart library is only fetched when the overview is on screen.
const DailyCharts = lazy(() => import('./daily-charts.tsx'));

const REFRESH_MS = 15_000;
// Today is the day summary's own figure, first on the screen.
const PERIODS = ['last7', 'last30', 'month'] as const;

/** Visão geral: what needs the seller, then sales, spots, funnel and charts, refreshed every 15 s without a reload. */
export function OverviewSection({
  onSignedOut,
  onShowOrders,
  onShowDisputes,
}: {
  onSignedOut: () => void;
  /** Opens Pedidos filtered (the refunds asked for, the duplicate payments). */
  onShowOrders: (status: OrderFilterStatus) => void;
  onShowDisputes: () => void;
}) {
  const { state } = useAdminData(adminApi.overview, onSignedOut, { refreshMs: REFRESH_MS });
  const newSale = useNewSale(state.kind === 'ready' ? state.data : null);

  if (state.kind === 'loading') return <p className="text-slate-400">{copy.loading}</p>;
  if (state.kind === 'failed') return <Alert variant="destructive">{state.message || copy.api.invalid}</Alert>;
  const overview = state.data;

  return (
    <div className="space-y-5">
      <div aria-live="polite">
        {newSale ? (
          <Alert variant="success" className="text-base">
            {copy.overview.newSale(newSale.buyerName, formatBRL(newSale.amountCents))}
          </Alert>
        ) : null}
      </div>
      <DaySummary overview={overview} onShowRefunds={() => onShowOrders('refund_requested')} />
      <OpenDisputes disputes={overview.openDisputes} onShow={onShowDisputes} />
      {overview.refundRequests > 0 ? (
        <OrdersNotice
          message={copy.overview.refundRequests(overview.refundRequests)}
          link={copy.overview.showRefundRequests}
          onShow={() => onShowOrders('refund_requested')}
        />
      ) : null}
      {overview.duplicatesToRefund > 0 ? (
        <OrdersNotice
          message={copy.overview.duplicates(overview.duplicatesToRefund)}
          link={copy.overview.showDuplicates}
          onShow={() => onShowOrders('duplicate')}
        />
      ) : null}
      <p className="text-xs text-slate-400">{copy.overview.refreshing}</p>
      <section aria-label={copy.overview.revenue} className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {PERIODS.map((period) => (
          <div key={period} className="rounded-2xl border border-line bg-ink-850 p-4">
            <h2 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{copy.overview.periods[period]}</h2>
            <p
              className="mt-1 text-xl font-black text-white sm:text-2xl"
              aria-label={`${copy.overview.revenue} ${copy.overview.periods[period]}`}
            >
              {formatBRL(overview.totals[period].revenueCents)}
            </p>
            <p className="text-sm text-slate-300">{copy.overview.paidOrders(overview.totals[period].paidOrders)}</p>
          </div>
        ))}
      </section>
      <section className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl border border-line bg-ink-850 p-4">
          <h2 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{copy.overview.spotsLeft}</h2>
          <p className="mt-1 text-2xl font-black text-white">
            {overview.spotsLeft === null ? copy.overview.unlimited : `${overview.spotsLeft} ${copy.overview.spotsOf(overview.capacity)}`}
          </p>
        </div>
        <div className="rounded-2xl border border-line bg-ink-850 p-4">
          <h2 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{copy.overview.offerEnds}</h2>
          <p className="mt-1 text-2xl font-black text-white">{formatDateTime(overview.offerEndsAt)}</p>
        </div>
      </section>
      {overview.bump ? <BumpFiguresTable bump={overview.bump} /> : null}
      <RecoveryTable recovery={overview.recovery} />
      <FunnelTable overview={overview} />
      <VersionFigures />
      {overview.payWays.bank.generated > 0 ? <PayWaysTable payWays={overview.payWays} /> : null}
      <SourceTable overview={overview} />
      <Suspense fallback={<p className="text-slate-400">{copy.loading}</p>}>
        <DailyCharts daily={overview.daily} />
      </Suspense>
    </div>
  );
}

/** Orders waiting for the seller (refunds to answer, duplicate payments to refund), with a link to them. */
function OrdersNotice({ message, link, onShow }: { message: string; link: string; onShow: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-gold-400/40 bg-gold-400/10 px-3.5 py-3 text-sm font-medium text-gold-300 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{message}</p>
      <a
        href="#pedidos"
        onClick={(event) => {
          event.preventDefault();
          onShow();
        }}
        className="shrink-0 font-semibold text-white underline underline-offset-4"
      >
        {link}
      </a>
    </div>
  );
}

/** The latest sale once the paid count grows while the console is open (not for sales before it opened). */
function useNewSale(overview: AdminOverview | null) {
  const seen = useRef<number | null>(null);
  const [sale, setSale] = useState<AdminOverview['latestPaid']>(null);
  useEffect(() => {
    if (!overview) return;
    if (seen.current !== null && overview.paidOrdersAllTime > seen.current && overview.latestPaid) setSale(overview.latestPaid);
    seen.current = overview.paidOrdersAllTime;
  }, [overview]);
  return sale;
}

function FunnelTable({ overview }: { overview: AdminOverview }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h2 id={id} className="text-base font-extrabold text-white">
        {copy.overview.funnel}
      </h2>
      <table className="mt-3 w-full text-sm">
        <tbody>
          {overview.funnel.map((step) => (
            <tr key={step.key} className="border-t border-line first:border-t-0">
              <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-300">
                {copy.overview.funnelSteps[step.key]}
              </th>
              <td className="py-2 text-right text-base font-bold text-white tabular-nums">{step.count}</td>
              <td className="w-28 py-2 pl-2 text-right text-xs text-slate-400 sm:w-40">
                {step.rate === null ? '' : copy.overview.stepRate(formatRate(step.rate))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Sales by source / campaign: which ads bring buyers, and how many of their PIX get paid. */
function SourceTable({ overview }: { overview: AdminOverview }) {
  const id = useId();
  const text = copy.overview;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h2 id={id} className="text-base font-extrabold text-white">
        {text.bySource}
      </h2>
      <p className="mt-1 text-xs text-slate-400">{text.bySourceHint}</p>
      {overview.bySource.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">{text.noData}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-left text-xs tracking-wide text-slate-400 uppercase">
              <th scope="col" className="pr-2 pb-2 font-semibold">
                {text.sourceColumn}
              </th>
              <th scope="col" className="pr-2 pb-2 text-right font-semibold">
                {text.paidColumn}
              </th>
              <th scope="col" className="pb-2 text-right font-semibold">
                {text.revenueColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.bySource.map((row) => (
              <tr key={`${row.source ?? ''}\u0000${row.campaign ?? ''}`} className="border-t border-line align-top">
                <th scope="row" className="py-2 pr-2 text-left font-medium break-all text-slate-200">
                  {row.source ?? text.noSource} / {row.campaign ?? text.noCampaign}
                </th>
                <td className="py-2 pr-2 text-right text-white tabular-nums">
                  {row.paidOrders} / {row.charges}
                  <span className="block text-xs text-slate-400">{text.conversion(formatRate(row.conversion))}</span>
                </td>
                <td className="py-2 text-right font-bold text-white tabular-nums">{formatBRL(row.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
