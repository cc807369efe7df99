import { Fragment, useId, type ReactNode } from 'react';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminOverview, AdminRecoveryTotals } from '../../../shared/admin.ts';
import { formatBRL } from '../format.ts';

const PERIODS = ['today', 'last7', 'last30', 'month'] as const;
const COUNTS = ['pixGenerated', 'paidWithoutReminder', 'paidAfterEmail', 'paidAfterWhatsapp', 'paidAfterConsole'] as const;

/**
 * Unpaid PIX won back, in Visão geral: one row per figure, one column per period (short enough for
 * a phone), with the definitions under the table (server/funnel/recovery-figures.ts computes them).
 */
export function RecoveryTable({ recovery }: { recovery: AdminOverview['recovery'] }) {
  const id = useId();
  const text = copy.overview.recovery;
  // Four periods side by side fit a 390 px phone only at the smaller size; a longer sum scrolls sideways.
  const cell = 'py-2 pl-1.5 text-right text-xs whitespace-nowrap tabular-nums sm:pl-2 sm:text-sm';
  const row = (label: string, value: (figures: AdminRecoveryTotals) => ReactNode, strong = false) => (
    <tr key={label} className="border-t border-line align-top">
      <th scope="row" className="w-24 py-2 pr-1 text-left text-xs font-medium text-slate-300 sm:w-auto sm:min-w-32 sm:pr-2 sm:text-sm">
        <WholeWords text={label} />
      </th>
      {PERIODS.map((period) => (
        <td key={period} className={`${cell} ${strong ? 'font-bold text-white' : 'text-slate-100'}`}>
          {value(recovery.periods[period])}
        </td>
      ))}
    </tr>
  );
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-ink-850 p-4">
      <h2 id={id} className="text-base font-extrabold text-white">
        {text.title}
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-xs tracking-wide text-slate-400 uppercase">
              <th scope="col" className="pr-2 pb-2 text-left font-semibold">
                {text.metric}
              </th>
              {PERIODS.map((period) => (
                <th key={period} scope="col" className="pb-2 pl-1.5 text-right font-semibold whitespace-nowrap sm:pl-2">
                  {text.periods[period]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COUNTS.map((key) => row(text.rows[key], (figures) => figures[key]))}
            {row(text.rows.recoveredCents, (figures) => formatBRL(figures.recoveredCents), true)}
            {row(text.rows.whatsappSent, (figures) => figures.whatsappSent)}
            {row(text.rows.whatsappCostCents, (figures) => formatBRL(figures.whatsappCostCents))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-1 text-xs text-pretty text-slate-400">
        {text.help(formatBRL(recovery.whatsappPriceCents)).map((line) => (
          <li key={line}>
            <WholeWords text={line} />
          </li>
        ))}
        {recovery.countsSimulated ? <li className="text-gold-300">{text.demoNote}</li> : null}
      </ul>
    </section>
  );
}

/**
 * Text in a phone's narrow column: a hyphenated word ("e-mail") stays whole, since "Pagos após e-"
 * over "mail" reads as two words.
 */
function WholeWords({ text }: { text: string }) {
  return text.split(' ').map((word, index) => (
    <Fragment key={index}>
      {index > 0 ? ' ' : null}
      {word.includes('-') ? <span className="whitespace-nowrap">{word}</span> : word}
    </Fragment>
  ));
}
