import { useId } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import { orderBump } from '../../../content/offers.ts';
import type { AdminBumpTotals, AdminOverview } from '../../../shared/admin.ts';
import { formatBRL, formatRate } from '../format.ts';

const PERIODS = ['today', 'last7', 'last30', 'month'] as const;

/**
 * The order bump in Visão geral: its revenue, the checkout's take rate and the one-time offer's
 * conversion after payment, over the same periods as the revenue cards, with each figure's
 * definition under the table (server/admin/bump-figures.ts computes them).
 */
export function BumpFiguresTable({ bump }: { bump: NonNullable<AdminOverview['bump']> }) {
  const id = useId();
  const text = copy.overview.bump;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h2 id={id} className="text-base font-extrabold text-white">
        {text.title(orderBump?.name ?? '')}
      </h2>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-xs tracking-wide text-slate-400 uppercase">
            <th scope="col" className="pr-2 pb-2 font-semibold">
              {text.period}
            </th>
            <th scope="col" className="pr-2 pb-2 text-right font-semibold">
              {text.revenue}
            </th>
            <th scope="col" className="pr-2 pb-2 text-right font-semibold">
              {text.takeRate}
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              {text.offer}
            </th>
          </tr>
        </thead>
        <tbody>
          {PERIODS.map((period) => (
            <BumpRow key={period} label={copy.overview.periods[period]} figures={bump[period]} />
          ))}
        </tbody>
      </table>
      <ul className="mt-3 space-y-1 text-xs text-slate-400">
        {text.help.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

function BumpRow({ label, figures }: { label: string; figures: AdminBumpTotals }) {
  const text = copy.overview.bump;
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-300">
        {label}
      </th>
      <td className="py-2 pr-2 text-right tabular-nums">
        <span className="block font-bold text-white">{formatBRL(figures.revenueCents)}</span>
        <span className="block text-xs whitespace-nowrap text-slate-400">{text.inCheckout(formatBRL(figures.checkoutRevenueCents))}</span>
        <span className="block text-xs whitespace-nowrap text-slate-400">
          {text.afterPayment(formatBRL(figures.afterPaymentRevenueCents))}
        </span>
      </td>
      <td className="py-2 pr-2 text-right tabular-nums">
        <span className="block font-bold text-white">{formatRate(figures.takeRate)}</span>
        <span className="block text-xs text-slate-400">{text.ofOrders(figures.withBump, figures.paidOrders)}</span>
      </td>
      <td className="py-2 text-right tabular-nums">
        <span className="block font-bold text-white">{formatRate(figures.offerConversion)}</span>
        <span className="block text-xs text-slate-400">{text.ofOrders(figures.offerPaid, figures.offerEligible)}</span>
      </td>
    </tr>
  );
}
