import { useId } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminPayWay, AdminPayWays } from '../../../shared/admin.ts';
import { formatRate } from '../format.ts';

/** "1 min 05 s", "42 s", "2 h 10 min": a median tap to paid; "—" when nothing was paid. */
function formatWait(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The funnel's PIX generated → paid, for the PIX code and for "Pagar no app do banco" side by side (server/funnel/pay-ways.ts). */
export function PayWaysTable({ payWays }: { payWays: AdminPayWays }) {
  const id = useId();
  const text = copy.overview.payWays;
  const rows: Array<[string, AdminPayWay]> = [
    [text.pix, payWays.pix],
    [text.bank, payWays.bank],
  ];
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h2 id={id} className="text-base font-extrabold text-white">
        {text.title}
      </h2>
      <p className="mt-1 text-xs text-slate-400">{text.hint}</p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-slate-400">
              <th scope="col" className="pr-2 pb-2 font-semibold">
                {text.way}
              </th>
              <th scope="col" className="px-1.5 pb-2 text-right font-semibold">
                {text.generated}
              </th>
              <th scope="col" className="px-1.5 pb-2 text-right font-semibold">
                {text.paid}
              </th>
              <th scope="col" className="px-1.5 pb-2 text-right font-semibold">
                {text.share}
              </th>
              <th scope="col" className="pb-2 pl-1.5 text-right font-semibold">
                {text.median}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, way]) => (
              <tr key={label} className="border-t border-line">
                <th scope="row" className="py-2 pr-2 text-left font-medium text-slate-300">
                  {label}
                </th>
                <td className="px-1.5 py-2 text-right font-bold text-white tabular-nums">{way.generated}</td>
                <td className="px-1.5 py-2 text-right tabular-nums">
                  <span className="font-bold text-white">{way.paid}</span>
                  <span className="block text-xs text-slate-400">{formatRate(way.rate)}</span>
                </td>
                <td className="px-1.5 py-2 text-right text-white tabular-nums">{formatRate(way.share)}</td>
                <td className="py-2 pl-1.5 text-right text-white tabular-nums">{formatWait(way.medianMsToPaid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
